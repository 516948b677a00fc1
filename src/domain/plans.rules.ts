/**
 * Blocks and restores planned for a later day (docs/decisions.md SP1-SP8): which days and hours a
 * plan may name, when it runs, and who manages and reads a company's plans.
 */
import { tashkentDay, tashkentDayStart } from './dates.rules';
import { isRealDay } from './orders.rules';
import type { UserFacts } from './roles.rules';
import { readsCompany } from './routes.rules';

/** How many days ahead a plan may be made: from tomorrow to today + 90, Tashkent days (SP1). */
export const PLAN_MAX_DAYS = 90;

const HOUR_MS = 3_600_000;

export type PlanAction = 'block' | 'restore';

/** What a plan names: the action, a Tashkent day `YYYY-MM-DD`, and for a restore the hour (0-23). */
export interface PlanWhen {
  readonly action: PlanAction;
  readonly date: string;
  readonly hour?: number | null | undefined;
}

/** Why a plan's day or hour is refused: today or before ('from tomorrow'), after today + 90, not a real day, an hour
 *  a block cannot have (a block takes effect at 00:00, spec 4) or a restore hour outside 0-23. */
export type PlanProblem = 'pastDate' | 'tooFar' | 'badDate' | 'badHour';

/** The Tashkent day `n` days after `day` (`YYYY-MM-DD`). */
function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return t.toISOString().slice(0, 10);
}

/** The problem with a plan's day and hour at `now`, or null. */
export function planProblem(p: PlanWhen, now: number): PlanProblem | null {
  if (!isRealDay(p.date)) return 'badDate';
  const hour = p.hour ?? null;
  if (p.action === 'block') {
    if (hour !== null && hour !== 0) return 'badHour';
  } else if (hour === null || !Number.isInteger(hour) || hour < 0 || hour > 23) return 'badHour';
  const today = tashkentDay(now);
  if (p.date <= today) return 'pastDate';
  if (p.date > addDays(today, PLAN_MAX_DAYS)) return 'tooFar';
  return null;
}

/** When a plan runs (epoch ms): a block at 00:00 Tashkent of its day, a restore at its hour there (SP1). */
export function planRunAt(action: PlanAction, date: string, hour: number | null | undefined): number {
  const start = tashkentDayStart(date);
  return action === 'block' ? start : start + (hour ?? 0) * HOUR_MS;
}

/** The hour a plan keeps: 0 for a block. */
export const planHour = (action: PlanAction, hour: number | null | undefined): number =>
  action === 'block' ? 0 : (hour ?? 0);

/** Who creates and cancels a company's plans (SP4): its curator (R004) or key owner (R007), in their own account. */
export const mayManagePlans = (f: UserFacts): boolean =>
  !f.banSelected && readsCompany(f, 'scheduledActions');

/** Who reads a company's plans (SP4): those who manage them, and staff with the search flag for the company in view
 *  (as `mayOpenActivityLog`). */
export const mayReadPlans = (f: UserFacts): boolean => readsCompany(f, 'scheduledActions');

/** Whole days, for the tests and the dialog: `n` days after the Tashkent day of `now`. */
export const planDayAfter = (now: number, n: number): string => addDays(tashkentDay(now), n);

/** What a plan may be, as the contract names it (SP1): waiting for its day, being carried out, done, partly done (some
 *  numbers failed), failed (with its reason), cancelled before it started. */
export const PLAN_STATUSES = ['scheduled', 'applying', 'done', 'partial', 'failed', 'cancelled'] as const;
export type PlanStatusName = (typeof PLAN_STATUSES)[number];

export function isPlanStatus(s: string): s is PlanStatusName {
  return (PLAN_STATUSES as readonly string[]).includes(s);
}

/** A plan is cancelled only while it waits for its day (SP7: E144 once it started, finished or was cancelled). */
export const isPlanCancellable = (status: string): boolean => status === 'scheduled';

/** Why a plan failed without a code (SP6), each said in words; anything else is a catalogue code (`E042`, or
 *  `E042: detail` as the runner writes a refusal) or shown as it came. */
export const PLAN_FAILURES = [
  'creatorInactive',
  'creatorNotManager',
  'priceChanged',
  'accountGone',
  'numbersFailed',
] as const;
export type PlanFailureName = (typeof PLAN_FAILURES)[number];

/** A failed plan's reason read: a known word, a catalogue code, or the text as it came. */
export function planFailureOf(
  reason: string | null,
):
  | { kind: 'known'; name: PlanFailureName }
  | { kind: 'code'; code: string }
  | { kind: 'other'; text: string }
  | null {
  if (reason === null || reason === '') return null;
  if ((PLAN_FAILURES as readonly string[]).includes(reason))
    return { kind: 'known', name: reason as PlanFailureName };
  const code = /^(E\d{3})\b/.exec(reason)?.[1];
  return code ? { kind: 'code', code } : { kind: 'other', text: reason };
}

/** Rows per page of the plans' list (SP9). */
export const PLANS_PAGE_SIZE = 20;

/** The plans' list as the URL holds it (SP9): a status ('' = every status) and the 1-based page. */
export interface PlansParams {
  readonly status: string;
  readonly page: number;
}

/** What is wrong with the URL's filter, before anything is asked: a status plans do not have. */
export type PlansProblem = 'status';

export function plansProblem(p: Pick<PlansParams, 'status'>): PlansProblem | null {
  return p.status === '' || isPlanStatus(p.status) ? null : 'status';
}

/** Reads the list's filter from untrusted strings (the URL): a status kept as typed (so the page can say it is
 *  unknown), a malformed page is 1. */
export function parsePlansParams(get: (name: string) => string | null): PlansParams {
  const pageText = get('page') ?? '';
  return {
    status: (get('status') ?? '').trim().slice(0, 40),
    page: /^\d{1,5}$/.test(pageText) && Number(pageText) >= 1 ? Number(pageText) : 1,
  };
}

export const samePlansParams = (a: PlansParams, b: PlansParams): boolean =>
  a.status === b.status && a.page === b.page;
