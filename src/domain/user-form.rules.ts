import type { UserKind } from './constants';
import { staffContactFields } from './recovery-contact.rules';
import { CLIENT_ROLES, isClientRole, mayGrantRole, STAFF_ROLES } from './roles.rules';
import {
  isBan,
  isEmail,
  isTypedPhone,
  isValidLogin,
  LOGIN_MAX,
  NAME_MAX,
  phoneDigits,
  tooLongCode,
  validateLatinLogin,
} from './validators.rules';

/**
 * The administration's user form (spec 5 "User creation/editing"): which roles an account of a kind may get, who may
 * change its proxy, the form's checks before anything is sent (the server checks again), and the request bodies the
 * form becomes. The user-admin chart's guards and actions call these; the wire schemas (admin.contract.ts) accept
 * what they return (the chart's `SaveRequest` is typed against them).
 */

/** The kind of an account, from its active role. */
export const kindOfRoles = (roles: readonly string[]): UserKind =>
  roles[0] !== undefined && isClientRole(roles[0]) ? 'subscriber' : 'admin';

/** Roles offered for an account of `kind`. */
export const rolesForKind = (kind: UserKind): readonly string[] =>
  kind === 'subscriber' ? CLIENT_ROLES : STAFF_ROLES;

/** What the editing user may do, handed in with the route. */
export interface EditorRights {
  /** the editor's active role (the session's chosen role first): the grant table reads it (roles.rules.ts
   *  `mayGrantRole`, PRG1); null without a role */
  readonly role: string | null;
  /** the editor is an operator employee (a staff role): only employees may change proxy (spec 5) */
  readonly employee: boolean;
}

/** The form's role field: the roles it offers, and whether the editor may change the role (PRG3). */
export interface RoleField {
  readonly options: readonly string[];
  readonly editable: boolean;
}

/** Before the edited account is loaded: nothing offered, nothing to change. */
export const NO_ROLE_FIELD: RoleField = { options: [], editable: false };

/**
 * The role field for an account of `kind` (PRG3): the roles of that kind the editor may grant (roles.rules.ts
 * `mayGrantRole`). An edited account whose role (`held`) the editor may not grant shows that role as it is, alone and
 * read-only, rather than a list without it; a new account (`held` null) or one without a role offers the list.
 */
export function roleFieldOf(editorRole: string | null, kind: UserKind, held: string | null): RoleField {
  const grantable = rolesForKind(kind).filter((role) => mayGrantRole(editorRole, role));
  if (held === null || held === '' || grantable.includes(held))
    return { options: grantable, editable: grantable.length > 0 };
  return { options: [held], editable: false };
}

/** Whether the role field takes `value`: the editor may change the role, and the value is offered (or blank). */
export const roleFieldTakes = (field: RoleField, value: string): boolean =>
  field.editable && (value === '' || field.options.includes(value));

/** Which page: create an account of a kind (`creation/{type}`), or edit one (`edit-user/{id}`). */
export type UserAdminTarget =
  | { readonly mode: 'create'; readonly kind: UserKind }
  | { readonly mode: 'edit'; readonly userId: string };

/** The fields of the form. `ban` is the company a client account acts for under its power of attorney (proxy). */
export type UserField = 'user_name' | 'full_name' | 'role' | 'ban' | 'phone' | 'email';
export type UserForm = Readonly<Record<UserField, string>>;
/** Per-field error codes (i18n keys of validation.* or catalogue codes). */
export type FieldErrors = Readonly<Partial<Record<UserField, string>>>;

export const EMPTY_FORM: UserForm = { user_name: '', full_name: '', role: '', ban: '', phone: '', email: '' };

/** A blank form for a new account of `kind`. */
export const blankForm = (kind: UserKind): UserForm => ({
  ...EMPTY_FORM,
  role: kind === 'subscriber' ? 'R001' : '',
});

/** May the editor change the proxy (company binding) of an account? Only employees may (spec 5). */
export const canChangeProxy = (editor: EditorRights, kind: UserKind): boolean =>
  editor.employee && kind === 'subscriber';

/** Whether a check found anything. */
export const hasFieldErrors = (e: FieldErrors): boolean => Object.keys(e).length > 0;

/**
 * Checks the form before anything is sent (the server checks again). Codes are i18n keys:
 * `validation.fillRequired` (missing), `validation.latinOnly` (Cyrillic or other non-Latin login),
 * `validation.fields` (wrong format, or a role the role field does not offer: `roles`, see `roleFieldOf`).
 */
export function validateUserForm(
  mode: 'create' | 'edit',
  kind: UserKind,
  form: UserForm,
  roles: readonly string[],
): FieldErrors {
  const errors: Partial<Record<UserField, string>> = {};
  const login = form.user_name.trim();
  if (mode === 'create') {
    if (login === '') errors.user_name = 'validation.required';
    else if (validateLatinLogin(login)) errors.user_name = 'validation.latinOnly';
    else if (login.length > LOGIN_MAX) errors.user_name = tooLongCode(LOGIN_MAX);
    else if (!isValidLogin(login)) errors.user_name = 'validation.fields';
  }
  // U22: the name is required on create and on edit alike (an edit may not clear it), at most 200 characters
  const name = form.full_name.trim();
  if (name === '') errors.full_name = 'validation.required';
  else if (name.length > NAME_MAX) errors.full_name = tooLongCode(NAME_MAX);
  if (form.role === '') errors.role = 'validation.required';
  else if (!roles.includes(form.role)) errors.role = 'validation.fields';
  const ban = form.ban.trim();
  if (kind === 'subscriber') {
    if (ban === '' && mode === 'create') errors.ban = 'validation.required';
    else if (ban !== '' && !isBan(ban)) errors.ban = 'validation.fields';
  }
  const phone = phoneDigits(form.phone);
  // PRC1: a field staff may not type (a client account's contact) is not checked: it is not sent either
  const typed = (f: 'phone' | 'email') => contactFieldMode(kind, mode, form.role, f) === 'editable';
  if (typed('phone')) {
    if (form.role === 'R001' && mode === 'create' && phone === '') errors.phone = 'validation.required';
    else if (form.phone.trim() !== '' && !isTypedPhone(form.phone)) errors.phone = 'validation.phone';
  }
  if (typed('email') && form.email.trim() !== '' && !isEmail(form.email)) errors.email = 'validation.email';
  return errors;
}

const orUndefined = (s: string) => (s.trim() === '' ? undefined : s.trim());

/** What POST user/create receives (admin.contract.ts `userCreateBody`). */
export interface UserCreateRequest {
  kind: UserKind;
  user_name: string;
  roles: string[];
  full_name?: string;
  ban?: string;
  phone?: string;
  email?: string;
}

/** What POST user/update/{user_id} receives: any subset of the editable fields (`userUpdateBody`). */
export interface UserUpdateRequest {
  full_name?: string;
  roles?: string[];
  ban?: string;
  phone?: string;
  email?: string;
}

/** What GET user/get/{user_id} says about the account that the form shows. */
export interface UserFormSource {
  readonly user_name: string;
  readonly full_name?: string | null;
  readonly roles: readonly string[];
  readonly ban?: string | null;
  readonly phone?: string | null;
  readonly email?: string | null;
}

/** POST user/create body from the form (exactly one role, spec 4 E130). */
export function toCreateBody(kind: UserKind, form: UserForm): UserCreateRequest {
  const body: UserCreateRequest = { kind, user_name: form.user_name.trim(), roles: [form.role] };
  const full = orUndefined(form.full_name);
  if (full !== undefined) body.full_name = full;
  const ban = orUndefined(form.ban);
  if (kind === 'subscriber' && ban !== undefined) body.ban = ban;
  const phone = orUndefined(phoneDigits(form.phone));
  if (phone !== undefined && contactFieldMode(kind, 'create', form.role, 'phone') === 'editable')
    body.phone = phone;
  const email = orUndefined(form.email);
  if (email !== undefined && contactFieldMode(kind, 'create', form.role, 'email') === 'editable')
    body.email = email;
  return body;
}

/** The form as loaded from GET user/get/{user_id}. */
export function formOf(details: UserFormSource): UserForm {
  return {
    user_name: details.user_name,
    full_name: details.full_name ?? '',
    role: details.roles[0] ?? '',
    ban: details.ban ?? '',
    phone: details.phone ?? '',
    email: details.email ?? '',
  };
}

/** POST user/update/{user_id} body: only the fields that changed, so an untouched BAN is never re-sent (E135). */
export function toUpdateBody(original: UserForm, form: UserForm): UserUpdateRequest {
  const body: UserUpdateRequest = {};
  if (form.full_name.trim() !== original.full_name) body.full_name = form.full_name.trim();
  if (form.role !== original.role) body.roles = [form.role];
  if (form.ban.trim() !== original.ban && form.ban.trim() !== '') body.ban = form.ban.trim();
  const phone = phoneDigits(form.phone);
  // PRC1: a client account's contact is shown read-only and never sent (the server answers E135)
  const client = kindOfRoles([original.role]) === 'subscriber';
  if (!client && form.phone.trim() !== original.phone && phone !== '') body.phone = phone;
  if (!client && form.email.trim() !== original.email && form.email.trim() !== '')
    body.email = form.email.trim();
  return body;
}

/**
 * How the form shows a contact field (docs/decisions.md PRC1): staff type a staff account's e-mail and phone; of a
 * client account only a new subscriber's own number (`staffContactFields`). A client account's contact is shown
 * read-only when editing (staff see where its links go) and left out when creating (its activation goes to the
 * company's contact on record, PRC2).
 */
export function contactFieldMode(
  kind: UserKind,
  mode: 'create' | 'edit',
  role: string,
  field: 'phone' | 'email',
): 'editable' | 'readOnly' | 'hidden' {
  if (kind !== 'subscriber') return 'editable';
  // a client account's form (whatever role is typed into it): only a new subscriber's own number (PRC1)
  if (staffContactFields(isClientRole(role) ? role : 'R004', mode)[field]) return 'editable';
  return mode === 'create' ? 'hidden' : 'readOnly';
}
