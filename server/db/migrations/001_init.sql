-- Reference backend schema. Amounts are integers in sums. Times are epoch milliseconds (the injected server clock).

CREATE TABLE regions (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL
);

CREATE TABLE branches (
  id INTEGER PRIMARY KEY,
  region_id INTEGER NOT NULL REFERENCES regions(id),
  name TEXT NOT NULL
);

-- A corporate account (BAN) with its finances. `at` is the account type (5, 15, 16, 20, 40…).
CREATE TABLE companies (
  ban TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  tin TEXT NOT NULL,
  at INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('A', 'O', 'S', 'N', 'T')),
  can_buy_number INTEGER NOT NULL DEFAULT 0,
  balance INTEGER NOT NULL DEFAULT 0,
  budget INTEGER,
  unbilled_amnt INTEGER,
  branch_id INTEGER REFERENCES branches(id),
  region_id INTEGER REFERENCES regions(id),
  phone_number TEXT,
  email_address TEXT,
  feedback_type TEXT
);

-- A phone number (sn, 9 digits) of a BAN. `budget` is the mobile budget limit of the line (null = none).
CREATE TABLE numbers (
  sn TEXT PRIMARY KEY,
  ban TEXT NOT NULL REFERENCES companies(ban),
  status TEXT NOT NULL CHECK (status IN ('A', 'O', 'S', 'N', 'T')),
  price_plan TEXT NOT NULL,
  balance INTEGER NOT NULL DEFAULT 0,
  budget INTEGER,
  activated_at INTEGER NOT NULL
);
CREATE INDEX numbers_ban_status ON numbers(ban, status, sn);
CREATE INDEX numbers_ban_sn ON numbers(ban, sn);

-- A named employee of a company, optionally holding one of its numbers.
CREATE TABLE employees (
  id INTEGER PRIMARY KEY,
  ban TEXT NOT NULL REFERENCES companies(ban),
  sn TEXT REFERENCES numbers(sn),
  full_name TEXT NOT NULL,
  position TEXT
);
CREATE INDEX employees_ban ON employees(ban);
CREATE INDEX employees_sn ON employees(sn);

-- Portal accounts. password_hash is null until the account is activated (status 'pending').
CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  login TEXT NOT NULL UNIQUE COLLATE NOCASE,
  full_name TEXT,
  password_hash TEXT,
  status TEXT NOT NULL CHECK (status IN ('active', 'blocked', 'pending')),
  force_change_password INTEGER NOT NULL DEFAULT 0,
  sso_only INTEGER NOT NULL DEFAULT 0,
  -- registered through the public SMS flow (at most 5 per BAN, E025)
  self_registered INTEGER NOT NULL DEFAULT 0,
  ban TEXT REFERENCES companies(ban),
  sn TEXT REFERENCES numbers(sn),
  email TEXT,
  phone TEXT,
  branch_id INTEGER REFERENCES branches(id),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  created_by INTEGER REFERENCES users(id)
);
CREATE INDEX users_ban ON users(ban);
CREATE INDEX users_sn ON users(sn);

-- Ordered roles: position 0 is the active role (spec 6 "the first role in the list decides").
CREATE TABLE user_roles (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  role TEXT NOT NULL,
  PRIMARY KEY (user_id, position)
);

CREATE TABLE user_regions (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  region_id INTEGER NOT NULL REFERENCES regions(id),
  PRIMARY KEY (user_id, region_id)
);

-- Sessions: only the SHA-256 of the random cookie value is stored.
CREATE TABLE sessions (
  id_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  last_seen INTEGER NOT NULL,
  chosen_role TEXT,
  -- impersonation (virtual login): the chosen BAN / number and the open audit row
  acting_ban TEXT,
  acting_sn TEXT,
  impersonation_id INTEGER
);
CREATE INDEX sessions_user ON sessions(user_id);

-- SMS confirmation codes of the registration flow (hash of the code only).
CREATE TABLE sms_codes (
  id INTEGER PRIMARY KEY,
  phone TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  tries INTEGER NOT NULL DEFAULT 0,
  used_at INTEGER
);
CREATE INDEX sms_codes_phone ON sms_codes(phone, created_at);

-- Password-restore / activation tokens (hash only).
CREATE TABLE restore_tokens (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  used_at INTEGER
);

-- Demo outbox: what would have been sent by SMS or e-mail. Written only in demo mode.
CREATE TABLE demo_outbox (
  id INTEGER PRIMARY KEY,
  recipient TEXT NOT NULL,
  login TEXT,
  channel TEXT NOT NULL CHECK (channel IN ('sms', 'email')),
  kind TEXT NOT NULL,
  text TEXT NOT NULL,
  secret TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX demo_outbox_recipient ON demo_outbox(recipient, id);
CREATE INDEX demo_outbox_login ON demo_outbox(login, id);

-- Audit of virtual logins: who acted as which client, from when to when.
CREATE TABLE impersonations (
  id INTEGER PRIMARY KEY,
  actor_user_id INTEGER NOT NULL REFERENCES users(id),
  session_hash TEXT NOT NULL,
  ban TEXT NOT NULL,
  sn TEXT,
  started_at INTEGER NOT NULL,
  ended_at INTEGER,
  end_reason TEXT
);

-- Audit of administrative changes to users.
CREATE TABLE user_audit (
  id INTEGER PRIMARY KEY,
  actor_user_id INTEGER NOT NULL,
  target_user_id INTEGER NOT NULL,
  action TEXT NOT NULL,
  detail TEXT,
  at INTEGER NOT NULL
);

CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
