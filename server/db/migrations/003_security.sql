-- One-time signing challenges (docs/security.md, signature replay): the server issues a random challenge for one
-- action on one list of targets; the signed document names it; verify consumes it with one conditional UPDATE, so a
-- signature (or its timestamped copy) authorises at most one request. A session's challenge is bound to the
-- session; a public pre-registration challenge to the hash of the draft it signs.
CREATE TABLE signing_challenges (
  id INTEGER PRIMARY KEY,
  challenge TEXT NOT NULL UNIQUE,
  session_hash TEXT,
  draft_hash TEXT,
  user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
  action TEXT NOT NULL,
  -- canonical JSON of the targets
  targets TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  consumed_at INTEGER,
  CHECK (session_hash IS NOT NULL OR draft_hash IS NOT NULL)
);

-- A verified signature now names its action, its targets and the challenge it consumed.
ALTER TABLE block_signatures ADD COLUMN action TEXT;
ALTER TABLE block_signatures ADD COLUMN targets TEXT;
ALTER TABLE block_signatures ADD COLUMN challenge_id INTEGER REFERENCES signing_challenges(id);
CREATE UNIQUE INDEX block_signatures_challenge ON block_signatures(challenge_id);

-- Demo lock prices and flags live in the seed, not in the handler: a privileged (free) lock, a LOP account.
ALTER TABLE companies ADD COLUMN lock_privileged INTEGER NOT NULL DEFAULT 0;
ALTER TABLE companies ADD COLUMN lop_ban INTEGER NOT NULL DEFAULT 0;
CREATE TABLE lock_prices (
  scope TEXT PRIMARY KEY CHECK (scope IN ('number', 'account')),
  price REAL NOT NULL
);

-- Login throttling per account and per client address (docs/security.md, no login throttling).
CREATE TABLE login_throttle (
  key TEXT PRIMARY KEY,
  failures INTEGER NOT NULL,
  last_failure_at INTEGER NOT NULL,
  locked_until INTEGER
);

-- SMS sends per phone and per address, and wrong tries per phone (not per code).
CREATE TABLE sms_sends (
  id INTEGER PRIMARY KEY,
  phone TEXT NOT NULL,
  ip TEXT NOT NULL,
  sent_at INTEGER NOT NULL
);
CREATE INDEX sms_sends_phone ON sms_sends(phone, sent_at);
CREATE INDEX sms_sends_ip ON sms_sends(ip, sent_at);
CREATE TABLE sms_failures (
  id INTEGER PRIMARY KEY,
  phone TEXT NOT NULL,
  failed_at INTEGER NOT NULL
);
CREATE INDEX sms_failures_phone ON sms_failures(phone, failed_at);

-- The operator's monthly lock prices in sums (spec 4: price from the server); the seed may set others.
INSERT INTO lock_prices (scope, price) VALUES ('number', 9900), ('account', 49500.5);
