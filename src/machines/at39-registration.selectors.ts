import type { SnapshotFrom } from 'xstate';
import type { At39Step } from '@/domain/at39.rules';
import type { At39RegistrationContext, At39RegistrationMachine } from './at39-registration.machine';
import { canRetry, errorWithRetry } from './error-code';
import { statePathOf } from './state-path';

/** A snapshot of the AT 39 registration chart. */
export type At39RegistrationSnapshot = SnapshotFrom<At39RegistrationMachine>;

/** Dotted leaf path (`account.choosing`), the page's `data-state`. */
export const selectRegState = (s: At39RegistrationSnapshot): string => statePathOf(s.value);

/** Which step of the stepper is current ('workplace' before the passport; null while opening or resuming). */
export type At39Screen =
  | 'opening'
  | 'workplace'
  | At39Step
  | 'done'
  | 'readOnly'
  | 'resumeFailed'
  | 'createFailed';
export function selectScreen(s: At39RegistrationSnapshot): At39Screen {
  if (s.matches('opening') || s.matches('resuming')) return 'opening';
  if (s.matches('resumeFailed')) return 'resumeFailed';
  if (s.matches('workplace')) return 'workplace';
  if (s.matches('passport') || s.matches('creating')) return 'passport';
  if (s.matches('createFailed')) return 'createFailed';
  if (s.matches('kit')) return 'kit';
  if (s.matches('account')) return 'account';
  if (s.matches('documents')) return 'documents';
  if (s.matches('done')) return 'done';
  if (s.matches('readOnly')) return 'readOnly';
  return 'submit';
}

/** The state a compound step is in, typed by the chart's own state names (renaming one fails `tsc`, AR11). */
type RegValue = At39RegistrationSnapshot['value'];
type StepPhase<K extends string> = Extract<RegValue, Record<K, unknown>>[K];

/** The passport step's phase. */
export type PassportPhase = StepPhase<'passport'> | 'creating';
export function selectPassportPhase(s: At39RegistrationSnapshot): PassportPhase | null {
  if (s.matches('creating')) return 'creating';
  const v = s.value;
  return typeof v === 'object' && 'passport' in v ? v.passport : null;
}

/** The account step's phase. */
export type AccountPhase = StepPhase<'account'>;
export function selectAccountPhase(s: At39RegistrationSnapshot): AccountPhase | null {
  const v = s.value;
  return typeof v === 'object' && 'account' in v ? v.account : null;
}

/** The documents step's phase. */
export type DocsPhase = StepPhase<'documents'>;
export function selectDocsPhase(s: At39RegistrationSnapshot): DocsPhase | null {
  const v = s.value;
  return typeof v === 'object' && 'documents' in v ? v.documents : null;
}

/** The review's phase. */
export type ReviewPhase = StepPhase<'review'> | 'done' | 'readOnly';
export function selectReviewPhase(s: At39RegistrationSnapshot): ReviewPhase | null {
  if (s.matches('done')) return 'done';
  if (s.matches('readOnly')) return 'readOnly';
  const v = s.value;
  return typeof v === 'object' && 'review' in v ? v.review : null;
}

export const selectBusy = (s: At39RegistrationSnapshot): boolean => s.hasTag('busy');
/** Whether the review offers filling in the address: the passport service left some of its fields empty (PRI7). */
export const selectCanFillAddress = (s: At39RegistrationSnapshot): boolean => s.context.editable.length > 0;
export const selectRegError = (s: At39RegistrationSnapshot): string | null => s.context.error;
export const selectRegContext = (s: At39RegistrationSnapshot): At39RegistrationContext => s.context;
export const selectRegistrationId = (s: At39RegistrationSnapshot): string | null => s.context.registrationId;
export { canRetry };

/** What the page's frame renders (decisions AR18): the stepper, the step shown, the registration's number. */
export const connectRegistration = (s: At39RegistrationSnapshot) => ({
  state: selectRegState(s),
  screen: selectScreen(s),
  regId: selectRegistrationId(s),
});

/** What a failed resume or a failed create renders: the error and whether Retry is offered. */
export const connectStepError = (s: At39RegistrationSnapshot) => errorWithRetry(selectRegError(s));

/** What the workplace (token) step renders. */
export const connectWorkplace = (s: At39RegistrationSnapshot) => ({
  busy: selectBusy(s),
  error: selectRegError(s),
  token: s.context.token,
});

/** What the SIM kit step renders. */
export const connectKit = (s: At39RegistrationSnapshot) => ({
  busy: selectBusy(s),
  error: selectRegError(s),
});

/** The SIM kit checked, shown above the account step. */
export const connectKitSummary = (s: At39RegistrationSnapshot) => ({ card: s.context.card });

/** What a step with a call of its own renders: its phase, the chart's context, busy, and whether Retry helps. */
const stepWith = <P>(phase: P, s: At39RegistrationSnapshot) => {
  const ctx = selectRegContext(s);
  return { phase, ctx, busy: selectBusy(s), retry: canRetry(ctx.error) };
};

/** What the passport step renders. */
export const connectPassport = (s: At39RegistrationSnapshot) => stepWith(selectPassportPhase(s), s);

/** What the account step (BAN, price plan, number) renders. */
export const connectAccount = (s: At39RegistrationSnapshot) => stepWith(selectAccountPhase(s), s);

/** What the documents step renders. */
export const connectDocuments = (s: At39RegistrationSnapshot) => stepWith(selectDocsPhase(s), s);

/** What the review (submit, done, read-only) renders. */
export const connectReview = (s: At39RegistrationSnapshot) => ({
  phase: selectReviewPhase(s),
  ctx: selectRegContext(s),
  busy: selectBusy(s),
  canFill: selectCanFillAddress(s),
});

/** What the person form (the address fields the passport service left empty) renders. */
export const connectEditPerson = (s: At39RegistrationSnapshot) => ({
  ctx: selectRegContext(s),
  busy: selectBusy(s),
});
