import { assign, setup } from 'xstate';
import {
  type ContactPair,
  normalizeRecoveryContact,
  type RecoveryContactField,
  type RecoveryContactValues,
  recoveryContactError,
} from '@/domain/recovery-contact.rules';
import type { SigningTargets } from '@/domain/signing-document.rules';
import { failTo, outputTo, retryState } from './call-fragment';
import { errorCodeOf, unprovided } from './error-code';
import { isSigningResult, type SigningOutput, signingMachine } from './signing.machine';
import type { StateMeta } from './state-meta';

/**
 * The key owner's recovery contacts of the company's accounts (docs/decisions.md PRC4-PRC8; docs/security.md finding
 * 21) at `/{lang}/settings/users`: the company's client accounts with the contact each one's recovery link goes to →
 * choose one → type the new e-mail and/or phone → sign exactly that change with the company's E-IMZO key (the signing
 * chart as child, action `contact-change`) → the server sets it, consuming the signature once → done. A client who
 * lost the old contact gets back this way; staff cannot (they have neither the key nor this page).
 */

/** One client account of the company as the list shows it. */
export interface CompanyAccount {
  readonly userId: string;
  readonly login: string;
  readonly fullName: string | null;
  readonly roles: readonly string[];
  readonly status: string | null;
  readonly email: string | null;
  readonly phone: string | null;
}

/** GET user/company-accounts, normalised. */
export interface CompanyAccounts {
  readonly ban: string;
  readonly accounts: readonly CompanyAccount[];
}

/** Input of the saving actor: exactly the contact the signature names. */
export interface SaveContactInput extends ContactPair {
  readonly userId: string;
}

/** POST user/recovery-contact/{user_id}, normalised. */
export interface SaveContactResult {
  /** the account was still pending: its activation link went to the new contact */
  readonly activationSent: boolean;
}

export interface RecoveryContactContext {
  readonly ban: string | null;
  readonly accounts: readonly CompanyAccount[];
  /** the account whose contact is being changed */
  readonly selected: CompanyAccount | null;
  /** the new contact as signed and sent (normalised), once the form passed its check */
  readonly contact: ContactPair | null;
  readonly fieldError: { readonly code: string; readonly field: RecoveryContactField } | null;
  /** the signing was cancelled: the form says nothing was changed */
  readonly cancelled: boolean;
  /** code of a failed load or save (E005, E013, network …; `eimzo.generic` when the signing chart crashed) */
  readonly errorCode: string | null;
  readonly activationSent: boolean;
}

/**
 * Events of the recovery-contact chart (actor results are xstate.done/error.actor.*):
 * - `account.choose`: the key owner chose an account of the list (its id).
 * - `form.submit`: the key owner asks to sign and save the typed contact.
 * - `form.cancel`: back to the list without changing anything.
 * - `form.back`: after a failed save, back to the form to sign again (the signature is never reused).
 * - `load.retry`: load the list again after it failed.
 * - `done.close`: close the result; the list is loaded again with the new contact.
 */
export type RecoveryContactEvent =
  | { type: 'account.choose'; userId: string }
  | { type: 'form.submit'; values: RecoveryContactValues }
  | { type: 'form.cancel' }
  | { type: 'form.back' }
  | { type: 'load.retry' }
  | { type: 'done.close' };

/** Tags: `busy` while a call runs, `error` while a failure or a refused form is shown. */
export type RecoveryContactTag = 'busy' | 'error';

/** The signed targets of the chosen account's new contact (the server builds the same from its own data). */
export const contactTargetsOf = (ctx: RecoveryContactContext): SigningTargets => ({
  kind: 'contact',
  ban: ctx.ban ?? '',
  userId: ctx.selected?.userId ?? '',
  login: ctx.selected?.login ?? '',
  email: ctx.contact?.email ?? null,
  phone: ctx.contact?.phone ?? null,
});

const initialContext: RecoveryContactContext = {
  ban: null,
  accounts: [],
  selected: null,
  contact: null,
  fieldError: null,
  cancelled: false,
  errorCode: null,
  activationSent: false,
};

const submitParams = ({ event }: { event: Extract<RecoveryContactEvent, { type: 'form.submit' }> }) => ({
  values: event.values,
});

/** The form's two answers to a submit: refused with its first problem, or on to signing. */
const submit = [
  {
    guard: { type: 'isContactInvalid' as const, params: submitParams },
    target: 'invalid',
    actions: { type: 'assignFieldError' as const, params: submitParams },
  },
  { target: 'signing', actions: { type: 'assignContact' as const, params: submitParams } },
];

export const recoveryContactMachine = setup({
  types: {
    context: {} as RecoveryContactContext,
    events: {} as RecoveryContactEvent,
    meta: {} as StateMeta,
    tags: {} as RecoveryContactTag,
  },
  actors: {
    /** GET user/company-accounts. */
    fetchAccounts: unprovided<CompanyAccounts>('fetchAccounts'),
    /** The E-IMZO signing chart over the `contact-change` document of the chosen account and contact. */
    signing: signingMachine,
    /** POST user/recovery-contact/{user_id} with the signed contact. */
    saveContact: unprovided<SaveContactResult, SaveContactInput>('saveContact'),
  },
  guards: {
    hasAccount: ({ context }, params: { userId: string }) =>
      context.accounts.some((a) => a.userId === params.userId),
    isContactInvalid: (_, params: { values: RecoveryContactValues }) =>
      recoveryContactError(params.values) !== null,
    isSigned: (_, params: { output: SigningOutput }) => isSigningResult(params.output),
  },
  actions: {
    assignAccounts: assign((_, params: { result: CompanyAccounts }) => ({
      ban: params.result.ban,
      accounts: params.result.accounts,
      errorCode: null,
    })),
    assignSelected: assign(({ context }, params: { userId: string }) => ({
      selected: context.accounts.find((a) => a.userId === params.userId) ?? null,
      contact: null,
      fieldError: null,
      cancelled: false,
      errorCode: null,
    })),
    clearSelected: assign({
      selected: null,
      contact: null,
      fieldError: null,
      cancelled: false,
      errorCode: null,
    }),
    assignFieldError: assign((_, params: { values: RecoveryContactValues }) => ({
      fieldError: recoveryContactError(params.values),
      cancelled: false,
    })),
    assignContact: assign((_, params: { values: RecoveryContactValues }) => ({
      contact: normalizeRecoveryContact(params.values),
      fieldError: null,
      cancelled: false,
      errorCode: null,
    })),
    assignCancelled: assign({ cancelled: true }),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCodeOf(params.error) })),
    assignSigningCrash: assign({ errorCode: 'eimzo.generic' }),
    clearError: assign({ errorCode: null }),
    assignSaved: assign((_, params: { result: SaveContactResult }) => ({
      activationSent: params.result.activationSent,
      errorCode: null,
    })),
    reset: assign(() => initialContext),
  },
}).createMachine({
  id: 'recoveryContact',
  description:
    "The key owner's recovery contacts of the company's accounts: list → choose an account → new e-mail/phone → " +
    'E-IMZO signature of exactly that change → saved (once) → done.',
  context: initialContext,
  initial: 'loading',
  states: {
    loading: {
      description:
        "Loads the company's client accounts with their recovery contacts (GET user/company-accounts).",
      meta: { view: 'the list busy', testId: 'recovery-contact-loading' },
      tags: ['busy'],
      invoke: {
        id: 'fetchAccounts',
        src: 'fetchAccounts',
        onDone: outputTo('choosing', 'assignAccounts', 'result'),
        onError: failTo('loadFailed'),
      },
    },
    loadFailed: {
      description: 'The list did not load (E005 for whom it is not open, network); Retry asks again.',
      meta: { view: 'the error with Retry', testId: 'recovery-contact-load-failed' },
      tags: ['error'],
      on: { 'load.retry': { target: 'loading' } },
    },
    choosing: {
      description:
        "The company's accounts (login, name, role, status) with the contact each recovery link goes to, each with " +
        'a button to change it.',
      meta: { view: 'the table of accounts with a change button per row', testId: 'recovery-contact-list' },
      on: {
        // an id the list does not hold (a stale page) chooses nothing: the list stays
        'account.choose': [
          {
            guard: { type: 'hasAccount', params: ({ event }) => ({ userId: event.userId }) },
            target: 'editing',
            actions: { type: 'assignSelected', params: ({ event }) => ({ userId: event.userId }) },
          },
          {},
        ],
      },
    },
    editing: {
      description:
        'The chosen account with its current contact and the form for the new e-mail and/or phone; after a ' +
        'cancelled signing it says that nothing was changed.',
      meta: { view: 'the contact form with Sign and save, and Cancel', testId: 'recovery-contact-form' },
      on: {
        'form.submit': submit,
        'form.cancel': { target: 'choosing', actions: 'clearSelected' },
      },
    },
    invalid: {
      description:
        'The typed contact is refused before signing: an e-mail that is no address, a phone that is no phone, or ' +
        'neither given; the field says so.',
      meta: { view: 'the form with the field’s message', testId: 'recovery-contact-invalid' },
      tags: ['error'],
      on: {
        'form.submit': submit,
        'form.cancel': { target: 'choosing', actions: 'clearSelected' },
      },
    },
    signing: {
      description:
        'Signs the contact-change document (account, company, new contact) with the company’s E-IMZO key (child ' +
        'chart `signing`); cancelling it goes back to the form.',
      meta: {
        view: 'the signing panel (progress, password prompt, failures with Retry and Cancel)',
        testId: 'signing-panel',
      },
      invoke: {
        id: 'signing',
        src: 'signing',
        input: ({ context }) => ({
          action: 'contact-change' as const,
          targets: contactTargetsOf(context),
          // the page never opens for staff viewing a company (PRC6); the server refuses it too
          impersonating: false,
        }),
        onDone: [
          {
            guard: { type: 'isSigned', params: ({ event }) => ({ output: event.output }) },
            target: 'saving',
          },
          { target: 'editing', actions: 'assignCancelled' },
        ],
        onError: { target: 'saveFailed', actions: 'assignSigningCrash' },
      },
    },
    saving: {
      description:
        'Sends the signed contact (POST user/recovery-contact/{user_id}); the server takes the signature once. Not ' +
        'cancellable: the request is on its way.',
      meta: { view: 'the form busy', testId: 'recovery-contact-saving' },
      tags: ['busy'],
      invoke: {
        id: 'saveContact',
        src: 'saveContact',
        input: ({ context }) => ({
          userId: context.selected?.userId ?? '',
          email: context.contact?.email ?? null,
          phone: context.contact?.phone ?? null,
        }),
        onDone: outputTo('done', 'assignSaved', 'result'),
        onError: failTo('saveFailed'),
      },
    },
    saveFailed: retryState('form.back', 'editing', {
      description:
        'The change was not saved (E005 without a fitting signature, E013, network): the text, and the way back to ' +
        'the form to sign again (a signature is never reused).',
      meta: { view: 'the error with Back to the form', testId: 'recovery-contact-save-failed' },
    }),
    done: {
      description:
        "The account's recovery link now goes to the new contact; its sessions and old links ended. A pending " +
        'account got its activation link there.',
      meta: { view: 'the success text, and Close', testId: 'recovery-contact-done' },
      on: { 'done.close': { target: 'loading', actions: 'reset' } },
    },
  },
});

export type RecoveryContactMachine = typeof recoveryContactMachine;
