-- Golden-number purchase and new-number orders (docs/decisions.md "Golden numbers and orders", GN1-GN12).
-- The orders themselves live in `orders` (005); this adds the pool of numbers on sale, what each order holds and the
-- order's delivery data.

-- The pool of numbers on offer: every number with its category by pattern (GN3). `local` is the 7 digits after the
-- operator code, the part a mask or digits are matched against in SQL (GN4); `seq` orders the random search
-- (a fixed shuffle, so pages of one random search never overlap).
CREATE TABLE golden_pool (
  number TEXT PRIMARY KEY CHECK (length(number) = 9),
  operator_code TEXT NOT NULL,
  local TEXT NOT NULL CHECK (length(local) = 7),
  category_id INTEGER NOT NULL,
  price INTEGER NOT NULL,
  -- 'free' on offer, 'sold' bought by the order order_id
  status TEXT NOT NULL DEFAULT 'free' CHECK (status IN ('free', 'sold')),
  seq INTEGER NOT NULL,
  order_id INTEGER REFERENCES orders(id)
);
CREATE INDEX golden_pool_search ON golden_pool(category_id, status, operator_code, local);
CREATE INDEX golden_pool_random ON golden_pool(category_id, status, seq);

-- The numbers a golden-number order bought, with the price paid for each (sums, VAT included).
CREATE TABLE order_numbers (
  order_id INTEGER NOT NULL REFERENCES orders(id),
  number TEXT NOT NULL,
  category_id INTEGER NOT NULL,
  price INTEGER NOT NULL,
  PRIMARY KEY (order_id, number)
);
CREATE UNIQUE INDEX order_numbers_number ON order_numbers(number);

-- The rows of a new-number order (spec 3 "New-number order row": kolvo, category, tariff, services, nominal).
CREATE TABLE order_rows (
  order_id INTEGER NOT NULL REFERENCES orders(id),
  position INTEGER NOT NULL,
  kolvo INTEGER NOT NULL CHECK (kolvo >= 1),
  category TEXT NOT NULL,
  tariff TEXT NOT NULL,
  services TEXT NOT NULL DEFAULT '[]',
  nominal INTEGER,
  PRIMARY KEY (order_id, position)
);

-- Delivery address, tax id and the staff's status changes of an order.
CREATE TABLE order_details (
  order_id INTEGER PRIMARY KEY REFERENCES orders(id),
  address TEXT,
  tin TEXT,
  comment TEXT
);
