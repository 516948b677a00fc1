-- Login throttling per (account, address), per address and per account (docs/security.md findings 23 and 31,
-- docs/decisions.md PRH2-PRH3). The account-wide lock is followed by a quiet time in which the account is not locked
-- again, so nobody can keep a known login locked from other addresses for more than 15 minutes.
ALTER TABLE login_throttle ADD COLUMN quiet_until INTEGER;
CREATE INDEX login_throttle_last_failure ON login_throttle(last_failure_at);

-- Limits of messages other than the SMS code, one row per message that went out (the recovery link, finding 24):
-- `key` names what is limited (`forgot-login:<login>`, `forgot-to:<recipient>`, `forgot-ip:<address>`).
CREATE TABLE rate_events (
  id INTEGER PRIMARY KEY,
  key TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX rate_events_key ON rate_events(key, at);
