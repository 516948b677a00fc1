import { assign, setup } from 'xstate';
import type { ActivationRoute } from '@/domain/recovery-contact.rules';
import {
  blankForm,
  type EditorRights,
  EMPTY_FORM,
  type FieldErrors,
  formOf,
  hasFieldErrors,
  kindOfRoles,
  NO_ROLE_FIELD,
  type RoleField,
  roleFieldOf,
  roleFieldTakes,
  toCreateBody,
  toUpdateBody,
  type UserAdminTarget,
  type UserField,
  type UserForm,
  validateUserForm,
} from '@/domain/user-form.rules';
import type {
  UserCreateBody,
  UserDetails,
  UserKind,
  UserUpdateBody,
} from '@/services/contract/admin.contract';
import { SYSTEM_IDS, tellSystem } from './actor-system';
import { failTo, failWhen, outputTo, retryState } from './call-fragment';
import { errorCodeOf, unprovided } from './error-code';
import type { StateMeta } from './state-meta';

export type { EditorRights, FieldErrors, RoleField, UserAdminTarget, UserField, UserForm };

/** What the save actor returns: the account's id, and for a created one how its activation link travels. */
export interface SaveOutcome {
  readonly userId: string | null;
  readonly activation?: ActivationRoute | null;
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
  /** the role field: the roles the editor may grant for this kind of account, or the edited account's own role
   *  alone and read-only when the editor may not grant it (PRG3) */
  readonly roleField: RoleField;
  /** the form as loaded (edit) or blank (create): what "changed" is measured against */
  readonly original: UserForm;
  readonly form: UserForm;
  readonly fieldErrors: FieldErrors;
  /** code of a failed load or save (E005, E014, E135, E136 …) */
  readonly errorCode: string | null;
  /** id of the account just created */
  readonly createdId: string | null;
  /** how the created account's activation link travels (docs/decisions.md PRC2); null when the server did not say */
  readonly activation: ActivationRoute | null;
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

const NO_RIGHTS: EditorRights = { role: null, employee: false };

/** A changed field: back to editing, its error dropped. Not while saving, not once created (read-only), never the
 *  login of an existing account, and never a role the role field does not offer (PRG3). */
const changeField = {
  guard: {
    type: 'isFieldEditable',
    params: ({ event }: { event: Extract<UserAdminEvent, { type: 'field.change' }> }) => ({
      field: event.field,
      value: event.value,
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
/** What a user form holds before the user it edits has loaded: nothing, no role field, no error, no result. */
const UNLOADED = {
  details: null,
  roleField: NO_ROLE_FIELD,
  original: EMPTY_FORM,
  form: EMPTY_FORM,
  fieldErrors: {},
  errorCode: null,
  createdId: null,
  activation: null,
} as const;

export const userAdminMachine = setup({
  types: {
    context: {} as UserAdminContext,
    events: {} as UserAdminEvent,
    meta: {} as StateMeta,
  },
  actors: {
    /** GET user/get/{user_id}. */
    getUser: unprovided<UserDetails, { userId: string }>('getUser'),
    /** POST user/create or POST user/update/{user_id}; the id of a created account and where its link went. */
    saveUser: unprovided<SaveOutcome, SaveRequest>('saveUser'),
  },
  guards: {
    /** E014 'user not found' (spec 8): the address names no user; retrying cannot help (U17). */
    isUserNotFound: (_, params: { error: unknown }) => errorCodeOf(params.error) === 'E014',
    isEditTarget: (_, params: { target: UserAdminTarget }) => params.target.mode === 'edit',
    isFormValid: ({ context }) =>
      context.target !== null &&
      !hasFieldErrors(
        validateUserForm(context.target.mode, context.kind, context.form, context.roleField.options),
      ),
    isCreating: ({ context }) => context.target?.mode === 'create',
    isFieldEditable: ({ context }, params: { field: UserField; value: string }) => {
      if (params.field === 'user_name') return context.target?.mode === 'create';
      if (params.field === 'role') return roleFieldTakes(context.roleField, params.value);
      return true;
    },
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
        roleField: roleFieldOf(params.editor.role, kind, null),
        original: form,
        form,
        fieldErrors: {},
        errorCode: null,
        createdId: null,
        activation: null,
      };
    }),
    enterEdit: assign((_, params: { target: UserAdminTarget; editor: EditorRights }) => ({
      ...UNLOADED,
      target: params.target,
      editor: params.editor,
    })),
    assignDetails: assign(({ context }, params: { details: UserDetails }) => {
      const form = formOf(params.details);
      const kind = kindOfRoles(params.details.roles);
      const roleField = roleFieldOf(context.editor.role, kind, params.details.roles[0] ?? null);
      return { details: params.details, kind, roleField, original: form, form };
    }),
    assignField: assign(({ context }, params: { field: UserField; value: string }) => {
      const { [params.field]: _cleared, ...rest } = context.fieldErrors;
      return { form: { ...context.form, [params.field]: params.value }, fieldErrors: rest, errorCode: null };
    }),
    assignFieldErrors: assign(({ context }) => ({
      fieldErrors: context.target
        ? validateUserForm(context.target.mode, context.kind, context.form, context.roleField.options)
        : {},
    })),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCodeOf(params.error) })),
    clearError: assign({ errorCode: null }),
    assignSaved: assign(
      ({ context }, params: { userId: string | null; activation?: ActivationRoute | null }) => ({
        createdId: context.target?.mode === 'create' ? params.userId : null,
        activation: context.target?.mode === 'create' ? (params.activation ?? null) : null,
        original: context.form,
        errorCode: null,
      }),
    ),
    resetForm: assign(({ context }) => {
      const blank = blankForm(context.kind);
      return {
        form: blank,
        original: blank,
        createdId: null,
        activation: null,
        fieldErrors: {},
        errorCode: null,
      };
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
    ...UNLOADED,
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
        onDone: outputTo('form', 'assignDetails', 'details'),
        onError: [failWhen('isUserNotFound', 'notFound'), failTo('loadFailed')],
      },
    },
    notFound: {
      description:
        'No user has this id (E014): the page is not found, with the way back to the search (U17).',
      meta: { view: 'the not-found page', testId: 'not-found' },
      tags: ['error'],
    },
    loadFailed: retryState('load.retry', 'loading', {
      description: 'Loading the user failed (network, server); the user may retry.',
      meta: { view: 'error text with a retry button', testId: 'user-admin-load-failed' },
    }),
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
                  {
                    type: 'assignSaved',
                    params: ({ event }) => ({
                      userId: event.output.userId,
                      activation: event.output.activation,
                    }),
                  },
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
            onError: failTo('saveFailed'),
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
