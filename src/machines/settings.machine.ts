import { assign, setup } from 'xstate';
import {
  type ContactField,
  type ContactValues,
  contactsError,
  FEEDBACK_TYPES,
  type FeedbackType,
} from '@/domain/contacts.rules';
import type { PasswordField } from '@/domain/password-form.rules';
import { passwordChangeError, validatePasswordConfirmation } from '@/domain/validators.rules';
import type { DraftValues } from '@/services/drafts/draft-store';
import { SYSTEM_IDS, tellSystem } from './actor-system';
import { failTo, outputTo } from './call-fragment';
import { errorCodeOf, unprovided } from './error-code';
import type { StateMeta } from './state-meta';

export type { ContactField, ContactValues, FeedbackType, PasswordField };
export { FEEDBACK_TYPES };

/** An error shown on a Settings form: a code (catalogue code or i18n key) and its field (`null` = whole form). */
export interface SettingsError<F extends string> {
  readonly code: string;
  readonly field: F | null;
}

export interface SettingsInput {
  /** the contact data the profile holds now */
  readonly contacts: ContactValues;
  /** where the typed contact data is kept across an expiry (src/services/drafts `draftKey`); null = not kept */
  readonly draftKey: string | null;
}

/** Context: the contact form's values (not secret: kept as a draft), errors as codes. Passwords are never kept. */
export interface SettingsContext {
  readonly contacts: ContactValues;
  readonly draftKey: string | null;
  readonly passwordError: SettingsError<PasswordField> | null;
  readonly contactsError: SettingsError<ContactField> | null;
}

/**
 * Events of the Settings page.
 * - `password.submit`: user intent: change the password (current, new, confirmation).
 * - `contacts.change`: the user typed into a contact field (kept as a draft at once).
 * - `contacts.submit`: user intent: save the contact data.
 */
export type SettingsEvent =
  | { type: 'password.submit'; current: string; password: string; confirm: string }
  | { type: 'contacts.change'; field: ContactField; value: string }
  | { type: 'contacts.submit' };

/** Tags: `busy` while a call runs (that form's submit is disabled). */
export type SettingsTag = 'busy' | 'passwordBusy' | 'contactsBusy';

/** Merges a restored draft over the profile's values, reading only the contact fields. */
function mergeDraft(contacts: ContactValues, draft: DraftValues | null | undefined): ContactValues {
  if (!draft) return contacts;
  const feedback = draft.feedbackType;
  return {
    phone: typeof draft.phone === 'string' ? draft.phone : contacts.phone,
    email: typeof draft.email === 'string' ? draft.email : contacts.email,
    feedbackType:
      feedback === '' || (FEEDBACK_TYPES as readonly string[]).includes(feedback ?? '-')
        ? (feedback as FeedbackType | '')
        : contacts.feedbackType,
  };
}

/**
 * The Settings page: the password change (spec 5 'Пароли не совпадают'; ends a forced change) and the contact data
 * (phone, feedback type, email). Two independent forms in parallel regions. Typed contact data is kept as a draft on
 * every change and restored on entry, so an expiry (E009) mid-form loses nothing.
 */
type PasswordSubmit = { readonly event: Extract<SettingsEvent, { type: 'password.submit' }> };
type ContactChange = {
  readonly context: SettingsContext;
  readonly event: Extract<SettingsEvent, { type: 'contacts.change' }>;
};

/**
 * A password submit, from the form or from the changed message: a field the rules refuse, or a confirmation that
 * does not match, is shown and nothing is sent; otherwise the change is sent. `back` is the state a refusal shows
 * the form in (none: where it is).
 */
const submitPassword = (back: { readonly target?: 'editing' }) =>
  [
    {
      guard: { type: 'hasInvalidPassword', params: ({ event }: PasswordSubmit) => event },
      ...back,
      actions: { type: 'assignInvalidPassword', params: ({ event }: PasswordSubmit) => event },
    },
    {
      guard: { type: 'isPasswordMismatch', params: ({ event }: PasswordSubmit) => event },
      ...back,
      actions: 'assignMismatch',
    },
    { target: 'submitting', actions: 'clearPasswordError' },
  ] as const;

/** A typed contact field goes into the form and into the draft kept across an expiry, with the other fields. */
const CONTACT_KEPT = [
  {
    type: 'assignContact',
    params: ({ event }: ContactChange) => ({ field: event.field, value: event.value }),
  },
  {
    type: 'saveDraft',
    params: ({ context, event }: ContactChange) => ({
      key: context.draftKey,
      values: { ...context.contacts, [event.field]: event.value },
    }),
  },
] as const;

export const settingsMachine = setup({
  types: {
    context: {} as SettingsContext,
    events: {} as SettingsEvent,
    input: {} as SettingsInput,
    meta: {} as StateMeta,
    tags: {} as SettingsTag,
  },
  actors: {
    /** POST user/change-password (E012 wrong current password, E013 weak or same password). */
    changePassword: unprovided<void, { current: string; password: string }>('changePassword'),
    /** POST profile/contacts. */
    saveContacts: unprovided<void, ContactValues>('saveContacts'),
    /** Reads the draft kept under the key (null when there is none). */
    restoreDraft: unprovided<DraftValues | null, { key: string | null }>('restoreDraft'),
  },
  guards: {
    hasInvalidPassword: (_, params: { current: string; password: string; confirm: string }) =>
      passwordChangeError(params) !== null,
    isPasswordMismatch: (_, params: { password: string; confirm: string }) =>
      validatePasswordConfirmation(params.password, params.confirm) !== null,
    hasInvalidContact: ({ context }) => contactsError(context.contacts) !== null,
  },
  actions: {
    assignInvalidPassword: assign((_, params: { current: string; password: string; confirm: string }) => ({
      passwordError: passwordChangeError(params),
    })),
    assignMismatch: assign({ passwordError: { code: 'validation.passwordMismatch', field: 'confirm' } }),
    assignPasswordError: assign((_, params: { error: unknown }) => {
      const code = errorCodeOf(params.error);
      // U21: on this call E012 can only mean the current password is wrong, so it says that, at that field
      return {
        passwordError:
          code === 'E012'
            ? { code: 'validation.wrongCurrentPassword', field: 'current' as const }
            : { code, field: null },
      };
    }),
    clearPasswordError: assign({ passwordError: null }),
    assignContact: assign(({ context }, params: { field: ContactField; value: string }) => ({
      contacts: { ...context.contacts, [params.field]: params.value },
      contactsError: null,
    })),
    assignDraft: assign(({ context }, params: { draft: DraftValues | null }) => ({
      contacts: mergeDraft(context.contacts, params.draft),
    })),
    assignInvalidContact: assign(({ context }) => ({ contactsError: contactsError(context.contacts) })),
    assignContactsError: assign((_, params: { error: unknown }) => ({
      contactsError: { code: errorCodeOf(params.error), field: null },
    })),
    clearContactsError: assign({ contactsError: null }),
    /** Keeps the typed contact data under the draft key. Filled in at the composition root with the draft store. */
    saveDraft: (_, _params: { key: string | null; values: ContactValues }) => {},
    /** Drops the draft once the data is saved. Filled in at the composition root with the draft store. */
    clearDraft: (_, _params: { key: string | null }) => {},
    /** The password was changed: a forced change ends (the session re-reads the user and lands by the rule). */
    tellPasswordChanged: tellSystem(SYSTEM_IDS.session, { type: 'password.changed' }),
    /** The profile's contact data changed on the server: the session re-reads it. */
    refreshSession: tellSystem(SYSTEM_IDS.session, { type: 'session.refresh' }),
    /** U16: the saved contact data and the changed password are also said in a notification (spec 9, 4 s). */
    notifyContactsSaved: tellSystem(SYSTEM_IDS.notifications, {
      type: 'notice.push',
      notice: { tone: 'success', key: 'settings.contacts.saved' },
    }),
    notifyPasswordChanged: tellSystem(SYSTEM_IDS.notifications, {
      type: 'notice.push',
      notice: { tone: 'success', key: 'settings.password.done' },
    }),
  },
}).createMachine({
  id: 'settings',
  description:
    'Settings page: password change and contact data, each its own form; contact data survives expiry.',
  context: ({ input }) => ({
    contacts: input.contacts,
    draftKey: input.draftKey,
    passwordError: null,
    contactsError: null,
  }),
  type: 'parallel',
  states: {
    password: {
      description: 'The password form (current, new, confirmation).',
      meta: { view: 'password tab' },
      initial: 'editing',
      states: {
        editing: {
          description: "The user types; the last error ('Пароли не совпадают', E012, E013 …) is shown.",
          meta: { view: 'password form, submit enabled', testId: 'settings-password' },
          on: {
            'password.submit': submitPassword({}),
          },
        },
        submitting: {
          description: 'POST user/change-password runs.',
          meta: { view: 'password form, submit disabled (pending)', testId: 'settings-password' },
          tags: ['busy', 'passwordBusy'],
          invoke: {
            id: 'changePassword',
            src: 'changePassword',
            input: ({ event }) =>
              event.type === 'password.submit'
                ? { current: event.current, password: event.password }
                : { current: '', password: '' },
            onDone: { target: 'changed', actions: ['tellPasswordChanged', 'notifyPasswordChanged'] },
            onError: failTo('editing', 'assignPasswordError'),
          },
        },
        changed: {
          description: 'The password was changed (a forced change ends here).',
          meta: { view: 'message: password changed; the form again', testId: 'settings-password-changed' },
          on: {
            'password.submit': submitPassword({ target: 'editing' }),
          },
        },
      },
    },
    contacts: {
      description: 'The contact data form (phone, feedback type, email).',
      meta: { view: 'contact data section' },
      initial: 'restoring',
      states: {
        restoring: {
          description: 'Reads the draft typed before an expiry, if any.',
          meta: { view: 'contact form, disabled for a moment', testId: 'settings-contacts' },
          invoke: {
            id: 'restoreDraft',
            src: 'restoreDraft',
            input: ({ context }) => ({ key: context.draftKey }),
            onDone: outputTo('editing', 'assignDraft', 'draft'),
            onError: { target: 'editing' },
          },
        },
        editing: {
          description: 'The user types; every change is kept as a draft. The last error is shown.',
          meta: { view: 'contact form, submit enabled', testId: 'settings-contacts' },
          on: {
            'contacts.change': { actions: CONTACT_KEPT },
            'contacts.submit': [
              { guard: 'hasInvalidContact', actions: 'assignInvalidContact' },
              { target: 'saving', actions: 'clearContactsError' },
            ],
          },
        },
        saving: {
          description: 'POST profile/contacts runs.',
          meta: { view: 'contact form, submit disabled (pending)', testId: 'settings-contacts' },
          tags: ['busy', 'contactsBusy'],
          invoke: {
            id: 'saveContacts',
            src: 'saveContacts',
            input: ({ context }) => context.contacts,
            onDone: {
              target: 'saved',
              actions: [
                { type: 'clearDraft', params: ({ context }) => ({ key: context.draftKey }) },
                'refreshSession',
                'notifyContactsSaved',
              ],
            },
            onError: failTo('editing', 'assignContactsError'),
          },
        },
        saved: {
          description: "Saved: 'Контактные данные сохранены'.",
          meta: { view: 'contact form with the saved message', testId: 'settings-contacts-saved' },
          on: {
            'contacts.change': { target: 'editing', actions: CONTACT_KEPT },
          },
        },
      },
    },
  },
});

/** The Settings machine's type, for selectors and tests. */
export type SettingsMachine = typeof settingsMachine;
