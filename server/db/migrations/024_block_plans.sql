-- Blocks and restores planned for a later day (docs/decisions.md SP1-SP8).

-- A plan: a block or restore of numbers of one account (`sns`: JSON array, sorted) or of the whole account (`sns`
-- NULL), on a Tashkent day `date` (`YYYY-MM-DD`) at `hour` (0 for a block: it takes effect at 00:00, spec 4); it runs
-- at `run_at` (epoch ms). `numbers`: how many numbers it concerned when planned. `signature_id`/`key_serial`: the
-- signature that authorised it (NULL for a type 20 account). `price`: sums a month per number of a paid block when
-- planned (NULL for a restore or a privileged lock); checked again when it runs (SP6). The runner claims a plan with
-- one conditional UPDATE (`scheduled` -> `applying`, `claimed_at`, `claimed_by`) and finishes it in one transaction
-- (`done`, `partial`, `failed`; `result` JSON {accepted, failed, skipped}, `reason` why it failed) (SP5).
CREATE TABLE block_plans (
  id INTEGER PRIMARY KEY,
  ban TEXT NOT NULL REFERENCES companies(ban),
  sns TEXT CHECK (sns IS NULL OR (json_valid(sns) AND json_type(sns) = 'array')),
  numbers INTEGER NOT NULL DEFAULT 0,
  action TEXT NOT NULL CHECK (action IN ('block', 'restore')),
  date TEXT NOT NULL,
  hour INTEGER NOT NULL CHECK (hour BETWEEN 0 AND 23),
  run_at INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'scheduled'
    CHECK (status IN ('scheduled', 'applying', 'done', 'partial', 'failed', 'cancelled')),
  created_by INTEGER NOT NULL REFERENCES users(id),
  created_at INTEGER NOT NULL,
  signature_id INTEGER REFERENCES block_signatures(id),
  key_serial TEXT,
  price REAL,
  claimed_at INTEGER,
  claimed_by TEXT,
  finished_at INTEGER,
  result TEXT CHECK (result IS NULL OR json_valid(result)),
  reason TEXT,
  cancelled_at INTEGER,
  cancelled_by INTEGER REFERENCES users(id)
);
CREATE INDEX block_plans_due ON block_plans(status, run_at);
CREATE INDEX block_plans_ban ON block_plans(ban, run_at);
-- a signature authorises one plan
CREATE UNIQUE INDEX block_plans_signature ON block_plans(signature_id) WHERE signature_id IS NOT NULL;

-- The days pending plans hold (SP3): one row per number of a number plan, one row `*<ban>` for an account plan. The
-- unique index keeps one pending plan per number (or account) per day; an account plan and a number plan of the same
-- account on the same day are refused by the store in the same transaction (it looks for the other kind by `ban`).
-- A plan's rows are deleted when it is cancelled or finished: its days are free again.
CREATE TABLE block_plan_days (
  plan_id INTEGER NOT NULL REFERENCES block_plans(id) ON DELETE CASCADE,
  ban TEXT NOT NULL,
  sn TEXT NOT NULL,
  day TEXT NOT NULL
);
CREATE UNIQUE INDEX block_plan_days_once ON block_plan_days(sn, day);
CREATE INDEX block_plan_days_ban ON block_plan_days(ban, day);

-- A plan's signature names when it runs (signed document version 2): the challenge and the signature keep it
-- (`2026-12-12T00`); NULL for an immediate action. One never serves the other (SP2).
ALTER TABLE signing_challenges ADD COLUMN plan_when TEXT;
ALTER TABLE block_signatures ADD COLUMN plan_when TEXT;
