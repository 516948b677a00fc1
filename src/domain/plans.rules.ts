/**
 * Blocks and restores planned for a later day (docs/decisions.md SP1-SP8): which days and hours a
 * plan may name, when it runs, and who manages and reads a company's plans.
 */
import { offers } from './capabilities.rules';
import { tashkentDay, tashkentDayStart } from './dates.rules';
import { activeRole, type UserFacts, userConfig } from './roles.rules';

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
  if (Number.isNaN(tashkentDayStart(p.date))) return 'badDate';
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
export function mayManagePlans(f: UserFacts): boolean {
  if (!offers(f, 'scheduledActions') || f.profile === null || f.banSelected) return false;
  const role = activeRole(f.roles);
  return role === 'R004' || role === 'R007';
}

/** Who reads a company's plans (SP4): those who manage them, and staff with the search flag for the company in view
 *  (as `mayOpenActivityLog`). */
export function mayReadPlans(f: UserFacts): boolean {
  if (!offers(f, 'scheduledActions') || f.profile === null) return false;
  if (f.banSelected) return userConfig(f).search;
  return mayManagePlans(f);
}

/** Whole days, for the tests and the dialog: `n` days after the Tashkent day of `now`. */
export const planDayAfter = (now: number, n: number): string => addDays(tashkentDay(now), n);
