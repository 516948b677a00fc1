-- Documents of every type (spec 3 "Document": 1 agreement, 4 supply, 5 number supply, 6 invoice with json,
-- 7 suspend, 8 and 10-17 services, 9 proxy). One table for all of them (docs/decisions.md "Documents"):
-- each row says what it belongs to (an order, a registration, a block/restore, a services connection) and holds
-- the whole text it is rendered from, so a download always shows the document as it was issued.

-- Orders of numbers (golden-number checkout and new-number orders). The purchase workflow adds its own tables
-- (rows, numbers) in a later migration; the documents area lists a company's orders from here.
CREATE TABLE orders (
  id INTEGER PRIMARY KEY,
  ban TEXT NOT NULL REFERENCES companies(ban),
  -- 'golden' (golden-number checkout) or 'new' (new-number order)
  kind TEXT NOT NULL CHECK (kind IN ('golden', 'new')),
  status TEXT NOT NULL CHECK (status IN ('created', 'paid', 'issued', 'cancelled')),
  -- sums, VAT included; vat is the VAT part of total
  total INTEGER NOT NULL DEFAULT 0,
  vat INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  created_by INTEGER REFERENCES users(id),
  updated_at INTEGER NOT NULL
);
CREATE INDEX orders_ban_created ON orders(ban, created_at);
CREATE INDEX orders_created ON orders(created_at);

CREATE TABLE documents (
  id INTEGER PRIMARY KEY,
  document_type INTEGER NOT NULL CHECK (document_type IN (1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17)),
  -- the company account it belongs to (null for a public pre-registration before a BAN exists)
  ban TEXT REFERENCES companies(ban),
  tin TEXT,
  -- what it belongs to: at most one of these is set
  order_id INTEGER REFERENCES orders(id),
  -- a registration of another workflow: 'agreement:<id>', 'preorder:<id>', 'at39:<id>', 'services:<id>'
  registration_ref TEXT,
  -- a language of the text ('ru' or 'uz')
  lang TEXT NOT NULL DEFAULT 'ru' CHECK (lang IN ('ru', 'uz')),
  -- a people's title ('Договор № 100234561'); the download's file name is built from it
  title TEXT NOT NULL,
  -- the document's whole text as PDF blocks: JSON [{ "kind": "heading" | "paragraph" | "small", "text": "…" }]
  body TEXT NOT NULL DEFAULT '[]',
  -- type-specific data (the invoice's json of spec 3, a suspend document's companyInfo and numbers…), JSON or null
  data TEXT,
  -- spec 4 document upload status: 0 initial, 1 ok, 2 error (with status_message from the server)
  status INTEGER NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
  status_message TEXT,
  -- an uploaded scan (documents/re-upload): its bytes, type (checked by its bytes) and the name it came with
  file_bytes BLOB,
  file_mime TEXT,
  file_name TEXT,
  created_at INTEGER NOT NULL,
  created_by INTEGER REFERENCES users(id),
  updated_at INTEGER NOT NULL
);
CREATE INDEX documents_ban_type_created ON documents(ban, document_type, created_at);
CREATE INDEX documents_order ON documents(order_id);
CREATE INDEX documents_registration ON documents(registration_ref);
