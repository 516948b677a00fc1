-- Cancelling a paid order gives the money and the numbers back (security finding 27; docs/decisions.md PRM1-PRM2).
-- One refund per order, recorded with the cancel in one transaction: the amount returned to the company's balance,
-- when, and by whom. The primary key makes a second refund of the same order impossible.
CREATE TABLE order_refunds (
  order_id INTEGER PRIMARY KEY REFERENCES orders(id),
  amount INTEGER NOT NULL CHECK (amount > 0),
  refunded_at INTEGER NOT NULL,
  refunded_by INTEGER REFERENCES users(id)
);

-- A number a cancelled order held goes back on sale and may be bought by another order: the order keeps the numbers
-- it held (SingleOrder shows them), marked released, and a number may be held by at most one order not released
-- (006 made it unique over every order, so a released number could never be sold again).
ALTER TABLE order_numbers ADD COLUMN released_at INTEGER;
DROP INDEX order_numbers_number;
CREATE UNIQUE INDEX order_numbers_held ON order_numbers(number) WHERE released_at IS NULL;
