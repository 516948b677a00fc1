-- Contract registration (spec 1 "Register contracts"; docs/decisions.md "Contract registration" CR1-CR9).
-- A registered agreement: its number, the login reserved for the client's portal account (unique among agreements;
-- the users table is checked too), the client's name and tax id, the whole form as registered (JSON) and who
-- registered it. Its documents (the agreement, type 1, and the additional agreement for contact-person access, each
-- in Russian and Uzbek) are rows of the one `documents` table with registration_ref 'agreement:<id>'.
CREATE TABLE agreements (
  id INTEGER PRIMARY KEY,
  number TEXT NOT NULL UNIQUE,
  login TEXT NOT NULL UNIQUE COLLATE NOCASE,
  name TEXT NOT NULL,
  tin TEXT NOT NULL,
  form TEXT NOT NULL,
  contact_access INTEGER NOT NULL DEFAULT 0 CHECK (contact_access IN (0, 1)),
  created_at INTEGER NOT NULL,
  created_by INTEGER NOT NULL REFERENCES users(id)
);
CREATE INDEX agreements_created_by ON agreements(created_by, id);
