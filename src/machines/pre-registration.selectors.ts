import type { SnapshotFrom } from 'xstate';
import type { PreRegistrationMachine } from './pre-registration.machine';

/** What the pre-registration panel reads. */
export type PreRegistrationSnapshot = SnapshotFrom<PreRegistrationMachine>;
export type PreRegistrationStep =
  | 'preparing'
  | 'signing'
  | 'signFailed'
  | 'creating'
  | 'failed'
  | 'refused'
  | 'done';
export const selectPreRegistrationStep = (s: PreRegistrationSnapshot): PreRegistrationStep =>
  s.status === 'done' ? 'done' : (s.value as PreRegistrationStep);
export const selectPreRegistrationError = (s: PreRegistrationSnapshot): string | null => s.context.errorCode;
export const selectCanRetryRegistration = (s: PreRegistrationSnapshot): boolean =>
  s.can({ type: 'registration.retry' });

/** What the pre-registration panel renders (decisions AR18): read by `useWorkflow` in one selector. */
export const connectPreRegistration = (s: PreRegistrationSnapshot) => ({
  step: selectPreRegistrationStep(s),
  error: selectPreRegistrationError(s),
  canRetry: selectCanRetryRegistration(s),
  key: s.context.key.serialNumber ?? '',
});
