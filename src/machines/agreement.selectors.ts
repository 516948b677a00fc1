import type { SnapshotFrom } from 'xstate';
import type { AgreementErrors, AgreementForm } from '@/domain/agreement.rules';
import { FORM_INVALID_MESSAGE } from '@/domain/agreement.rules';
import type { AgreementContext, AgreementMachine, RegisteredAgreement } from './agreement.machine';
import { canRetry, errorWithRetry } from './error-code';
import { statePathOf } from './state-path';

/** A snapshot of the contract-registration machine, as `useSelector` hands it to a selector. */
export type AgreementSnapshot = SnapshotFrom<AgreementMachine>;

/** Dotted leaf paths of the three regions (the page's `data-state`). */
export const selectAgreementState = (s: AgreementSnapshot): string => statePathOf(s.value);
/** The form as typed. */
export const selectAgreementForm = (s: AgreementSnapshot): AgreementForm => s.context.form;
/** Field messages, by field (`contacts.<i>.<field>` for contact persons). */
export const selectAgreementErrors = (s: AgreementSnapshot): AgreementErrors => s.context.errors;
/** The form-level message key, shown while fields are wrong ('Заполните все поля корректно'). */
export const selectFormMessage = (s: AgreementSnapshot): string | null =>
  s.matches({ registration: { form: 'invalid' } }) ? FORM_INVALID_MESSAGE : null;
/** The form may be changed (not while a check or registration runs, not after a failure until 'back to form'). */
export const selectFormEditable = (s: AgreementSnapshot): boolean => s.matches({ registration: 'form' });
/** A check or registration runs. */
export const selectAgreementBusy = (s: AgreementSnapshot): boolean => s.hasTag('busy');
/** Code of the failed check or registration, when shown. */
export const selectAgreementFailure = (s: AgreementSnapshot): string | null =>
  s.matches({ registration: 'failed' }) ? s.context.error : null;
/** The agreement just registered, when the result is shown. */
export const selectRegistered = (s: AgreementSnapshot): RegisteredAgreement | null =>
  s.matches({ registration: 'done' }) ? s.context.agreement : null;
/** The page of registered agreements on screen (null before the first). */
export const selectAgreementList = (s: AgreementSnapshot): AgreementContext['list'] => s.context.list;
/** The list is loading. */
export const selectListBusy = (s: AgreementSnapshot): boolean => s.hasTag('listBusy');
/** Code of the failed list load, when shown. */
export const selectListError = (s: AgreementSnapshot): string | null =>
  s.matches({ list: 'failed' }) ? s.context.listError : null;
/** The document whose PDF is downloading, or null. */
export const selectDownloadingDoc = (s: AgreementSnapshot): number | null =>
  s.hasTag('downloading') ? s.context.docId : null;
/** Code of the failed download, when shown. */
export const selectDownloadError = (s: AgreementSnapshot): string | null =>
  s.matches({ download: 'failed' }) ? s.context.downloadError : null;
export { canRetry } from './error-code';

/** What the agreement page's frame renders (decisions AR18): read by `useWorkflow` in one selector. */
export const connectAgreementPage = (s: AgreementSnapshot) => ({
  state: selectAgreementState(s),
  registered: selectRegistered(s),
});

/** What the registration form renders. */
export const connectAgreementForm = (s: AgreementSnapshot) => {
  const failure = selectAgreementFailure(s);
  return {
    form: selectAgreementForm(s),
    errors: selectAgreementErrors(s),
    message: selectFormMessage(s),
    editable: selectFormEditable(s),
    busy: selectAgreementBusy(s),
    failure,
    retry: canRetry(failure),
  };
};

/** What the form's contact persons render. */
export const connectContactPersons = (s: AgreementSnapshot) => ({
  form: selectAgreementForm(s),
  errors: selectAgreementErrors(s),
});

/** What the list of registered agreements renders. */
export const connectAgreementList = (s: AgreementSnapshot) => ({
  list: selectAgreementList(s),
  busy: selectListBusy(s),
  ...errorWithRetry(selectListError(s)),
});
