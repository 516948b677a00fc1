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
