/**
 * What the first script carries of the failure reports (docs/decisions.md OBS9): the listeners and a hand-over to
 * the reporter chunk (./error-report.ts), fetched on the first failure only, so the login page's scripts grow by a
 * few dozen bytes and nothing else.
 */
import type { SeenFailure } from '@/domain/client-errors.rules';

/** At most this many reports per page load: a failure in a loop is one problem, not a flood. */
const MAX_REPORTS = 5;

/** A reporter that hands failures to `send`, at most `MAX_REPORTS` (best effort: one that fails is dropped). */
export function reporter(send: (f: SeenFailure) => Promise<void>): (f: SeenFailure) => void {
  let reports = 0;
  return (failure) => {
    if (++reports <= MAX_REPORTS) send(failure).catch(() => undefined);
  };
}

/** The page's reporter: the reporter chunk (./error-report.ts), fetched on the first failure. */
export const reportFailure = reporter((f) => import('./error-report').then((m) => m.sendReport(f)));

/** The API client's `onContractBreak`: a reply that broke the contract (the E001 fallback). */
export const reportContractBreak = (b: { call: string; requestId: string | undefined; issues: string }) =>
  reportFailure({ kind: 'contract', requestId: b.requestId, route: b.call, reason: b.issues });

/** Reports the page's uncaught errors and unhandled promise rejections to `report`. */
export function watchUncaughtErrors(target: Window, report: (f: SeenFailure) => void): void {
  target.addEventListener('error', (e) => {
    // "Script error." without an error: another origin's script (an extension), nothing of ours to tell
    if (e.error != null) report({ kind: 'error', reason: e.error });
  });
  target.addEventListener('unhandledrejection', (e) => report({ kind: 'rejection', reason: e.reason }));
}
