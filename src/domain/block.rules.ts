/**
 * Block/restore rules (spec 4 "Toggle" and "Block flow", spec 8 block/restore messages).
 */
import { DIRECT_BLOCK_ACCOUNT_TYPE, numberStatusKind } from './constants';

/** What the status toggle offers. */
export type ToggleAction = 'block' | 'restore';

/**
 * The toggle action of a number status (spec 4): active (A, O) shows block, blocked (S) shows restore; terminated,
 * tentative and unknown numbers have no action.
 */
export function toggleActionFor(statusCode: string): ToggleAction | null {
  const kind = numberStatusKind(statusCode);
  if (kind === 'active') return 'block';
  if (kind === 'blocked') return 'restore';
  return null;
}

/** Block flow step 3: sign with the electronic key unless the profile's account type is 20 (applied directly). */
export function blockNeedsSignature(at: number | null | undefined): boolean {
  return at !== DIRECT_BLOCK_ACCOUNT_TYPE;
}

/** Block flow step 2: blocking is paid (warning with the price per month) unless the lock is privileged. */
export function isBlockPaid(check: { privileged: boolean }): boolean {
  return !check.privileged;
}

/**
 * Why a number named by a block or restore was left as it was (they are not
 * failed; decision U7): terminated (N) and tentative (T) numbers have nothing to block or restore; a number already
 * waiting for a block or restore is in process; a block leaves a blocked number alone and a restore an active one;
 * a restore of the whole account leaves blocked the numbers its block did not block (`blockedBefore`).
 */
export type SkipReason =
  | 'terminated'
  | 'tentative'
  | 'inProcess'
  | 'alreadyBlocked'
  | 'notBlocked'
  | 'blockedBefore';

/** The order the result lists the reasons in. */
export const SKIP_REASONS: readonly SkipReason[] = [
  'terminated',
  'tentative',
  'inProcess',
  'alreadyBlocked',
  'notBlocked',
  'blockedBefore',
];

/**
 * What a block or restore does with one number of status `code`: `apply` it, leave it as it is (a skip reason), or
 * `fail` (a status outside spec 3 — the server cannot say what it would do).
 */
export function blockEffect(
  action: ToggleAction,
  code: string,
  pending: boolean,
): 'apply' | 'fail' | SkipReason {
  const kind = numberStatusKind(code);
  if (kind === 'terminated') return 'terminated';
  if (kind === 'tentative') return 'tentative';
  if (kind === 'unknown') return 'fail';
  if (pending) return 'inProcess';
  if (action === 'block') return kind === 'active' ? 'apply' : 'alreadyBlocked';
  return kind === 'blocked' ? 'apply' : 'notBlocked';
}

/** The total monthly price of blocking `count` numbers at `pricePerNumber` each (sums, two decimals). */
export function totalBlockPrice(pricePerNumber: number, count: number): number {
  return Math.round(pricePerNumber * count * 100) / 100;
}
