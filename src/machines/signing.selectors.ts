import type { SnapshotFrom } from 'xstate';
import type { ListedKey, SigningMachine } from './signing.machine';
import { statePathOf } from './state-path';

/** A snapshot of the signing chart, as `useSelector` hands it to a selector. */
export type SigningSnapshot = SnapshotFrom<SigningMachine>;

/** The dotted path of the active state (`data-state` of the signing panel), e.g. `wrongPassword`. */
export const selectSigningStatePath = (s: SigningSnapshot): string => statePathOf(s.value);

/** `meta.testId` of the active state: the element the panel shows for it. */
export const selectSigningTestId = (s: SigningSnapshot): string | undefined => {
  const meta = s.getMeta() as Record<string, { testId?: string } | undefined>;
  return meta[`signing.${statePathOf(s.value)}`]?.testId;
};

/** The module or the server is working (progress text, no Retry). */
export const selectSigningBusy = (s: SigningSnapshot): boolean => s.hasTag('busy');
/** A failure is shown. */
export const selectSigningFailed = (s: SigningSnapshot): boolean => s.hasTag('error');
/** The module's password window is open. */
export const selectWaitingPassword = (s: SigningSnapshot): boolean => s.hasTag('waitingUser');
/** The failure shown can be retried (some, such as the impersonation refusal, can only be cancelled). */
export const selectCanRetry = (s: SigningSnapshot): boolean => s.can({ type: 'signing.retry' });
/** Error code (i18n key or catalogue code) of the failure shown. */
export const selectSigningErrorCode = (s: SigningSnapshot): string | null => s.context.errorCode;
/** The key chosen for signing, once found. */
export const selectSigningKey = (s: SigningSnapshot): ListedKey | null => s.context.key;

/** The human-readable text of the document being signed (shown while the password is asked). */
export const selectSigningText = (s: SigningSnapshot): string => s.context.text;

/** Progress steps the panel names while busy. */
export type SigningStep = 'gettingTin' | 'preparing' | 'connecting' | 'waitingPassword' | 'verifying';

const STEP_OF: Readonly<Record<string, SigningStep>> = {
  gettingTaxId: 'gettingTin',
  gettingChallenge: 'preparing',
  connecting: 'connecting',
  signing: 'waitingPassword',
  verifying: 'verifying',
};

/** The progress step of a busy state, `null` at rest. */
export const selectSigningStep = (s: SigningSnapshot): SigningStep | null =>
  STEP_OF[statePathOf(s.value)] ?? null;

/** The panel's outcome steps, checked against the chart's states at compile time. */
export const selectIsSigned = (s: SigningSnapshot): boolean => s.matches('signed');
export const selectIsSigningCancelled = (s: SigningSnapshot): boolean => s.matches('cancelled');

/** What the signing panel renders (decisions AR18): read by `useWorkflow` in one selector. `retry`: the failure
 *  shown may be retried (the state allows `signing.retry`). */
export const connectSigningPanel = (s: SigningSnapshot) => ({
  statePath: selectSigningStatePath(s),
  signed: selectIsSigned(s),
  cancelled: selectIsSigningCancelled(s),
  testId: selectSigningTestId(s),
  busy: selectSigningBusy(s),
  failed: selectSigningFailed(s),
  retry: selectCanRetry(s),
  errorCode: selectSigningErrorCode(s),
  step: selectSigningStep(s),
  key: selectSigningKey(s),
  documentText: selectSigningText(s),
});
