-- The company's activity log (docs/decisions.md AL1-AL5): one append-only list of what changed a company's state, who
-- did it, under which signature, with which result. It replaces the two logs kept before: `user_audit` (changes to
-- users) and `impersonations` (staff acting in a client's account), both folded in below and dropped.

-- `ban`: the company the entry belongs to; NULL for what concerns no company (a staff account created or edited).
-- `actor_*`: who acted, as they were then (the login is kept as text: the log outlives the account); actor_user_id
-- NULL is the server's own timer. `actor_role` is the role they acted in (the active role), `actor_staff` 1 for a
-- staff role, `impersonated` 1 when a staff user acted in the company's account (and on the start and end entries of
-- that viewing). `targets`: JSON array of {kind, id}; `failed`: JSON array of the target ids that failed.
-- `key_serial`/`signature_id`: the E-IMZO key and verified signature that authorised it. `detail`: the internal
-- detail (never a password or passport data), never sent to a client. `ends_id`: on an `impersonation.end`, the start
-- entry it closes (at most one end per start: the unique index).
CREATE TABLE activity_log (
  id INTEGER PRIMARY KEY,
  at INTEGER NOT NULL,
  ban TEXT,
  actor_user_id INTEGER,
  actor_login TEXT,
  actor_role TEXT,
  actor_staff INTEGER NOT NULL DEFAULT 0 CHECK (actor_staff IN (0, 1)),
  impersonated INTEGER NOT NULL DEFAULT 0 CHECK (impersonated IN (0, 1)),
  action TEXT NOT NULL,
  targets TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(targets) AND json_type(targets) = 'array'),
  result TEXT NOT NULL DEFAULT 'ok' CHECK (result IN ('ok', 'partial', 'failed')),
  failed TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(failed) AND json_type(failed) = 'array'),
  key_serial TEXT,
  signature_id INTEGER,
  detail TEXT,
  request_id TEXT,
  ends_id INTEGER
);
CREATE INDEX activity_log_ban_at ON activity_log(ban, at);
CREATE INDEX activity_log_actor ON activity_log(actor_login COLLATE NOCASE, at);
CREATE INDEX activity_log_at ON activity_log(at);
CREATE UNIQUE INDEX activity_log_end_once ON activity_log(ends_id) WHERE ends_id IS NOT NULL;

-- user_audit and the impersonations' starts, in time order. A user_audit row's company is its target user's; its
-- actor's role is the first one they hold now (the role they acted in was not recorded). An impersonation start keeps
-- the old row's id in its detail, so the end entries and the open sessions below find it.
INSERT INTO activity_log (at, ban, actor_user_id, actor_login, actor_role, actor_staff, impersonated, action, targets,
    result, key_serial, signature_id, detail)
  SELECT at, ban, actor_user_id, actor_login, actor_role,
    CASE WHEN actor_role IN ('R001', 'R004', 'R007') THEN 0 ELSE 1 END, impersonated, action, targets, result,
    key_serial, signature_id, detail
  FROM (
    SELECT a.at AS at, a.id AS seq, 0 AS src, t.ban AS ban, a.actor_user_id AS actor_user_id, actor.login AS actor_login,
      (SELECT role FROM user_roles WHERE user_id = a.actor_user_id ORDER BY position LIMIT 1) AS actor_role,
      0 AS impersonated,
      CASE a.action
        WHEN 'create' THEN 'user.create'
        WHEN 'create.undone' THEN 'user.create'
        WHEN 'update' THEN 'user.edit'
        WHEN 'status:blocked' THEN 'user.block'
        WHEN 'status:active' THEN 'user.unblock'
        WHEN 'status:pending' THEN 'user.unblock'
        WHEN 'contact:signed' THEN 'contact.change'
        ELSE a.action
      END AS action,
      json_array(json_object('kind', 'user', 'id', COALESCE(t.login, CAST(a.target_user_id AS TEXT)))) AS targets,
      CASE a.action WHEN 'create.undone' THEN 'failed' ELSE 'ok' END AS result,
      sig.key_serial AS key_serial, sig.id AS signature_id, a.detail AS detail
    FROM user_audit a
    LEFT JOIN users t ON t.id = a.target_user_id
    LEFT JOIN users actor ON actor.id = a.actor_user_id
    LEFT JOIN block_signatures sig ON a.action = 'contact:signed' AND json_valid(a.detail)
      AND sig.id = json_extract(a.detail, '$.signature')
    UNION ALL
    SELECT i.started_at, i.id, 1, i.ban, i.actor_user_id, actor.login,
      (SELECT role FROM user_roles WHERE user_id = i.actor_user_id ORDER BY position LIMIT 1),
      1, 'impersonation.start',
      CASE WHEN i.sn IS NULL THEN json_array(json_object('kind', 'account', 'id', i.ban))
        ELSE json_array(json_object('kind', 'account', 'id', i.ban), json_object('kind', 'number', 'id', i.sn)) END,
      'ok', NULL, NULL, json_object('impersonation', i.id)
    FROM impersonations i
    LEFT JOIN users actor ON actor.id = i.actor_user_id
  )
  ORDER BY at, src, seq;

-- the ended impersonations' end entries, each closing its start
INSERT INTO activity_log (at, ban, actor_user_id, actor_login, actor_role, actor_staff, impersonated, action, targets,
    result, detail, ends_id)
  SELECT i.ended_at, s.ban, s.actor_user_id, s.actor_login, s.actor_role, s.actor_staff, 1, 'impersonation.end',
    s.targets, 'ok', json_object('reason', i.end_reason), s.id
  FROM impersonations i
  JOIN activity_log s ON s.action = 'impersonation.start' AND json_extract(s.detail, '$.impersonation') = i.id
  WHERE i.ended_at IS NOT NULL
  ORDER BY i.ended_at, i.id;

-- an open session viewing a client now points at its start entry
UPDATE sessions SET impersonation_id = (
    SELECT s.id FROM activity_log s
    WHERE s.action = 'impersonation.start' AND json_extract(s.detail, '$.impersonation') = sessions.impersonation_id)
  WHERE impersonation_id IS NOT NULL;

DROP TABLE user_audit;
DROP TABLE impersonations;

-- Append-only (AL5): no entry is ever changed, and one is deleted only by the retention run, which first writes the
-- cutoff (epoch ms) into `meta` under 'activity_log_cutoff'; an entry at or after the cutoff, or any entry while no
-- cutoff is written, cannot be deleted.
CREATE TRIGGER activity_log_no_update BEFORE UPDATE ON activity_log
BEGIN
  SELECT RAISE(ABORT, 'activity_log is append-only: an entry is never changed');
END;
CREATE TRIGGER activity_log_no_delete BEFORE DELETE ON activity_log
  WHEN OLD.at >= COALESCE((SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'activity_log_cutoff'), 0)
BEGIN
  SELECT RAISE(ABORT, 'activity_log is append-only: only entries older than the retention period are erased');
END;
