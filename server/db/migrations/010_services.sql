-- Services: internet packages and roaming of a company's numbers (docs/decisions.md "Services", SV2-SV8).
-- The spec names packages by name and soc only; groups, volumes, prices and periods are ours (SV2).

-- A package of the catalogue. volume_mb null = unlimited; price in sums per period (0 for a free promotional one).
CREATE TABLE ip_packages (
  soc TEXT PRIMARY KEY,
  ip_group TEXT NOT NULL,
  name TEXT NOT NULL,
  volume_mb INTEGER,
  price INTEGER NOT NULL CHECK (price >= 0),
  period_days INTEGER NOT NULL CHECK (period_days > 0),
  is_free INTEGER NOT NULL DEFAULT 0,
  sort INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX ip_packages_group ON ip_packages(ip_group, sort);

-- Which price plans may take a package (spec 7 for-con-pp and getPackages?sn,pricePlan).
CREATE TABLE ip_package_plans (
  soc TEXT NOT NULL REFERENCES ip_packages(soc),
  price_plan TEXT NOT NULL,
  PRIMARY KEY (soc, price_plan)
);

-- The packages a number has now (E124 when it has it already, E123 beyond the line's limit).
CREATE TABLE ip_connections (
  sn TEXT NOT NULL REFERENCES numbers(sn),
  soc TEXT NOT NULL REFERENCES ip_packages(soc),
  connected_at INTEGER NOT NULL,
  connected_by INTEGER REFERENCES users(id),
  PRIMARY KEY (sn, soc)
);
CREATE INDEX ip_connections_soc ON ip_connections(soc);

-- Roaming switched on for a number.
CREATE TABLE ip_roaming (
  sn TEXT PRIMARY KEY REFERENCES numbers(sn),
  since INTEGER NOT NULL,
  by_user INTEGER REFERENCES users(id)
);

-- The services deposit of a company (has-deposit / checkBalance): paid packages are debited from it number by
-- number (E031 when it runs out). A company without a row pays on its invoice (SV7).
CREATE TABLE ip_deposits (
  ban TEXT PRIMARY KEY REFERENCES companies(ban),
  balance INTEGER NOT NULL
);

-- Numbers offered a promotional free package (employeesPromotionIp, setupFree); taken_at once connected (SV5).
CREATE TABLE ip_promotions (
  sn TEXT PRIMARY KEY REFERENCES numbers(sn),
  soc TEXT NOT NULL REFERENCES ip_packages(soc),
  taken_at INTEGER
);

-- One services operation (a setup / delete / roaming call): what, by whom, how many numbers accepted and failed.
-- Its document in `documents` carries registration_ref 'services:<id>'.
CREATE TABLE ip_operations (
  id INTEGER PRIMARY KEY,
  ban TEXT NOT NULL REFERENCES companies(ban),
  action TEXT NOT NULL,
  soc TEXT,
  accepted INTEGER NOT NULL,
  failed INTEGER NOT NULL,
  amount INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  created_by INTEGER REFERENCES users(id)
);
CREATE INDEX ip_operations_ban ON ip_operations(ban, created_at);
