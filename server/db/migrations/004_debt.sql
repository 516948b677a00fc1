-- Debt control (spec 1 "Debt control (notice)"; the spec has no calls or fields for it, docs/decisions.md
-- "Debt control"). An overdue account of the billing: its debt, the day it fell due and the last payment.
CREATE TABLE debt_accounts (
  ban TEXT PRIMARY KEY,
  company TEXT NOT NULL,
  -- sums, positive
  debt INTEGER NOT NULL CHECK (debt > 0),
  -- ISO YYYY-MM-DD (UTC business day)
  due_date TEXT NOT NULL,
  last_payment_date TEXT,
  last_payment_amount INTEGER
);

-- A notice marked as sent: who and when, and the day and number it was issued with (the PDF is rebuilt from these,
-- so a download always shows the notice as it was sent). One sent notice per account.
CREATE TABLE debt_notices (
  ban TEXT PRIMARY KEY REFERENCES debt_accounts(ban) ON DELETE CASCADE,
  number TEXT NOT NULL,
  issued_on TEXT NOT NULL,
  debt INTEGER NOT NULL,
  days_overdue INTEGER NOT NULL,
  sent_at INTEGER NOT NULL,
  sent_by_user INTEGER NOT NULL REFERENCES users(id),
  sent_by_login TEXT NOT NULL
);
