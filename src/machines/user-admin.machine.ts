import { assign, fromPromise, setup } from 'xstate';
import { CLIENT_ROLES, isClientRole, STAFF_ROLES } from '@/domain/roles.rules';
import { isEmail, isValidLogin, validateLatinLogin } from '@/domain/validators.rules';
import type {
  UserCreateBody,
  UserDetails,
  UserKind,
  UserUpdateBody,
} from '@/services/contract/admin.contract';
import { SYSTEM_IDS, tellSystem } from './actor-system';
import { errorCodeOf, notProvided } from './error-code';
import type { StateMeta } from './state-meta';

/** The kind of an account, from its active role. */
export const kindOfRoles = (roles: readonly string[]): UserKind =>
  roles[0] !== undefined && isClientRole(roles[0]) ? 'subscriber' : 'admin';

/** Roles offered for an account of `kind`. */
export const rolesForKind = (kind: UserKind): readonly string[] =>
  kind === 'subscriber' ? CLIENT_ROLES : STAFF_ROLES;

/** What the editing user may do (from its config flags, spec 6), handed in with the route. */
export interface EditorRights {
  /** createSubscriber: may give client roles */
  readonly client: boolean;
  /** createAdmin: may give staff roles */
  readonly staff: boolean;
  /** the editor is an operator employee (a staff role): only employees may change proxy (spec 5) */
  readonly employee: boolean;
}

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

const BAN = /^\d{9}$/;
const PHONE = /^\d{9,12}$/;

/** May the editor change the proxy (company binding) of an account? Only employees may (spec 5). */
export const canChangeProxy = (editor: EditorRights, kind: UserKind): boolean =>
  editor.employee && kind === 'subscriber';

/** May the editor give roles of this kind (createSubscriber for client roles, createAdmin for staff roles)? */
export const canGrantKind = (editor: EditorRights, kind: UserKind): boolean =>
  kind === 'subscriber' ? editor.client : editor.staff;

/**
 * Checks the form before anything is sent (the server checks again). Codes are i18n keys:
 * `validation.fillRequired` (missing), `validation.latinOnly` (Cyrillic or other non-Latin login),
 * `validation.fields` (wrong format).
 */
export function validateUserForm(mode: 'create' | 'edit', kind: UserKind, form: UserForm): FieldErrors {
  const errors: Partial<Record<UserField, string>> = {};
  const login = form.user_name.trim();
  if (mode === 'create') {
    if (login === '') errors.user_name = 'validation.required';
    else if (validateLatinLogin(login)) errors.user_name = 'validation.latinOnly';
    else if (!isValidLogin(login)) errors.user_name = 'validation.fields';
  }
  if (form.role === '') errors.role = 'validation.required';
  else if (!rolesForKind(kind).includes(form.role)) errors.role = 'validation.fields';
  const ban = form.ban.trim();
  if (kind === 'subscriber') {
    if (ban === '' && mode === 'create') errors.ban = 'validation.required';
    else if (ban !== '' && !BAN.test(ban)) errors.ban = 'validation.fields';
  }
  const phone = form.phone.replace(/\D/g, '');
  if (form.role === 'R001' && mode === 'create' && phone === '') errors.phone = 'validation.required';
  else if (form.phone.trim() !== '' && !PHONE.test(phone)) errors.phone = 'validation.phone';
  if (form.email.trim() !== '' && !isEmail(form.email)) errors.email = 'validation.email';
  return errors;
}

const orUndefined = (s: string) => (s.trim() === '' ? undefined : s.trim());

/** POST user/create body from the form (exactly one role, spec 4 E130). */
export function toCreateBody(kind: UserKind, form: UserForm): UserCreateBody {
  const body: UserCreateBody = { kind, user_name: form.user_name.trim(), roles: [form.role] };
  const full = orUndefined(form.full_name);
  if (full !== undefined) body.full_name = full;
  const ban = orUndefined(form.ban);
  if (kind === 'subscriber' && ban !== undefined) body.ban = ban;
  const phone = orUndefined(form.phone.replace(/\D/g, ''));
  if (phone !== undefined) body.phone = phone;
  const email = orUndefined(form.email);
  if (email !== undefined) body.email = email;
  return body;
}

/** The form as loaded from GET user/get/{user_id}. */
export function formOf(details: UserDetails): UserForm {
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
export function toUpdateBody(original: UserForm, form: UserForm): UserUpdateBody {
  const body: UserUpdateBody = {};
  if (form.full_name.trim() !== original.full_name) body.full_name = form.full_name.trim();
  if (form.role !== original.role) body.roles = [form.role];
  if (form.ban.trim() !== original.ban && form.ban.trim() !== '') body.ban = form.ban.trim();
  const phone = form.phone.replace(/\D/g, '');
  if (form.phone.trim() !== original.phone && phone !== '') body.phone = phone;
  if (form.email.trim() !== original.email && form.email.trim() !== '') body.email = form.email.trim();
  return body;
}

/** What the save actor sends: create or update. */
export type SaveRequest =
  | { readonly mode: 'create'; readonly body: UserCreateBody }
  | { readonly mode: 'edit'; readonly userId: string; readonly body: UserUpdateBody };

export interface UserAdminContext {
  readonly target: UserAdminTarget | null;
  readonly editor: EditorRights;
  /** kind of the account being created or edited */
  readonly kind: UserKind;
  readonly details: UserDetails | null;
  /** the form as loaded (edit) or blank (create): what "changed" is measured against */
  readonly original: UserForm;
  readonly form: UserForm;
  readonly fieldErrors: FieldErrors;
  /** code of a failed load or save (E005, E014, E135, E136 …) */
  readonly errorCode: string | null;
  /** id of the account just created */
  readonly createdId: string | null;
}

/**
 * Events of the user creation / editing chart.
 * - `route.entered`: fact from the route (`creation/{type}` or `edit-user/{id}`) with the editor's rights; also sent
 *   when only the route parameter changes.
 * - `field.change`: user intent, a form field changed.
 * - `form.submit`: user intent, save.
 * - `load.retry`: user intent after loading the user failed.
 * - `form.restart`: user intent after creating an account, create another one.
 */
export type UserAdminEvent =
  | { type: 'route.entered'; target: UserAdminTarget; editor: EditorRights }
  | { type: 'field.change'; field: UserField; value: string }
  | { type: 'form.submit' }
  | { type: 'load.retry' }
  | { type: 'form.restart' };

const NO_RIGHTS: EditorRights = { client: false, staff: false, employee: false };

const hasErrors = (e: FieldErrors) => Object.keys(e).length > 0;

/** A changed field: back to editing, its error dropped. Not while saving, not once created (read-only), and never
 *  the login of an existing account. */
const changeField = {
  guard: {
    type: 'isFieldEditable',
    params: ({ event }: { event: Extract<UserAdminEvent, { type: 'field.change' }> }) => ({
      field: event.field,
    }),
  },
  target: 'editing',
  actions: {
    type: 'assignField',
    params: ({ event }: { event: Extract<UserAdminEvent, { type: 'field.change' }> }) => ({
      field: event.field,
      value: event.value,
    }),
  },
} as const;

/**
 * Creating users of the kinds the config allows (createSubscriber, createAdmin) and editing users
 * (GET user/get/{user_id} → branch, regions; POST user/update/{user_id}). Field errors are shown inline; server
 * refusals (E005, E135, E136 "employee data changes forbidden") are shown above the save button.
 */
export const userAdminMachine = setup({
  types: {
    context: {} as UserAdminContext,
    events: {} as UserAdminEvent,
    meta: {} as StateMeta,
  },
  actors: {
    /** GET user/get/{user_id}. */
    getUser: fromPromise<UserDetails, { userId: string }>(async () => notProvided('getUser')),
    /** POST user/create or POST user/update/{user_id}; the id of a created account. */
    saveUser: fromPromise<{ userId: string | null }, SaveRequest>(async () => notProvided('saveUser')),
  },
  guards: {
    /** E014 'user not found' (spec 8): the address names no user; retrying cannot help (U17). */
    isUserNotFound: (_, params: { error: unknown }) => errorCodeOf(params.error) === 'E014',
    isEditTarget: (_, params: { target: UserAdminTarget }) => params.target.mode === 'edit',
    isFormValid: ({ context }) =>
      context.target !== null &&
      !hasErrors(validateUserForm(context.target.mode, context.kind, context.form)),
    isCreating: ({ context }) => context.target?.mode === 'create',
    isFieldEditable: ({ context }, params: { field: UserField }) =>
      params.field !== 'user_name' || context.target?.mode === 'create',
  },
  actions: {
    /** U16: a created user and saved changes are also said in a notification (spec 9, 4 s). */
    notifyCreated: tellSystem(SYSTEM_IDS.notifications, {
      type: 'notice.push',
      notice: { tone: 'success', key: 'admin.created' },
    }),
    notifySaved: tellSystem(SYSTEM_IDS.notifications, {
      type: 'notice.push',
      notice: { tone: 'success', key: 'admin.saved' },
    }),
    enterCreate: assign((_, params: { target: UserAdminTarget; editor: EditorRights }) => {
      const kind = params.target.mode === 'create' ? params.target.kind : 'admin';
      const form = blankForm(kind);
      return {
        target: params.target,
        editor: params.editor,
        kind,
        details: null,
        original: form,
        form,
        fieldErrors: {},
        errorCode: null,
        createdId: null,
      };
    }),
    enterEdit: assign((_, params: { target: UserAdminTarget; editor: EditorRights }) => ({
      target: params.target,
      editor: params.editor,
      details: null,
      original: EMPTY_FORM,
      form: EMPTY_FORM,
      fieldErrors: {},
      errorCode: null,
      createdId: null,
    })),
    assignDetails: assign((_, params: { details: UserDetails }) => {
      const form = formOf(params.details);
      return { details: params.details, kind: kindOfRoles(params.details.roles), original: form, form };
    }),
    assignField: assign(({ context }, params: { field: UserField; value: string }) => {
      const { [params.field]: _cleared, ...rest } = context.fieldErrors;
      return { form: { ...context.form, [params.field]: params.value }, fieldErrors: rest, errorCode: null };
    }),
    assignFieldErrors: assign(({ context }) => ({
      fieldErrors: context.target ? validateUserForm(context.target.mode, context.kind, context.form) : {},
    })),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCodeOf(params.error) })),
    clearError: assign({ errorCode: null }),
    assignSaved: assign(({ context }, params: { userId: string | null }) => ({
      createdId: context.target?.mode === 'create' ? params.userId : null,
      original: context.form,
      errorCode: null,
    })),
    resetForm: assign(({ context }) => {
      const blank = blankForm(context.kind);
      return { form: blank, original: blank, createdId: null, fieldErrors: {}, errorCode: null };
    }),
  },
}).createMachine({
  id: 'userAdmin',
  description:
    'Create a user of an allowed kind, or edit one (branch and regions shown), with E135/E136 shown.',
  context: {
    target: null,
    editor: NO_RIGHTS,
    kind: 'admin',
    details: null,
    original: EMPTY_FORM,
    form: EMPTY_FORM,
    fieldErrors: {},
    errorCode: null,
    createdId: null,
  },
  initial: 'waiting',
  on: {
    'route.entered': [
      {
        guard: { type: 'isEditTarget', params: ({ event }) => ({ target: event.target }) },
        target: '.loading',
        actions: {
          type: 'enterEdit',
          params: ({ event }) => ({ target: event.target, editor: event.editor }),
        },
      },
      {
        target: '.form',
        actions: {
          type: 'enterCreate',
          params: ({ event }) => ({ target: event.target, editor: event.editor }),
        },
      },
    ],
  },
  states: {
    waiting: {
      description: 'Before the route is known (never shown for long: the page sends the route on mount).',
      meta: { view: 'the page heading only', testId: 'user-admin' },
    },
    loading: {
      description: 'Loads the user to edit (GET user/get/{user_id}).',
      meta: { view: 'loading text in the page', testId: 'user-admin-loading' },
      tags: ['busy'],
      invoke: {
        id: 'getUser',
        src: 'getUser',
        input: ({ context }) => ({ userId: context.target?.mode === 'edit' ? context.target.userId : '' }),
        onDone: {
          target: 'form',
          actions: { type: 'assignDetails', params: ({ event }) => ({ details: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isUserNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'notFound',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'loadFailed',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    notFound: {
      description:
        'No user has this id (E014): the page is not found, with the way back to the search (U17).',
      meta: { view: 'the not-found page', testId: 'not-found' },
      tags: ['error'],
    },
    loadFailed: {
      description: 'Loading the user failed (network, server); the user may retry.',
      meta: { view: 'error text with a retry button', testId: 'user-admin-load-failed' },
      tags: ['error'],
      on: { 'load.retry': { target: 'loading', actions: 'clearError' } },
    },
    form: {
      description:
        'The form of the account (login only when creating; branch and regions shown when editing).',
      meta: { view: 'labelled form with the save button', testId: 'user-admin-form' },
      initial: 'editing',
      states: {
        editing: {
          description: 'The user fills in or changes fields.',
          meta: { view: 'the form with the save button, no message', testId: 'user-admin-save' },
          on: {
            // the login of an existing account is shown read-only: typing into it changes nothing
            'field.change': [changeField, {}],
            'form.submit': [
              { guard: 'isFormValid', target: 'saving' },
              { target: 'invalid', actions: 'assignFieldErrors' },
            ],
          },
        },
        invalid: {
          description: 'Some fields are missing or malformed: each shows its error until a field changes.',
          meta: {
            view: "field errors under the fields and 'Заполните все поля корректно'",
            testId: 'user-admin-invalid',
          },
          tags: ['error'],
          on: { 'field.change': changeField },
        },
        saving: {
          description: 'Saves (POST user/create or POST user/update/{user_id}).',
          meta: { view: 'save button busy, fields read-only', testId: 'user-admin-save' },
          tags: ['busy'],
          invoke: {
            id: 'saveUser',
            src: 'saveUser',
            input: ({ context }): SaveRequest =>
              context.target?.mode === 'edit'
                ? {
                    mode: 'edit',
                    userId: context.target.userId,
                    body: toUpdateBody(context.original, context.form),
                  }
                : { mode: 'create', body: toCreateBody(context.kind, context.form) },
            onDone: [
              {
                guard: 'isCreating',
                target: 'created',
                actions: [
                  { type: 'assignSaved', params: ({ event }) => ({ userId: event.output.userId }) },
                  'notifyCreated',
                ],
              },
              {
                target: 'saved',
                actions: [
                  { type: 'assignSaved', params: ({ event }) => ({ userId: event.output.userId }) },
                  'notifySaved',
                ],
              },
            ],
            onError: {
              target: 'saveFailed',
              actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        saved: {
          description: "The changes were saved: 'Изменения сохранены'.",
          meta: { view: "'Изменения сохранены' above the save button", testId: 'user-admin-saved' },
          on: {
            'field.change': changeField,
            'form.submit': { target: 'saving' },
          },
        },
        created: {
          description:
            "The account was created: 'Пользователь создан' with a link to edit it, or create another.",
          meta: {
            view: "'Пользователь создан' with the edit link and a create-another button",
            testId: 'user-admin-created',
          },
          on: { 'form.restart': { target: 'editing', actions: 'resetForm' } },
        },
        saveFailed: {
          description:
            'The server refused (E005, E004, E135, E136 …): the text is shown above the save button.',
          meta: { view: 'server error text above the save button', testId: 'user-admin-save-failed' },
          tags: ['error'],
          on: {
            'field.change': changeField,
            'form.submit': { target: 'saving' },
          },
        },
      },
    },
  },
});

export type UserAdminMachine = typeof userAdminMachine;
