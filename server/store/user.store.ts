import { isClientRole } from '../../src/domain/roles.rules';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { ActivityActor, ActivityStore } from './activity.store';

export type UserStatus = 'active' | 'blocked' | 'pending';

/** A portal account with its ordered roles (position 0 = active role). */
export interface UserRow {
  id: number;
  login: string;
  fullName: string | null;
  passwordHash: string | null;
  status: UserStatus;
  forceChangePassword: boolean;
  ssoOnly: boolean;
  /** registered themselves by phone (the temporary password went by SMS) */
  selfRegistered?: boolean;
  ban: string | null;
  sn: string | null;
  email: string | null;
  phone: string | null;
  branchId: number | null;
  roles: string[];
}

interface Raw {
  id: number;
  login: string;
  full_name: string | null;
  password_hash: string | null;
  status: UserStatus;
  force_change_password: number;
  sso_only: number;
  self_registered?: number;
  ban: string | null;
  sn: string | null;
  email: string | null;
  phone: string | null;
  branch_id: number | null;
  roles: string | null;
}

const ROLES = `(SELECT group_concat(role, ',') FROM (SELECT role FROM user_roles WHERE user_id = u.id ORDER BY position))`;

const toRow = (r: Raw): UserRow => ({
  id: r.id,
  login: r.login,
  fullName: r.full_name,
  passwordHash: r.password_hash,
  status: r.status,
  forceChangePassword: r.force_change_password === 1,
  ssoOnly: r.sso_only === 1,
  selfRegistered: r.self_registered === 1,
  ban: r.ban,
  sn: r.sn,
  email: r.email,
  phone: r.phone,
  branchId: r.branch_id,
  roles: r.roles ? r.roles.split(',') : [],
});

export interface NewUser {
  login: string;
  fullName: string | null;
  roles: readonly string[];
  status: UserStatus;
  passwordHash: string | null;
  forceChangePassword: boolean;
  /** registered through the public SMS flow (counts toward the limit of five per BAN) */
  selfRegistered?: boolean;
  ban: string | null;
  sn: string | null;
  email: string | null;
  phone: string | null;
  branchId: number | null;
  regionIds: readonly number[];
  createdBy: number | null;
}

export interface UserChanges {
  fullName?: string | null;
  roles?: readonly string[];
  ban?: string | null;
  email?: string | null;
  phone?: string | null;
  branchId?: number | null;
  regionIds?: readonly number[];
}

export interface SearchRow {
  id: number;
  login: string;
  fullName: string | null;
  roles: string[];
  ban: string | null;
  status: UserStatus;
}

/** `%`, `_` and the escape char itself are literal in the user's query. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * Portal accounts. Every change an administrator (or the account's company) makes to an account is an entry of the
 * activity log, appended in the change's transaction (docs/decisions.md AL1): the company is the account's, none for
 * a staff account; the detail names what changed, never a value of a contact or a password.
 */
export function createUserStore(db: Db, clock: Clock, activity: ActivityStore) {
  const byLogin = db.prepare(`SELECT u.*, ${ROLES} AS roles FROM users u WHERE u.login = ?`);
  const byId = db.prepare(`SELECT u.*, ${ROLES} AS roles FROM users u WHERE u.id = ?`);
  const bySn = db.prepare('SELECT id FROM users WHERE sn = ?');
  const countSelfRegistered = db.prepare(
    'SELECT COUNT(*) AS n FROM users WHERE ban = ? AND self_registered = 1',
  );
  const ins = db.prepare(`INSERT INTO users
    (login, full_name, password_hash, status, force_change_password, self_registered, ban, sn, email, phone, branch_id,
     created_at, updated_at, created_by)
    VALUES (@login, @fullName, @passwordHash, @status, @force, @self, @ban, @sn, @email, @phone, @branchId, @now, @now,
     @createdBy)`);
  const insRole = db.prepare('INSERT INTO user_roles (user_id, position, role) VALUES (?, ?, ?)');
  const delRoles = db.prepare('DELETE FROM user_roles WHERE user_id = ?');
  const insRegion = db.prepare('INSERT INTO user_regions (user_id, region_id) VALUES (?, ?)');
  const delRegions = db.prepare('DELETE FROM user_regions WHERE user_id = ?');
  const regions = db.prepare(
    'SELECT r.id, r.name FROM user_regions ur JOIN regions r ON r.id = ur.region_id WHERE ur.user_id = ? ORDER BY r.id',
  );
  const branch = db.prepare('SELECT id, name, region_id AS regionId FROM branches WHERE id = ?');
  const regionExists = db.prepare('SELECT 1 FROM regions WHERE id = ?');
  const setPassword = db.prepare(
    `UPDATE users SET password_hash = ?, force_change_password = ?, updated_at = ?,
       status = CASE WHEN status = 'pending' THEN 'active' ELSE status END WHERE id = ?`,
  );
  const setStatus = db.prepare('UPDATE users SET status = ?, updated_at = ? WHERE id = ?');

  const searchWhere = `FROM users u WHERE (u.login LIKE @like ESCAPE '\\' OR u.full_name LIKE @like ESCAPE '\\'
      OR u.ban LIKE @like ESCAPE '\\' OR u.sn LIKE @like ESCAPE '\\' OR u.email LIKE @like ESCAPE '\\')
      AND (@status IS NULL OR u.status = @status)`;
  const searchCount = db.prepare(`SELECT COUNT(*) AS n ${searchWhere}`);
  const searchPage = db.prepare(
    `SELECT u.id, u.login, u.full_name, u.ban, u.status, ${ROLES} AS roles ${searchWhere}
     ORDER BY u.login COLLATE NOCASE LIMIT @limit OFFSET @offset`,
  );

  const writeRoles = (id: number, roles: readonly string[]) => {
    delRoles.run(id);
    for (const [i, r] of roles.entries()) insRole.run(id, i, r);
  };
  const writeRegions = (id: number, ids: readonly number[]) => {
    delRegions.run(id);
    for (const r of new Set(ids)) insRegion.run(id, r);
  };

  return {
    byLogin(login: string): UserRow | undefined {
      const r = byLogin.get(login) as Raw | undefined;
      return r && toRow(r);
    },
    byId(id: number): UserRow | undefined {
      const r = byId.get(id) as Raw | undefined;
      return r && toRow(r);
    },
    snTaken: (sn: string) => bySn.get(sn) !== undefined,
    /** numbers of a BAN already registered through the public SMS flow */
    selfRegisteredOn: (ban: string) => (countSelfRegistered.get(ban) as { n: number }).n,
    branch: (id: number) => branch.get(id) as { id: number; name: string; regionId: number } | undefined,
    regionsOf: (id: number) => regions.all(id) as { id: number; name: string }[],
    regionExists: (id: number) => regionExists.get(id) !== undefined,

    /**
     * Creates an account; `by` who created it: a session's actor, `'self'` (a subscriber registering their own number:
     * the new account is its own actor), or nobody (the command line's first administrator: no entry).
     */
    create(u: NewUser, by: ActivityActor | 'self' | null = null): number {
      return db.transaction(() => {
        const now = clock.now();
        const id = Number(
          ins.run({ ...u, force: u.forceChangePassword ? 1 : 0, self: u.selfRegistered ? 1 : 0, now })
            .lastInsertRowid,
        );
        writeRoles(id, u.roles);
        writeRegions(id, u.regionIds);
        const role = u.roles[0] ?? null;
        const actor: ActivityActor | null =
          by === 'self'
            ? {
                userId: id,
                login: u.login,
                role,
                staff: role === null || !isClientRole(role),
                impersonated: false,
              }
            : by;
        if (actor)
          activity.append({
            ban: u.ban,
            actor,
            action: 'user.create',
            targets: [{ kind: 'user', id: u.login }],
            detail: { roles: u.roles },
          });
        return id;
      })();
    },

    /** Removes an account that was just created and never activated (its activation link could not be sent), with
     *  a second `user.create` entry, failed, saying why (MSG3: the log keeps both); an account that is active (or
     *  used) by now stays. Returns whether it was removed. */
    discardUnactivated(id: number, actor: ActivityActor, reason: string): boolean {
      return db.transaction(() => {
        const before = byId.get(id) as Raw | undefined;
        const gone =
          db
            .prepare("DELETE FROM users WHERE id = ? AND status = 'pending' AND password_hash IS NULL")
            .run(id).changes === 1;
        if (gone && before)
          activity.append({
            ban: before.ban,
            actor,
            action: 'user.create',
            targets: [{ kind: 'user', id: before.login }],
            result: 'failed',
            failed: [before.login],
            detail: { undone: reason },
          });
        return gone;
      })();
    },

    /** Applies the defined fields of `ch`; the log's `user.edit` entry names only the fields whose value really
     *  changed (none changed: no entry). Returns those names. */
    update(id: number, ch: UserChanges, actor: ActivityActor): string[] {
      return db.transaction(() => {
        const now = clock.now();
        const before = byId.get(id) as Raw | undefined;
        const current: Record<keyof UserChanges, unknown> | undefined = before && {
          fullName: before.full_name,
          roles: toRow(before).roles,
          ban: before.ban,
          email: before.email,
          phone: before.phone,
          branchId: before.branch_id,
          regionIds: (regions.all(id) as { id: number }[]).map((r) => r.id).sort((a, b) => a - b),
        };
        const same = (key: keyof UserChanges, v: unknown) =>
          key === 'regionIds'
            ? JSON.stringify([...(v as number[])].sort((a, b) => a - b)) ===
              JSON.stringify(current?.regionIds)
            : JSON.stringify(v) === JSON.stringify(current?.[key]);
        const changed = (Object.keys(ch) as (keyof UserChanges)[]).filter(
          (k) => ch[k] !== undefined && !same(k, ch[k]),
        );
        const cols: string[] = [];
        const vals: Record<string, unknown> = { id, now };
        const map: [keyof UserChanges, string][] = [
          ['fullName', 'full_name'],
          ['ban', 'ban'],
          ['email', 'email'],
          ['phone', 'phone'],
          ['branchId', 'branch_id'],
        ];
        for (const [key, col] of map) {
          if (ch[key] !== undefined) {
            cols.push(`${col} = @${col}`);
            vals[col] = ch[key];
          }
        }
        db.prepare(`UPDATE users SET ${[...cols, 'updated_at = @now'].join(', ')} WHERE id = @id`).run(vals);
        if (ch.roles) writeRoles(id, ch.roles);
        if (ch.regionIds) writeRegions(id, ch.regionIds);
        if (changed.length > 0 && before)
          activity.append({
            ban: ch.ban ?? before.ban,
            actor,
            action: 'user.edit',
            targets: [{ kind: 'user', id: before.login }],
            detail: changed,
          });
        return changed;
      })();
    },

    setPassword(id: number, hash: string, forceChange = false): void {
      setPassword.run(hash, forceChange ? 1 : 0, clock.now(), id);
    },

    /** Blocks or unblocks (back to active, or pending when never activated) an account: `user.block`/`user.unblock`. */
    setStatus(id: number, status: UserStatus, actor: ActivityActor): void {
      db.transaction(() => {
        const before = byId.get(id) as Raw | undefined;
        setStatus.run(status, clock.now(), id);
        if (before)
          activity.append({
            ban: before.ban,
            actor,
            action: status === 'blocked' ? 'user.block' : 'user.unblock',
            targets: [{ kind: 'user', id: before.login }],
            detail: { status },
          });
      })();
    },

    /** Users whose login, name, BAN, number or e-mail contains `q` (case-insensitive), sorted by login. */
    search(
      q: string,
      status: UserStatus | null,
      pageNo: number,
      pageSize: number,
    ): { total: number; rows: SearchRow[] } {
      const args = { like: `%${likeEscape(q)}%`, status };
      const total = (searchCount.get(args) as { n: number }).n;
      const rows = (
        searchPage.all({ ...args, limit: pageSize, offset: pageNo * pageSize }) as (Raw & {
          roles: string | null;
        })[]
      ).map((r) => ({
        id: r.id,
        login: r.login,
        fullName: r.full_name,
        roles: r.roles ? r.roles.split(',') : [],
        ban: r.ban,
        status: r.status,
      }));
      return { total, rows };
    },
  };
}

export type UserStore = ReturnType<typeof createUserStore>;
