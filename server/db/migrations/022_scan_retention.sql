-- Retention (docs/decisions.md RET1): a scan's bytes are erased once its registration is decided and the retention
-- period has passed; the row stays (the registration still says a passport and an application were attached).
ALTER TABLE at39_scans ADD COLUMN purged_at INTEGER;
