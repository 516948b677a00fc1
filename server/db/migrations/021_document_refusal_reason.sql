-- Why a scan was refused, as a code the portal translates (docs/decisions.md DOC20; spec 4 "Document upload status:
-- 0 initial, 1 ok, 2 error with server message"). status_message stays: the free text a backend may send instead.
-- The list is DOCUMENT_REFUSAL_REASONS in src/domain/documents.rules.ts.
ALTER TABLE documents ADD COLUMN status_reason TEXT
  CHECK (status_reason IS NULL OR status_reason IN ('unreadable', 'incomplete', 'wrongDocument', 'unsigned', 'expired'));
-- A database seeded before this migration (the seed runs once) gets the code of its one refused demo scan, so the
-- Uzbek page shows the Uzbek text there too; any other free text stays as it was, shown as sent.
UPDATE documents SET status_reason = 'unreadable'
  WHERE status = 2 AND status_message = 'Скан не читается: загрузите его ещё раз';
