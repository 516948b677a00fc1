import type { SnapshotFrom } from 'xstate';
import { canChangeProxy, contactFieldMode } from '@/domain/user-form.rules';
import { statePathOf } from './state-path';
import type { UserAdminMachine } from './user-admin.machine';

/** A snapshot of the user creation / editing chart. */
export type UserAdminSnapshot = SnapshotFrom<UserAdminMachine>;

export const selectUserAdminStatePath = (s: UserAdminSnapshot): string => statePathOf(s.value);
export const selectUserForm = (s: UserAdminSnapshot) => s.context.form;
export const selectFieldErrors = (s: UserAdminSnapshot) => s.context.fieldErrors;
export const selectUserKind = (s: UserAdminSnapshot) => s.context.kind;
export const selectIsCreating = (s: UserAdminSnapshot): boolean => s.context.target?.mode === 'create';
export const selectUserDetails = (s: UserAdminSnapshot) => s.context.details;
export const selectCreatedId = (s: UserAdminSnapshot): string | null =>
  s.matches({ form: 'created' }) ? s.context.createdId : null;
export const selectIsSaved = (s: UserAdminSnapshot): boolean => s.matches({ form: 'saved' });
export const selectIsInvalid = (s: UserAdminSnapshot): boolean => s.matches({ form: 'invalid' });
export const selectIsSaving = (s: UserAdminSnapshot): boolean => s.matches({ form: 'saving' });
/** Fields cannot change while saving and once the account is created (create another to start over). */
export const selectIsFormLocked = (s: UserAdminSnapshot): boolean =>
  s.matches({ form: 'saving' }) || s.matches({ form: 'created' });
export const selectIsLoadingUser = (s: UserAdminSnapshot): boolean => s.matches('loading');
export const selectShowsForm = (s: UserAdminSnapshot): boolean => s.matches('form');
/** The server's refusal shown above the save button (E135, E136, E005 …). */
export const selectSaveFailure = (s: UserAdminSnapshot): string | null =>
  s.matches({ form: 'saveFailed' }) ? (s.context.errorCode ?? 'unknown') : null;
export const selectLoadFailure = (s: UserAdminSnapshot): string | null =>
  s.matches('loadFailed') ? (s.context.errorCode ?? 'unknown') : null;
/** Roles offered in the role field: those of the account's kind the editor may grant (the grant table of
 *  roles.rules.ts), or the edited account's own role alone when the editor may not grant it (PRG3). */
export const selectRoleOptions = (s: UserAdminSnapshot): readonly string[] => s.context.roleField.options;
/** The editor may change the role (else the role field is read-only and says why). */
export const selectCanEditRole = (s: UserAdminSnapshot): boolean => s.context.roleField.editable;
/** The company binding (proxy) field is shown for client accounts. */
export const selectHasProxy = (s: UserAdminSnapshot): boolean => s.context.kind === 'subscriber';
/** Only employees may change proxy (spec 5). */
export const selectCanChangeProxy = (s: UserAdminSnapshot): boolean =>
  canChangeProxy(s.context.editor, s.context.kind);

/** The form's steps, checked against the chart's states at compile time. */
export const selectIsUserLoading = (s: UserAdminSnapshot): boolean => s.matches('loading');
export const selectIsUserCreated = (s: UserAdminSnapshot): boolean => s.matches({ form: 'created' });

/** How the form shows the phone and the e-mail (PRC1): typed, read-only (a client account's, when editing) or left
 *  out (a new client account's, whose activation goes to its company's contact). */
const contactMode = (s: UserAdminSnapshot, field: 'phone' | 'email') =>
  contactFieldMode(s.context.kind, s.context.target?.mode ?? 'create', s.context.form.role, field);
export const selectPhoneMode = (s: UserAdminSnapshot) => contactMode(s, 'phone');
export const selectEmailMode = (s: UserAdminSnapshot) => contactMode(s, 'email');
/** How the created account's activation link travelled (PRC2), once created; null when the server did not say. */
export const selectActivationRoute = (s: UserAdminSnapshot) =>
  s.matches({ form: 'created' }) ? s.context.activation : null;

/** What the user form page renders (decisions AR18): read by `useWorkflow` in one selector. */
export const connectUserForm = (s: UserAdminSnapshot) => ({
  statePath: selectUserAdminStatePath(s),
  loading: selectIsUserLoading(s),
  created: selectIsUserCreated(s),
  form: selectUserForm(s),
  errors: selectFieldErrors(s),
  kind: selectUserKind(s),
  creating: selectIsCreating(s),
  details: selectUserDetails(s),
  createdId: selectCreatedId(s),
  saved: selectIsSaved(s),
  saving: selectIsSaving(s),
  locked: selectIsFormLocked(s),
  loadFailure: selectLoadFailure(s),
  saveFailure: selectSaveFailure(s),
  showsForm: selectShowsForm(s),
  invalid: selectIsInvalid(s),
  roleOptions: selectRoleOptions(s),
  canEditRole: selectCanEditRole(s),
  hasProxy: selectHasProxy(s),
  canChangeProxy: selectCanChangeProxy(s),
  phoneMode: selectPhoneMode(s),
  emailMode: selectEmailMode(s),
  activation: selectActivationRoute(s),
});
