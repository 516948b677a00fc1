-- Corporate single sign-on, simulated on the demo port (docs/decisions.md SSO1-SSO3). A one-time authorization code
-- handed back by the sign-on page: stored hashed, bound to the account and to the `state` the portal set in the
-- browser's cookie, spent on first use (one conditional UPDATE), expired after about a minute.
CREATE TABLE sso_codes (
  code_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  state_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX sso_codes_expires ON sso_codes(expires_at);
