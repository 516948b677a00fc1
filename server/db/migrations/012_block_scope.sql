-- Block / restore, second pass (decisions U7-U8).
-- What a request was made on: one number, a selection of numbers (client/batch), or the whole account. A batch
-- was stored with sn NULL like an account request, so settling it blocked the company too; only an account request
-- changes the company's status, and a restore of the account undoes exactly the numbers of its block.
ALTER TABLE block_requests ADD COLUMN scope TEXT NOT NULL DEFAULT 'account'
  CHECK (scope IN ('number', 'numbers', 'account'));
UPDATE block_requests SET scope = 'number' WHERE sn IS NOT NULL;
-- The account block a restore of the account undid (null for any other request).
ALTER TABLE block_requests ADD COLUMN undoes_request_id INTEGER REFERENCES block_requests(id);
CREATE INDEX block_requests_scope ON block_requests(ban, scope, action, applied_at);
