-- Block / restore (spec 4 "Block flow", "Block takes effect after 00:00. Restore updates status in 5-10 minutes.").

-- A signature the server verified (POST online-sales/documents/verify), paired with the session that sent it and
-- the number / account it signed. client/suspend and client/restore consume one (once) unless the account is type 20.
CREATE TABLE block_signatures (
  id INTEGER PRIMARY KEY,
  session_hash TEXT NOT NULL,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  ban TEXT NOT NULL,
  -- null: the whole account
  sn TEXT,
  key_serial TEXT NOT NULL,
  signer_tin TEXT NOT NULL,
  signer_name TEXT,
  -- the timestamped PKCS#7 returned to the client
  pkcs7 TEXT NOT NULL,
  verified_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX block_signatures_session ON block_signatures(session_hash, ban, sn, used_at);

-- A suspend or restore request; it takes effect at `effective_at` (next local midnight for a block, 5-10 minutes
-- for a restore). Until `applied_at` is set its numbers are "in process".
CREATE TABLE block_requests (
  id INTEGER PRIMARY KEY,
  action TEXT NOT NULL CHECK (action IN ('block', 'restore')),
  ban TEXT NOT NULL REFERENCES companies(ban),
  -- null: the whole account (the company's own status changes too)
  sn TEXT,
  requested_by INTEGER NOT NULL REFERENCES users(id),
  signature_id INTEGER REFERENCES block_signatures(id),
  requested_at INTEGER NOT NULL,
  effective_at INTEGER NOT NULL,
  applied_at INTEGER
);
CREATE INDEX block_requests_due ON block_requests(applied_at, effective_at);
CREATE INDEX block_requests_target ON block_requests(ban, sn, applied_at);

-- The numbers a request accepted.
CREATE TABLE block_request_numbers (
  request_id INTEGER NOT NULL REFERENCES block_requests(id) ON DELETE CASCADE,
  sn TEXT NOT NULL,
  PRIMARY KEY (request_id, sn)
);
CREATE INDEX block_request_numbers_sn ON block_request_numbers(sn);
