/**
 * The company's activity log (docs/decisions.md AL1-AL6): what changed a company's state, who did it,
 * under which signature, with which result. One list for the page, the server and the export: the actions the
 * server records, the results, the filters the URL holds and what is wrong with them.
 */
import { isRealDay } from './orders.rules';
import type { UserFacts } from './roles.rules';
import { readsCompany } from './routes.rules';

/**
 * What the server records, one entry per action that changes a company's state (AL1). Wire names: the server
 * writes them, the page names them in both languages, and a name this portal does not know is shown as it came.
 */
export const ACTIVITY_ACTIONS = [
  /** numbers or the account blocked now (spec 5 client/suspend, block/batch) */
  'block',
  /** numbers or the account restored now (spec 5 client/restore, block/batch) */
  'restore',
  /** a block or restore planned for a later day (docs/decisions.md SP1) */
  'plan.create',
  /** a planned block or restore cancelled before it started */
  'plan.cancel',
  /** a planned block or restore carried out (by the server's timer, no user) */
  'plan.apply',
  /** a golden number bought */
  'golden.purchase',
  /** an order of new numbers created */
  'order.create',
  /** an order moved along its lifecycle (paid, issued, cancelled) */
  'order.status',
  /** a service or package connected */
  'service.connect',
  /** a service or package disconnected */
  'service.disconnect',
  /** a user of the company created */
  'user.create',
  /** a user of the company edited (name, roles, regions, contact) */
  'user.edit',
  /** a user of the company blocked */
  'user.block',
  /** a user of the company unblocked */
  'user.unblock',
  /** the company's or an account's recovery contact changed */
  'contact.change',
  /** a document uploaded (a scan, a signed document) */
  'document.upload',
  /** a contract registered */
  'contract.register',
  /** a staff user started acting in the company's account */
  'impersonation.start',
  /** that staff user stopped (back to their own account, sign-out, the session's end) */
  'impersonation.end',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** How an action ended: done, done for some targets only (failed numbers listed), or not done. */
export const ACTIVITY_RESULTS = ['ok', 'partial', 'failed'] as const;
export type ActivityResult = (typeof ACTIVITY_RESULTS)[number];

/** What an entry names as its targets: a number, the account (BAN), a user, an order, a document, a contract, a
 *  service, a plan. */
export const ACTIVITY_TARGET_KINDS = [
  'number',
  'account',
  'user',
  'order',
  'document',
  'contract',
  'service',
  'plan',
] as const;
export type ActivityTargetKind = (typeof ACTIVITY_TARGET_KINDS)[number];

/** Rows per page of the log (AL4). */
export const ACTIVITY_PAGE_SIZE = 20;

/** The longest range the log is asked for (AL4: "a date range over a year" is refused): a year, a leap year's too. */
export const MAX_ACTIVITY_RANGE_DAYS = 366;

/** Days the log shows when the URL names no range: the last 30 Tashkent days, today included (AL4). */
export const DEFAULT_ACTIVITY_DAYS = 30;

/** How long the reference backend keeps an entry (AL5): three years, then the retention run erases it. */
export const ACTIVITY_RETENTION_DAYS = 1095;

/** Longest user filter (a login, LOGIN_MAX in ./credentials.rules.ts). */
export const ACTIVITY_USER_MAX = 100;

/** The log's filters and page as the URL holds them (AL4). */
export interface ActivityParams {
  /** ISO `YYYY-MM-DD` Tashkent day, '' when not given */
  readonly from: string;
  readonly to: string;
  /** one of ACTIVITY_ACTIONS, '' = every action */
  readonly type: string;
  /** a login, '' = everyone */
  readonly user: string;
  /** 1-based */
  readonly page: number;
}

/**
 * What is wrong with the filters, before anything is asked (AL4), each a translated message of its own:
 * `badDate` an impossible day or the start after the end, `rangeTooLong` more than a year, `type` an action the log
 * does not know, `user` a login with characters no login has.
 */
export type ActivityProblem = 'badDate' | 'rangeTooLong' | 'type' | 'user';

const LOGIN_TEXT = /^[A-Za-z0-9._@-]*$/;

export function isActivityAction(s: string): s is ActivityAction {
  return (ACTIVITY_ACTIONS as readonly string[]).includes(s);
}

/** Days from `from` to `to` (both `YYYY-MM-DD`), 0 for the same day. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
}

/** The first problem of the filters, or null (the server applies the same rule, E101 with the field). */
export function activityProblem(
  p: Pick<ActivityParams, 'from' | 'to' | 'type' | 'user'>,
): ActivityProblem | null {
  if (!isRealDay(p.from) || !isRealDay(p.to) || p.from > p.to) return 'badDate';
  if (daysBetween(p.from, p.to) >= MAX_ACTIVITY_RANGE_DAYS) return 'rangeTooLong';
  if (p.type !== '' && !isActivityAction(p.type)) return 'type';
  if (p.user.length > ACTIVITY_USER_MAX || !LOGIN_TEXT.test(p.user)) return 'user';
  return null;
}

/** `YYYY-MM-DD` of `day` shifted by `delta` days (calendar arithmetic, no time zone involved). */
export function shiftDay(day: string, delta: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + delta);
  return d.toISOString().slice(0, 10);
}

/**
 * Reads the filters from untrusted strings (the URL). No range: the last DEFAULT_ACTIVITY_DAYS days up to `today`
 * (Tashkent's, given by the caller); a malformed value is kept as typed so the page can say what is wrong with it; a
 * malformed page is 1.
 */
export function parseActivityParams(get: (name: string) => string | null, today: string): ActivityParams {
  const pageText = get('page') ?? '';
  const from = (get('from') ?? '').trim().slice(0, 10);
  const to = (get('to') ?? '').trim().slice(0, 10);
  const none = from === '' && to === '';
  return {
    from: none ? shiftDay(today, 1 - DEFAULT_ACTIVITY_DAYS) : from,
    to: none ? today : to,
    type: (get('type') ?? '').trim().slice(0, 40),
    user: (get('user') ?? '').trim().slice(0, ACTIVITY_USER_MAX + 1),
    page: /^\d{1,5}$/.test(pageText) && Number(pageText) >= 1 ? Number(pageText) : 1,
  };
}

export function sameActivityParams(a: ActivityParams, b: ActivityParams): boolean {
  return a.from === b.from && a.to === b.to && a.type === b.type && a.user === b.user && a.page === b.page;
}

/** Pages of a log of `total` entries. */
export function activityPageCount(total: number, size = ACTIVITY_PAGE_SIZE): number {
  return Math.ceil(total / size);
}

/**
 * Who opens the company's activity log (docs/decisions.md AL6): the company's curator (R004) and key owner (R007) in
 * their own account, and a staff user whose role may search (spec 6 `search`) in the company they view; nobody else.
 * The reference backend asks the same rule and also checks that the profile in view is a company, not a number.
 */
export const mayOpenActivityLog = (f: UserFacts): boolean => readsCompany(f, 'activityLog');
