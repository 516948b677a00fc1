-- Why a scan was refused, as a code the portal translates (docs/decisions.md DOC20; spec 4 "Document upload status:
-- 0 initial, 1 ok, 2 error with server message"). status_message stays: the free text a backend may send instead.
-- The list is DOCUMENT_REFUSAL_REASONS in src/domain/documents.rules.ts.
ALTER TABLE documents ADD COLUMN status_reason TEXT
  CHECK (status_reason IS NULL OR status_reason IN ('unreadable', 'incomplete', 'wrongDocument', 'unsigned', 'expired'));
