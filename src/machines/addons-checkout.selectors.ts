import type { SnapshotFrom } from 'xstate';
import {
  affordableCount,
  checkoutTotal,
  type NumberOutcome,
  outcomeSummary,
  retryNumbers,
  serviceDocumentsHref,
} from '@/domain/addons.rules';
import type { AddonsCheckoutContext, AddonsCheckoutMachine } from './addons-checkout.machine';
import { errorWithRetry } from './error-code';
import { type SessionSnapshot, selectUserFacts } from './session.selectors';

export type AddonsCheckoutSnapshot = SnapshotFrom<AddonsCheckoutMachine>;

/** The checkout's step, one per panel the view shows: the chart's states, `continuing` shown as `applying` (typed by
 *  the chart's state names, so renaming one fails `tsc`, AR11). */
export type CheckoutStep = Exclude<AddonsCheckoutSnapshot['value'], 'continuing'>;

export const selectCheckoutStep = (s: AddonsCheckoutSnapshot): CheckoutStep => {
  const v = s.value;
  return v === 'continuing' ? 'applying' : v;
};
export const selectCheckoutState = (s: AddonsCheckoutSnapshot): string => s.value;

/** What is done, to how many numbers, for how much. */
export const selectCheckoutSummary = (
  s: AddonsCheckoutSnapshot,
): Pick<AddonsCheckoutContext, 'action' | 'pkg' | 'payerBan' | 'sns' | 'already'> & { total: number } => ({
  action: s.context.action,
  pkg: s.context.pkg,
  payerBan: s.context.payerBan,
  sns: s.context.sns,
  already: s.context.already,
  // the server's quote when there is one (SV12); a retry's failed numbers are priced as price × count
  total: s.context.total ?? checkoutTotal(s.context.pkg?.price ?? 0, s.context.sns.length),
});

/** The balance check: what is left, and how many numbers it pays for. */
export const selectBalance = (
  s: AddonsCheckoutSnapshot,
): { hasDeposit: boolean; balance: number; covers: number } | null => {
  const b = s.context.balance;
  if (!b) return null;
  return { ...b, covers: affordableCount(b, s.context.pkg?.price ?? 0, s.context.sns.length) };
};

/** Progress: outcomes the server confirmed, of the run's numbers. */
export const selectProgress = (s: AddonsCheckoutSnapshot): { done: number; total: number } => ({
  done: s.context.outcomes.filter((o) => o.code !== 'cancelled').length,
  total: s.context.sns.length,
});
export const selectStopping = (s: AddonsCheckoutSnapshot): boolean => s.context.stopping;
export const selectCheckoutBusy = (s: AddonsCheckoutSnapshot): boolean => s.hasTag('busy');
export const selectCheckoutError = (s: AddonsCheckoutSnapshot): string | null =>
  s.matches('quoteFailed') || s.matches('balanceFailed') || s.matches('applyFailed') ? s.context.error : null;

export const selectOutcomes = (s: AddonsCheckoutSnapshot): readonly NumberOutcome[] => s.context.outcomes;
export const selectOutcomeSummary = (s: AddonsCheckoutSnapshot) => outcomeSummary(s.context.outcomes);
export const selectRetryCount = (s: AddonsCheckoutSnapshot): number =>
  retryNumbers(s.context.outcomes).length;

/** The link of the result's service document: the Documents list when the user's role may open it, else null (SV11). */
export const selectServiceDocumentsHref = (s: SessionSnapshot): string | null =>
  serviceDocumentsHref(selectUserFacts(s));

/** What the checkout panel renders (decisions AR18): read by `useWorkflow` in one selector; `retry` is whether the
 *  failed step's error allows its retry. */
export const connectCheckout = (s: AddonsCheckoutSnapshot) => ({
  step: selectCheckoutStep(s),
  state: selectCheckoutState(s),
  summary: selectCheckoutSummary(s),
  balance: selectBalance(s),
  progress: selectProgress(s),
  stopping: selectStopping(s),
  busy: selectCheckoutBusy(s),
  ...errorWithRetry(selectCheckoutError(s)),
  outcomes: selectOutcomes(s),
  result: selectOutcomeSummary(s),
  retryCount: selectRetryCount(s),
});
