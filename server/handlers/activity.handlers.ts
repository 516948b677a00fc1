/**
 * The company's activity log on the reference backend (docs/decisions.md AL1-AL5): `activity/list?from&to&type&user&
 * page&size`. Which company: the one in view — the caller's own BAN, or the BAN a staff user views; the query names no
 * BAN, so nobody reaches another company's log (as EM4). Who: the page's rule `mayOpenActivityLog`
 * (src/domain/routes.rules.ts: the company's curator and key owner, staff with the search flag for the company they
 * view), which `PAGE_OF` already applies (server/permissions.ts) and the handler asks again, with the profile in view
 * a company's, not a number's. What a client sees of staff: their role, never their login (AL3).
 */
import {
  ACTIVITY_PAGE_SIZE,
  type ActivityParams,
  type ActivityProblem,
  activityPageCount,
  activityProblem,
  mayOpenActivityLog,
} from '../../src/domain/activity.rules';
import { tashkentDayRange } from '../../src/domain/dates.rules';
import { isRealDay } from '../../src/domain/orders.rules';
import { activeRole, isClientRole } from '../../src/domain/roles.rules';
import type { ActivityEntryWire } from '../../src/services/contract/activity.contract';
import { ensure, type Handlers } from '../handler';
import type { ActivityRow } from '../store/activity.store';

type Filters = Pick<ActivityParams, 'from' | 'to' | 'type' | 'user'>;

/** The query field a problem is about, for the E101 description (`query.from: badDate`). */
function fieldOf(f: Filters, problem: ActivityProblem): string {
  // an impossible day names its field; both real, the start after the end names the start
  if (problem === 'badDate') return !isRealDay(f.from) || isRealDay(f.to) ? 'from' : 'to';
  if (problem === 'rangeTooLong') return 'to';
  return problem;
}

/** An entry as `viewer` may see it: a staff actor's login only to staff (AL3); never the internal detail. */
function entryWire(r: ActivityRow, staffViewer: boolean): ActivityEntryWire {
  return {
    id: r.id,
    at: new Date(r.at).toISOString(),
    action: r.action,
    actor: {
      login: r.actorStaff && !staffViewer ? null : r.actorLogin,
      role: r.actorRole,
      staff: r.actorStaff,
    },
    impersonated: r.impersonated,
    targets: r.targets.map((t) => ({ kind: t.kind, id: t.id })),
    result: r.result,
    failed: r.failed,
    keySerial: r.keySerial,
    requestId: r.requestId,
  };
}

export const activityHandlers: Handlers = {
  'activity.list': ({ input, session, svc }) => {
    const { viewer } = session;
    const profile = viewer.profile;
    // a company's profile in view (a number's profile has no log of its own), and a reader of its log
    ensure(mayOpenActivityLog(viewer.facts) && profile?.ban && profile.sn == null, 'E005');
    const q = input.query;
    const filters: Filters = { from: q.from, to: q.to, type: q.type ?? '', user: q.user ?? '' };
    const problem = activityProblem(filters);
    ensure(
      problem === null,
      'E101',
      problem === null ? undefined : `query.${fieldOf(filters, problem)}: ${problem}`,
    );
    // Tashkent days (TZ1): `from` from its 00:00 there, `to` to its end
    const { start, end } = tashkentDayRange(filters.from, filters.to);
    const role = activeRole(viewer.roles);
    const staffViewer = role === undefined || !isClientRole(role);
    const size = q.size ?? ACTIVITY_PAGE_SIZE;
    const page = q.page ?? 0;
    const { rows, total } = svc.activity.page(
      String(profile.ban),
      { start, end, type: filters.type, user: filters.user },
      page,
      size,
      staffViewer,
    );
    return {
      content: rows.map((r) => entryWire(r, staffViewer)),
      totalElements: total,
      totalPages: activityPageCount(total, size),
    };
  },
};
