-- Pre-registration of new corporate clients (spec 3 "Pre-order registration", "Client registration draft";
-- spec 4 registration wizard, phone reservation flag; docs/decisions.md "New client and pre-registration").

-- The simulated tax service (spec 3 `data.mySoliqData`): a company's data by TIN, answered only to a visitor who
-- proved holding a key of that TIN (NC3). `data` is the mySoliqData JSON.
CREATE TABLE tax_companies (
  tin TEXT PRIMARY KEY,
  data TEXT NOT NULL
);

-- A proof that the visitor holds a key of `tin`: a signed one-time challenge, checked against the test CA (NC3). The
-- token is kept hashed; it opens the company data, banList and status of that TIN only, until `expires_at`.
CREATE TABLE preorder_proofs (
  token_hash TEXT PRIMARY KEY,
  tin TEXT NOT NULL,
  key_serial TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);

-- A created pre-order (POST pre-order/create). `data` is the registration draft as signed, without the signature;
-- `pkcs7` the verified signature with its timestamp. `phone_reserved`: spec 4 phone reservation flag (NC7).
CREATE TABLE preorders (
  id INTEGER PRIMARY KEY,
  tin TEXT NOT NULL,
  market_code TEXT NOT NULL,
  company_name TEXT NOT NULL,
  login TEXT NOT NULL UNIQUE,
  email TEXT NOT NULL,
  connect_type INTEGER NOT NULL CHECK (connect_type IN (1, 2, 3)),
  agent_name TEXT,
  status TEXT NOT NULL CHECK (status IN ('new', 'review', 'registered', 'rejected')),
  phone_reserved INTEGER NOT NULL DEFAULT 0,
  key_serial TEXT NOT NULL,
  data TEXT NOT NULL,
  pkcs7 TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX preorders_tin ON preorders (tin, market_code);
