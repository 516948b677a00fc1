-- AT 39 registration of subscribers by passport data (spec 3 "AT 39 registration", spec 7 "AT 39";
-- docs/decisions.md "AT 39 registration" AT1-AT9).

-- The simulated e-government passport service: the people it knows (seeded), its sessions and one-time auth codes.
CREATE TABLE at39_people (
  pinfl TEXT PRIMARY KEY,
  surname TEXT NOT NULL,
  name TEXT NOT NULL,
  patronymic TEXT,
  gender TEXT NOT NULL CHECK (gender IN ('F', 'M')),
  birth_date TEXT NOT NULL,
  passport TEXT NOT NULL UNIQUE,
  issued_by TEXT,
  issued_date TEXT,
  region_id INTEGER NOT NULL,
  city TEXT,
  street TEXT,
  district TEXT,
  house_number TEXT,
  apartment_number TEXT,
  post_index TEXT
);

CREATE TABLE at39_epdp_sessions (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  created_at INTEGER NOT NULL,
  -- 'pending' until the person answers on the confirmation page; then 'confirmed', 'refused' or 'notFound'
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'confirmed', 'refused', 'notFound')),
  pinfl TEXT,
  auth_code TEXT UNIQUE,
  code_issued_at INTEGER,
  code_used_at INTEGER
);

-- The staff members' workplace tokens (spec 7 GET {token} → workplaceName, regionId).
CREATE TABLE at39_tokens (
  token TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  workplace_name TEXT NOT NULL,
  region_id INTEGER NOT NULL,
  revoked INTEGER NOT NULL DEFAULT 0,
  -- registrations may be made until this instant (E129 afterwards)
  valid_until INTEGER NOT NULL
);

-- SIM kits (client cards): which staff member holds it, its region, its number, sold or not.
CREATE TABLE at39_kits (
  marked_code TEXT PRIMARY KEY,
  iccid TEXT NOT NULL,
  sn TEXT NOT NULL,
  region_id INTEGER NOT NULL,
  holder_user_id INTEGER REFERENCES users(id),
  -- a kit issued for a corporate account
  ban TEXT,
  sold INTEGER NOT NULL DEFAULT 0
);

-- Connection limits of corporate accounts ("the line", E123); a BAN without a row has the default limit.
CREATE TABLE at39_line_limits (
  ban TEXT PRIMARY KEY,
  max_connections INTEGER NOT NULL
);

CREATE TABLE at39_registrations (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'documents', 'submitted', 'registered', 'rejected')),
  workplace_name TEXT,
  region_id INTEGER NOT NULL,
  pinfl TEXT NOT NULL,
  -- clientFioInfo, clientAddressInfo, clientPassportInfo as JSON (personal data: never logged)
  person TEXT NOT NULL,
  client_name TEXT NOT NULL,
  marked_code TEXT REFERENCES at39_kits(marked_code),
  ban TEXT,
  price_plan_id INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  status_at INTEGER NOT NULL
);
CREATE INDEX at39_registrations_user ON at39_registrations(user_id, created_at);
CREATE INDEX at39_registrations_pinfl ON at39_registrations(pinfl);

-- Reserved numbers: one row per number, so a number cannot be reserved twice (the primary key decides a race).
CREATE TABLE at39_reservations (
  phone_number TEXT PRIMARY KEY,
  registration_id INTEGER NOT NULL UNIQUE REFERENCES at39_registrations(id),
  pinfl TEXT NOT NULL,
  ban TEXT,
  reserved_at INTEGER NOT NULL
);
CREATE INDEX at39_reservations_pinfl ON at39_reservations(pinfl);
CREATE INDEX at39_reservations_ban ON at39_reservations(ban);

-- The scans attached to a registration (passport, signed application): personal-data uploads, not issued documents,
-- so they live here and not in the documents table (docs/decisions.md AT6).
CREATE TABLE at39_scans (
  registration_id INTEGER NOT NULL REFERENCES at39_registrations(id),
  kind TEXT NOT NULL CHECK (kind IN ('passport', 'application')),
  file_name TEXT NOT NULL,
  file_mime TEXT NOT NULL,
  file_bytes BLOB NOT NULL,
  uploaded_at INTEGER NOT NULL,
  uploaded_by INTEGER REFERENCES users(id),
  PRIMARY KEY (registration_id, kind)
);

CREATE TABLE at39_comments (
  id INTEGER PRIMARY KEY,
  registration_id INTEGER NOT NULL REFERENCES at39_registrations(id),
  author TEXT NOT NULL,
  text TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX at39_comments_registration ON at39_comments(registration_id);
