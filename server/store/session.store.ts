import { randomBytes } from 'node:crypto';
import { sha256 } from '../auth/passwords';
import type { Clock } from '../clock';
import type { Db } from '../db/database';

/** A stored session. Only `idHash` (SHA-256 of the cookie value) is kept. */
export interface SessionRow {
  idHash: string;
  userId: number;
  createdAt: number;
  lastSeen: number;
  chosenRole: string | null;
  actingBan: string | null;
  actingSn: string | null;
  /** while viewing a client: the activity log's `impersonation.start` entry of this viewing (AL5) */
  impersonationId: number | null;
}

interface Raw {
  id_hash: string;
  user_id: number;
  created_at: number;
  last_seen: number;
  chosen_role: string | null;
  acting_ban: string | null;
  acting_sn: string | null;
  impersonation_id: number | null;
}

const toRow = (r: Raw): SessionRow => ({
  idHash: r.id_hash,
  userId: r.user_id,
  createdAt: r.created_at,
  lastSeen: r.last_seen,
  chosenRole: r.chosen_role,
  actingBan: r.acting_ban,
  actingSn: r.acting_sn,
  impersonationId: r.impersonation_id,
});

export type SessionLookup =
  | { kind: 'ok'; session: SessionRow }
  | { kind: 'expired'; session: SessionRow }
  | { kind: 'none' };

/** Sessions with an idle expiry and an absolute lifetime: a session unused for `idleMs`, or older than `maxMs`
 *  however busy, is deleted on its next use. */
export function createSessionStore(db: Db, clock: Clock, idleMs: number, maxMs = 12 * 60 * 60_000) {
  const ins = db.prepare(
    'INSERT INTO sessions (id_hash, user_id, created_at, last_seen) VALUES (?, ?, ?, ?)',
  );
  const get = db.prepare('SELECT * FROM sessions WHERE id_hash = ?');
  const touch = db.prepare('UPDATE sessions SET last_seen = ? WHERE id_hash = ?');
  const del = db.prepare('DELETE FROM sessions WHERE id_hash = ?');
  const delUser = db.prepare('DELETE FROM sessions WHERE user_id = ? AND id_hash IS NOT ?');
  const setRole = db.prepare('UPDATE sessions SET chosen_role = ? WHERE id_hash = ?');
  const setActing = db.prepare(
    'UPDATE sessions SET acting_ban = ?, acting_sn = ?, impersonation_id = ? WHERE id_hash = ?',
  );
  const purge = db.prepare('DELETE FROM sessions WHERE last_seen < ? OR created_at < ?');

  return {
    /** Opens a session; returns the cookie value (32 random bytes, base64url) and the row. */
    create(userId: number): { token: string; session: SessionRow } {
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      ins.run(sha256(token), userId, now, now);
      return { token, session: toRow(get.get(sha256(token)) as Raw) };
    },
    /** Finds the session of a cookie value and marks it used; an idle one is deleted and reported expired. */
    use(token: string | undefined): SessionLookup {
      if (!token || token.length > 100) return { kind: 'none' };
      const hash = sha256(token);
      const raw = get.get(hash) as Raw | undefined;
      if (!raw) return { kind: 'none' };
      const now = clock.now();
      if (now - raw.last_seen > idleMs || now - raw.created_at > maxMs) {
        del.run(hash);
        return { kind: 'expired', session: toRow(raw) };
      }
      touch.run(now, hash);
      return { kind: 'ok', session: toRow({ ...raw, last_seen: now }) };
    },
    delete(idHash: string): void {
      del.run(idHash);
    },
    /** Closes every session of a user except `keepHash` (password change, block). */
    deleteForUser(userId: number, keepHash: string | null = null): void {
      delUser.run(userId, keepHash);
    },
    setChosenRole(idHash: string, role: string): void {
      setRole.run(role, idHash);
    },
    setActing(idHash: string, ban: string | null, sn: string | null, impersonationId: number | null): void {
      setActing.run(ban, sn, impersonationId, idHash);
    },
    /** Drops sessions idle for longer than the limit (run at start-up and now and then). */
    purgeIdle(): number {
      return purge.run(clock.now() - idleMs, clock.now() - maxMs).changes;
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
