import type { ActivityAction, ActivityResult, ActivityTargetKind } from '../../src/domain/activity.rules';
import { activeRole, isClientRole } from '../../src/domain/roles.rules';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { currentRequest } from '../request-context';

/**
 * The SQL of the company's activity log (docs/decisions.md AL1-AL5): entries are appended, in the transaction of the
 * change they record where there is one, and read a page at a time; nothing here changes or deletes an entry (the
 * database refuses it too: migration 023's triggers; the retention run in server/retention.ts erases old ones).
 */

/** Who acted (AL2): null user id and login = the server's own timer. */
export interface ActivityActor {
  readonly userId: number | null;
  readonly login: string | null;
  /** the role they acted in: the session's active role */
  readonly role: string | null;
  /** a staff role (not a client role) */
  readonly staff: boolean;
  /** a staff user acting in the company's account (viewing it) */
  readonly impersonated: boolean;
}

/** The server itself (a planned action carried out by its timer, the first administrator made on the command line):
 *  no login, no role (AL2). */
export const SERVER_ACTOR: ActivityActor = {
  userId: null,
  login: null,
  role: null,
  staff: false,
  impersonated: false,
};

/** What the session is, as far as the log needs it (a RequestSession fits). */
export interface ActorSource {
  readonly user: { readonly id: number; readonly login: string };
  readonly viewer: { readonly roles: readonly string[]; readonly impersonating: boolean };
}

/** The actor of a request's session: its login, its active role, staff unless that role is a client's (AL2). */
export function actorOf(s: ActorSource): ActivityActor {
  const role = activeRole(s.viewer.roles) ?? null;
  return {
    userId: s.user.id,
    login: s.user.login,
    role,
    staff: role === null || !isClientRole(role),
    impersonated: s.viewer.impersonating,
  };
}

export interface ActivityTarget {
  readonly kind: ActivityTargetKind;
  readonly id: string;
}

/** Targets of numbers (9-digit server form), in the order given, each once. */
export const numberTargets = (sns: readonly string[]): ActivityTarget[] =>
  [...new Set(sns)].map((id) => ({ kind: 'number', id }));

export interface NewActivity {
  /** the company; null for what concerns none (a staff account) */
  readonly ban: string | null;
  readonly actor: ActivityActor;
  readonly action: ActivityAction;
  readonly targets: readonly ActivityTarget[];
  /** default: 'partial' when some targets failed, else 'ok' */
  readonly result?: ActivityResult;
  /** ids of the targets that failed */
  readonly failed?: readonly string[];
  readonly keySerial?: string | null;
  readonly signatureId?: number | null;
  /** internal detail, stored as JSON, never sent to a client; never a password or passport data */
  readonly detail?: unknown;
  /** default: the current request's id (server/request-context.ts), null outside a request */
  readonly requestId?: string | null;
}

/** An entry as stored. */
export interface ActivityRow {
  id: number;
  at: number;
  ban: string | null;
  actorUserId: number | null;
  actorLogin: string | null;
  actorRole: string | null;
  actorStaff: boolean;
  impersonated: boolean;
  action: string;
  targets: ActivityTarget[];
  result: ActivityResult;
  failed: string[];
  keySerial: string | null;
  signatureId: number | null;
  detail: unknown;
  requestId: string | null;
  endsId: number | null;
}

interface Raw {
  id: number;
  at: number;
  ban: string | null;
  actor_user_id: number | null;
  actor_login: string | null;
  actor_role: string | null;
  actor_staff: number;
  impersonated: number;
  action: string;
  targets: string;
  result: ActivityResult;
  failed: string;
  key_serial: string | null;
  signature_id: number | null;
  detail: string | null;
  request_id: string | null;
  ends_id: number | null;
}

const toRow = (r: Raw): ActivityRow => ({
  id: r.id,
  at: r.at,
  ban: r.ban,
  actorUserId: r.actor_user_id,
  actorLogin: r.actor_login,
  actorRole: r.actor_role,
  actorStaff: r.actor_staff === 1,
  impersonated: r.impersonated === 1,
  action: r.action,
  targets: JSON.parse(r.targets) as ActivityTarget[],
  result: r.result,
  failed: JSON.parse(r.failed) as string[],
  keySerial: r.key_serial,
  signatureId: r.signature_id,
  detail: r.detail === null ? null : (JSON.parse(r.detail) as unknown),
  requestId: r.request_id,
  endsId: r.ends_id,
});

/** The log's filter as the handler checked it (AL4): `[start, end)` epoch ms, an action or '', a login or ''. */
export interface ActivityFilter {
  readonly start: number;
  readonly end: number;
  readonly type: string;
  readonly user: string;
}

/** The key in `meta` of the retention cutoff the delete trigger reads (migration 023, AL5). */
export const ACTIVITY_CUTOFF_KEY = 'activity_log_cutoff';

export function createActivityStore(db: Db, clock: Clock) {
  const ins = db.prepare(`INSERT INTO activity_log
    (at, ban, actor_user_id, actor_login, actor_role, actor_staff, impersonated, action, targets, result, failed,
     key_serial, signature_id, detail, request_id)
    VALUES (@at, @ban, @userId, @login, @role, @staff, @impersonated, @action, @targets, @result, @failed,
     @keySerial, @signatureId, @detail, @requestId)`);
  // one statement: the end entry is appended only while its start has none (and the unique index refuses a second)
  const insEnd = db.prepare(`INSERT INTO activity_log
    (at, ban, actor_user_id, actor_login, actor_role, actor_staff, impersonated, action, targets, result, failed,
     detail, request_id, ends_id)
    SELECT @at, s.ban, s.actor_user_id, s.actor_login, s.actor_role, s.actor_staff, 1, 'impersonation.end', s.targets,
      'ok', '[]', json_object('reason', @reason), @requestId, s.id
    FROM activity_log s
    WHERE s.id = @start AND s.action = 'impersonation.start'
      AND NOT EXISTS (SELECT 1 FROM activity_log e WHERE e.ends_id = s.id)`);
  const byId = db.prepare('SELECT * FROM activity_log WHERE id = ?');
  // a login filter never matches a staff entry for a client viewer: staff logins are not theirs to see (AL3)
  const where = `ban = @ban AND at >= @start AND at < @end AND (@type = '' OR action = @type)
    AND (@user = '' OR (actor_login = @user COLLATE NOCASE AND (@staffViewer = 1 OR actor_staff = 0)))`;
  const count = db.prepare(`SELECT COUNT(*) AS n FROM activity_log WHERE ${where}`);
  const page = db.prepare(
    `SELECT * FROM activity_log WHERE ${where} ORDER BY at DESC, id DESC LIMIT @limit OFFSET @offset`,
  );

  const requestIdOf = (given: string | null | undefined) =>
    given === undefined ? (currentRequest()?.id ?? null) : given;

  /** Appends one entry; returns its id. Called inside the change's transaction, it commits or rolls back with it. */
  const append = (e: NewActivity): number => {
    const failed = e.failed ?? [];
    return Number(
      ins.run({
        at: clock.now(),
        ban: e.ban,
        userId: e.actor.userId,
        login: e.actor.login,
        role: e.actor.role,
        staff: e.actor.staff ? 1 : 0,
        impersonated: e.actor.impersonated ? 1 : 0,
        action: e.action,
        targets: JSON.stringify(e.targets.map((t) => ({ kind: t.kind, id: t.id }))),
        result: e.result ?? (failed.length > 0 ? 'partial' : 'ok'),
        failed: JSON.stringify(failed),
        keySerial: e.keySerial ?? null,
        signatureId: e.signatureId ?? null,
        detail: e.detail === undefined ? null : JSON.stringify(e.detail),
        requestId: requestIdOf(e.requestId),
      }).lastInsertRowid,
    );
  };

  return {
    append,

    /** One entry by id (tests, the impersonation's session). */
    get(id: number): ActivityRow | undefined {
      const r = byId.get(id) as Raw | undefined;
      return r && toRow(r);
    },

    /**
     * Page `pageNo` (0-based) of `size` entries of `ban` matching `filter`, newest first, with the count of all that
     * match. `staffViewer`: whether the reader may see (and so filter by) staff logins (AL3).
     */
    page(
      ban: string,
      filter: ActivityFilter,
      pageNo: number,
      size: number,
      staffViewer: boolean,
    ): { rows: ActivityRow[]; total: number } {
      const args = { ban, ...filter, staffViewer: staffViewer ? 1 : 0 };
      const { n } = count.get(args) as { n: number };
      const rows = (page.all({ ...args, limit: size, offset: pageNo * size }) as Raw[]).map(toRow);
      return { rows, total: n };
    },

    /**
     * A staff user starts viewing the company `ban` (or its number `sn`): the start entry, whose id the session keeps
     * (`sessions.impersonation_id`) until the viewing ends.
     */
    startImpersonation(actor: ActivityActor, ban: string, sn: string | null): number {
      return append({
        ban,
        actor: { ...actor, impersonated: true },
        action: 'impersonation.start',
        targets: [{ kind: 'account', id: ban }, ...(sn === null ? [] : numberTargets([sn]))],
      });
    },

    /**
     * The viewing started by entry `startId` ends (back to the own account, another client chosen, sign-out, the
     * session's end): its end entry, with the start's actor and targets, appended once — a second end of the same
     * start appends nothing. Returns whether this call appended it.
     */
    endImpersonation(startId: number, reason: string): boolean {
      return (
        insEnd.run({ at: clock.now(), start: startId, reason, requestId: requestIdOf(undefined) }).changes ===
        1
      );
    },
  };
}

export type ActivityStore = ReturnType<typeof createActivityStore>;
