import type { ActorRefFrom, AnyActorRef, SnapshotFrom } from 'xstate';
import { formatPhone } from '@/domain/phone.rules';
import { mayChangeRecoveryContacts } from '@/domain/routes.rules';
import { canRetry } from './error-code';
import type { CompanyAccount, RecoveryContactMachine } from './recovery-contact.machine';
import { type SessionSnapshot, selectUserFacts } from './session.selectors';
import type { SigningMachine } from './signing.machine';
import { statePathOf } from './state-path';

/** What the key owner's recovery-contact page reads (docs/decisions.md PRC6). */
export type RecoveryContactSnapshot = SnapshotFrom<RecoveryContactMachine>;

/** The page's step: one panel each. */
export type RecoveryContactStep =
  | 'loading'
  | 'loadFailed'
  | 'choosing'
  | 'form'
  | 'signing'
  | 'saving'
  | 'saveFailed'
  | 'done';

export const selectRecoveryContactStatePath = (s: RecoveryContactSnapshot): string => statePathOf(s.value);

export function selectRecoveryContactStep(s: RecoveryContactSnapshot): RecoveryContactStep {
  if (s.matches('editing') || s.matches('invalid')) return 'form';
  return s.value as Exclude<RecoveryContactStep, 'form'>;
}

export const selectRecoveryContactBusy = (s: RecoveryContactSnapshot): boolean => s.hasTag('busy');
export const selectCompanyAccounts = (s: RecoveryContactSnapshot): readonly CompanyAccount[] =>
  s.context.accounts;
export const selectCompanyBan = (s: RecoveryContactSnapshot): string | null => s.context.ban;
export const selectChosenAccount = (s: RecoveryContactSnapshot): CompanyAccount | null => s.context.selected;
/** The refused field and its message code (`validation.email`, `validation.phone`, `validation.fillRequired`). */
export const selectContactFieldError = (s: RecoveryContactSnapshot) =>
  s.matches('invalid') ? s.context.fieldError : null;
/** The signing was cancelled: the form says nothing was changed. */
export const selectSigningCancelled = (s: RecoveryContactSnapshot): boolean =>
  s.matches('editing') && s.context.cancelled;
export const selectRecoveryContactError = (s: RecoveryContactSnapshot): string | null =>
  s.matches('loadFailed') || s.matches('saveFailed') ? (s.context.errorCode ?? 'unknown') : null;
/** Retry is offered on a failed load, never while the session ends (E009). */
export const selectCanRetryLoad = (s: RecoveryContactSnapshot): boolean =>
  s.matches('loadFailed') && canRetry(s.context.errorCode);
/** What the form's e-mail field starts with: the contact last signed (a cancelled signing keeps it), else the chosen
 *  account's own. */
export const selectDefaultEmail = (s: RecoveryContactSnapshot): string =>
  (s.context.contact ?? s.context.selected)?.email ?? '';
/** What the phone field starts with, the same way, in the portal's one reading format (+998 90 123 45 67). */
export const selectDefaultPhone = (s: RecoveryContactSnapshot): string =>
  formatPhone((s.context.contact ?? s.context.selected)?.phone ?? null);

/** The contact that was signed and saved (the result names it). */
export const selectSavedContact = (s: RecoveryContactSnapshot) =>
  s.matches('done') ? s.context.contact : null;
export const selectActivationSent = (s: RecoveryContactSnapshot): boolean =>
  s.matches('done') && s.context.activationSent;

/** The running signing child, for the signing panel. */
export const selectContactSigningRef = (s: RecoveryContactSnapshot): ActorRefFrom<SigningMachine> | null => {
  const child = (s.children as Record<string, AnyActorRef | undefined>).signing;
  if (!child) return null;
  const snap = child.getSnapshot() as { hasTag?: unknown };
  return typeof snap.hasTag === 'function' ? (child as ActorRefFrom<SigningMachine>) : null;
};

/** Whether the signed-in user is shown the way to the page: exactly whom it opens for (PRC6, `routeAccess`). */
export function selectMayChangeRecoveryContacts(s: SessionSnapshot): boolean {
  const facts = selectUserFacts(s);
  return facts !== null && mayChangeRecoveryContacts(facts);
}

/** What the recovery-contact page's frame renders (decisions AR18): read by `useWorkflow` in one selector. */
export const connectRecoveryContactPage = (s: RecoveryContactSnapshot) => ({
  statePath: selectRecoveryContactStatePath(s),
  step: selectRecoveryContactStep(s),
});

/** What the load failure renders; `retry` is `selectCanRetryLoad` (never on E009). */
export const connectRecoveryContactLoad = (s: RecoveryContactSnapshot) => ({
  step: selectRecoveryContactStep(s),
  error: selectRecoveryContactError(s),
  retry: selectCanRetryLoad(s),
});

/** What the table of the company's accounts renders. */
export const connectRecoveryContactAccounts = (s: RecoveryContactSnapshot) => ({
  accounts: selectCompanyAccounts(s),
});

/** What the chosen account's contact form renders, with its signing, saving and save failure. */
export const connectRecoveryContactForm = (s: RecoveryContactSnapshot) => ({
  step: selectRecoveryContactStep(s),
  account: selectChosenAccount(s),
  defaultEmail: selectDefaultEmail(s),
  defaultPhone: selectDefaultPhone(s),
  fieldError: selectContactFieldError(s),
  cancelled: selectSigningCancelled(s),
  error: selectRecoveryContactError(s),
  signingRef: selectContactSigningRef(s),
});

/** What the result renders. */
export const connectRecoveryContactResult = (s: RecoveryContactSnapshot) => ({
  step: selectRecoveryContactStep(s),
  account: selectChosenAccount(s),
  saved: selectSavedContact(s),
  activationSent: selectActivationSent(s),
});
