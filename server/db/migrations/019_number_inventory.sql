-- One inventory of numbers with one state per number (security finding 25; docs/decisions.md PRI1-PRI4).
-- Before, the golden pool (006), AT 39's reservations (009) and the companies' numbers (001) each knew a number on its
-- own: AT 39 reserved a number a curator then bought. Now every number the operator can give out has one row here,
-- and every path that takes a number takes it with one conditional UPDATE … WHERE state = 'free'.

-- free      on offer: the golden searches, the public examples of /new-numbers and AT 39 may take it
-- reserved  held by an unfinished AT 39 registration until `reserved_until`, then free again (PRI2)
-- sold      bought by the golden-number order `order_id`
-- assigned  connected: a company's number (`numbers`, ban) or the number of a submitted AT 39 registration
-- `category_id`/`price`: the category the number's pattern gives (GN3); NULL until classified (rows this migration
-- moves over and company numbers; server/db/golden-seed.ts classifies them) — a NULL category is never offered.
CREATE TABLE number_inventory (
  number TEXT PRIMARY KEY CHECK (length(number) = 9 AND number NOT GLOB '*[^0-9]*'),
  operator_code TEXT NOT NULL,
  local TEXT NOT NULL CHECK (length(local) = 7),
  category_id INTEGER,
  price INTEGER,
  state TEXT NOT NULL DEFAULT 'free' CHECK (state IN ('free', 'reserved', 'sold', 'assigned')),
  seq INTEGER NOT NULL DEFAULT 0,
  order_id INTEGER REFERENCES orders(id),
  registration_id INTEGER REFERENCES at39_registrations(id),
  ban TEXT,
  reserved_until INTEGER,
  -- the holder columns say who holds the number, and only a held number has a holder
  CHECK (CASE state
    WHEN 'free' THEN order_id IS NULL AND registration_id IS NULL AND ban IS NULL AND reserved_until IS NULL
    WHEN 'reserved' THEN registration_id IS NOT NULL AND reserved_until IS NOT NULL AND order_id IS NULL
    WHEN 'sold' THEN order_id IS NOT NULL AND registration_id IS NULL AND reserved_until IS NULL
    ELSE (ban IS NOT NULL OR registration_id IS NOT NULL) AND order_id IS NULL AND reserved_until IS NULL
  END)
);
CREATE INDEX number_inventory_search ON number_inventory(category_id, state, operator_code, local);
CREATE INDEX number_inventory_random ON number_inventory(category_id, state, seq);
CREATE INDEX number_inventory_expiry ON number_inventory(state, reserved_until);
CREATE INDEX number_inventory_order ON number_inventory(order_id);
-- a registration holds at most one number
CREATE UNIQUE INDEX number_inventory_registration ON number_inventory(registration_id)
  WHERE registration_id IS NOT NULL;

-- the golden pool moves over as it is (free or sold)
INSERT INTO number_inventory (number, operator_code, local, category_id, price, state, seq, order_id)
  SELECT number, operator_code, local, category_id, price, status, seq, CASE status WHEN 'sold' THEN order_id END
  FROM golden_pool;
-- the pool was seeded: golden-seed.ts must not seed it again
INSERT OR IGNORE INTO meta (key, value) SELECT 'golden_pool_seeded', '1' WHERE EXISTS (SELECT 1 FROM golden_pool);
DROP TABLE golden_pool;

-- AT 39's reservations move over. A reservation on a number the pool had sold (the double booking of finding 25)
-- loses to the sale; a number that is no 9-digit number ('1') is dropped. Unfinished registrations (draft,
-- documents) hold theirs reserved for 30 minutes from when it was reserved (RESERVATION_MINUTES), so they are
-- free again at the first look; submitted, registered and rejected ones hold theirs assigned.
INSERT INTO number_inventory (number, operator_code, local, state, registration_id, ban, reserved_until)
  SELECT s.phone_number, substr(s.phone_number, 1, 2), substr(s.phone_number, 3),
    CASE WHEN r.status IN ('draft', 'documents') THEN 'reserved' ELSE 'assigned' END,
    s.registration_id, s.ban,
    CASE WHEN r.status IN ('draft', 'documents') THEN s.reserved_at + 30 * 60000 END
  FROM at39_reservations s JOIN at39_registrations r ON r.id = s.registration_id
  WHERE length(s.phone_number) = 9 AND s.phone_number NOT GLOB '*[^0-9]*'
  ON CONFLICT(number) DO UPDATE SET state = excluded.state, registration_id = excluded.registration_id,
    ban = excluded.ban, reserved_until = excluded.reserved_until
  WHERE number_inventory.state = 'free';
DROP TABLE at39_reservations;

-- the SIM kits' own numbers (the number the AT 39 page offers) are numbers on offer too
INSERT INTO number_inventory (number, operator_code, local)
  SELECT sn, substr(sn, 1, 2), substr(sn, 3) FROM at39_kits
  WHERE length(sn) = 9 AND sn NOT GLOB '*[^0-9]*' AND sn NOT IN (SELECT sn FROM numbers)
  ON CONFLICT(number) DO NOTHING;

-- A company's number is assigned (PRI3): the companies' numbers move over, and a trigger keeps it so for every
-- number connected later; connecting a number some other holder has is refused.
INSERT INTO number_inventory (number, operator_code, local, state, ban)
  SELECT sn, substr(sn, 1, 2), substr(sn, 3), 'assigned', ban FROM numbers
  WHERE length(sn) = 9 AND sn NOT GLOB '*[^0-9]*'
  ON CONFLICT(number) DO UPDATE SET state = 'assigned', ban = excluded.ban, order_id = NULL,
    registration_id = NULL, reserved_until = NULL;
CREATE TRIGGER numbers_assigned AFTER INSERT ON numbers BEGIN
  SELECT RAISE(ABORT, 'the number is held by another holder') WHERE EXISTS (
    SELECT 1 FROM number_inventory WHERE number = NEW.sn AND state <> 'free');
  INSERT INTO number_inventory (number, operator_code, local, state, ban)
    VALUES (NEW.sn, substr(NEW.sn, 1, 2), substr(NEW.sn, 3), 'assigned', NEW.ban)
    ON CONFLICT(number) DO UPDATE SET state = 'assigned', ban = excluded.ban;
END;

-- Finding 26: the person of a registration comes only from its own confirmation. The passport service's answer to a
-- code is kept with the session when the code is read (`person`), and the session is bound to the one registration
-- it created (`registration_id`, once). The registration keeps that answer (`confirmed_person`): what it holds is
-- not editable; existing registrations count their stored person as confirmed.
ALTER TABLE at39_epdp_sessions ADD COLUMN person TEXT;
ALTER TABLE at39_epdp_sessions ADD COLUMN registration_id INTEGER REFERENCES at39_registrations(id);
CREATE UNIQUE INDEX at39_epdp_sessions_registration ON at39_epdp_sessions(registration_id)
  WHERE registration_id IS NOT NULL;
ALTER TABLE at39_registrations ADD COLUMN confirmed_person TEXT;
UPDATE at39_registrations SET confirmed_person = person;
