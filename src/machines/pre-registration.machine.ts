import { assign, setup } from 'xstate';
import { failTo, failWhen, outputTo, retryOn, retryState } from './call-fragment';
import { errorCodeOf, unprovided } from './error-code';
import type { CreatedSignature, ListedKey } from './signing.machine';
import { signingErrorCode } from './signing-errors';
import type { StateMeta } from './state-meta';

/**
 * Pre-registration with the e-signature (spec 4 registration wizard and phone reservation flag; spec 7
 * `pre-order/create`; docs/security.md finding 3; docs/decisions.md NC5-NC7): the wizard's step two invokes it
 * with the application (the create block of spec 3) and the key chosen in step one.
 *
 * A one-time challenge bound to this application (POST online-sales/pre-order/signing-challenge) → the signed
 * document (`preregister` on the application's hash, src/domain/signing-document.rules.ts) signed with the key
 * through E-IMZO (the module asks the password) → POST pre-order/create with the signature; the server verifies it
 * against the CA, matches the certificate's TIN to `user.tin` and refuses a replay. E004 (already registered), E026
 * and E094 (signature refused) each have their state.
 */

/** The application as it is signed and sent (pre-order/create body without the signature). */
export type PreorderApplication = Readonly<Record<string, unknown>> & {
  readonly user: Readonly<Record<string, string>> & { readonly tin: string };
};

export interface PreRegistrationInput {
  readonly application: PreorderApplication;
  readonly key: ListedKey;
}

/** What a created pre-order tells the visitor (spec 4: the phone reservation flag). */
export interface PreorderCreated {
  readonly id: string;
  readonly status: string;
  readonly phoneReserved: boolean;
}

/** The challenge for this application, the hash the signed document must name, and the exact document to sign
 *  (`preregister` with the application's text, src/domain/preregistration-signing.rules.ts, NC21). */
export interface DraftChallenge {
  readonly challenge: string;
  readonly draftHash: string;
  readonly document: string;
}

export interface PreRegistrationContext {
  readonly application: PreorderApplication;
  readonly key: ListedKey;
  /** The exact document to sign, once the challenge is known. */
  readonly data: string | null;
  readonly pkcs7: string | null;
  readonly created: PreorderCreated | null;
  readonly errorCode: string | null;
}

/**
 * Events (actor results are xstate.done/error.actor.*):
 * - `registration.retry`: try again from where the failure allows (a new challenge after a refused signature).
 * - `registration.cancel`: stop; the chart ends in `cancelled` with output null. Accepted in every state.
 */
export type PreRegistrationEvent = { type: 'registration.retry' } | { type: 'registration.cancel' };

const apiCodeIs =
  (...codes: string[]) =>
  (_: unknown, params: { error: unknown }) =>
    codes.includes(errorCodeOf(params.error));
const moduleCodeIs =
  (...codes: string[]) =>
  (_: unknown, params: { error: unknown }) =>
    codes.includes(signingErrorCode(params.error));

export const preRegistrationMachine = setup({
  types: {
    input: {} as PreRegistrationInput,
    output: {} as PreorderCreated | null,
    context: {} as PreRegistrationContext,
    events: {} as PreRegistrationEvent,
    meta: {} as StateMeta,
    tags: {} as 'busy' | 'error' | 'waitingUser',
  },
  actors: {
    /** POST online-sales/pre-order/signing-challenge {draft: application}. */
    fetchDraftChallenge: unprovided<DraftChallenge, { application: PreorderApplication }>(
      'fetchDraftChallenge',
    ),
    /** E-IMZO: load the key, sign the document (the module asks the password), unload it. */
    signWithKey: unprovided<CreatedSignature, { key: ListedKey; data: string }>('signWithKey'),
    /** POST pre-order/create {...application, pkcs7}. */
    createPreorder: unprovided<PreorderCreated, { application: PreorderApplication; pkcs7: string }>(
      'createPreorder',
    ),
  },
  guards: {
    isBadPassword: moduleCodeIs('eimzo.badPassword'),
    isPasswordCancelled: moduleCodeIs('eimzo.cancelled'),
    isAlreadyRegistered: apiCodeIs('E004'),
    isTinNotAllowed: apiCodeIs('E026'),
  },
  actions: {
    assignDocument: assign((_, params: { challenge: DraftChallenge }) => ({
      data: params.challenge.document,
    })),
    assignPkcs7: assign((_, params: { signature: CreatedSignature }) => ({ pkcs7: params.signature.pkcs7 })),
    assignCreated: assign((_, params: { created: PreorderCreated }) => ({
      created: params.created,
      errorCode: null,
    })),
    assignModuleError: assign((_, params: { error: unknown }) => ({
      errorCode: signingErrorCode(params.error),
    })),
    assignApiError: assign((_, params: { error: unknown }) => ({ errorCode: errorCodeOf(params.error) })),
    clearAttempt: assign({ errorCode: null, data: null, pkcs7: null }),
    clearError: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'preRegistration',
  description:
    'Pre-registration signed with E-IMZO: a challenge bound to the application → signed with the chosen key → ' +
    'pre-order/create (the server checks the CA, the TIN and replay).',
  context: ({ input }) => ({
    application: input.application,
    key: input.key,
    data: null,
    pkcs7: null,
    created: null,
    errorCode: null,
  }),
  output: ({ context }) => context.created,
  initial: 'preparing',
  on: { 'registration.cancel': { target: '.cancelled' } },
  states: {
    preparing: {
      description: 'Asks a one-time challenge bound to this application and builds the document to sign.',
      meta: { view: 'progress: preparing the application for signing', testId: 'prereg-preparing' },
      tags: ['busy'],
      invoke: {
        id: 'fetchDraftChallenge',
        src: 'fetchDraftChallenge',
        input: ({ context }) => ({ application: context.application }),
        onDone: outputTo('signing', 'assignDocument', 'challenge'),
        onError: failTo('failed', 'assignApiError'),
      },
    },
    signing: {
      description:
        'The module signs the application with the chosen key; it asks the key password in its window.',
      meta: {
        view: "prompt 'enter the password in the E-IMZO window' with the key",
        testId: 'prereg-signing',
      },
      tags: ['busy', 'waitingUser'],
      invoke: {
        id: 'signWithKey',
        src: 'signWithKey',
        input: ({ context }) => ({ key: context.key, data: context.data as string }),
        onDone: outputTo('creating', 'assignPkcs7', 'signature'),
        onError: [
          failWhen('isBadPassword', 'signFailed', 'assignModuleError'),
          failWhen('isPasswordCancelled', 'signFailed', 'assignModuleError'),
          failTo('failed', 'assignModuleError'),
        ],
      },
    },
    signFailed: retryState('registration.retry', 'signing', {
      description: "The password was wrong ('Пароль неверный.') or its window was closed; Retry signs again.",
      meta: { view: 'the signing error text with Retry and Cancel', testId: 'prereg-sign-failed' },
    }),
    creating: {
      description:
        'POST pre-order/create with the signature: the server verifies it and creates the pre-order.',
      meta: { view: 'progress: sending the application', testId: 'prereg-creating' },
      tags: ['busy'],
      invoke: {
        id: 'createPreorder',
        src: 'createPreorder',
        input: ({ context }) => ({ application: context.application, pkcs7: context.pkcs7 as string }),
        onDone: outputTo('created', 'assignCreated', 'created'),
        onError: [
          failWhen('isAlreadyRegistered', 'refused', 'assignApiError'),
          failWhen('isTinNotAllowed', 'refused', 'assignApiError'),
          failTo('failed', 'assignApiError'),
        ],
      },
    },
    failed: {
      description:
        'The challenge, the module or the create call failed (E094 signature refused, network, module absent); ' +
        'Retry starts again with a new challenge (a used one is never signed twice).',
      meta: { view: 'the error text of the code with Retry and Cancel', testId: 'prereg-failed' },
      tags: ['error'],
      on: retryOn('registration.retry', 'preparing', {}, 'clearAttempt'),
    },
    refused: {
      description:
        'The company is registered already (E004) or its TIN type is not allowed (E026): no retry.',
      meta: { view: 'the E004 or E026 text and Cancel', testId: 'prereg-refused' },
      tags: ['error'],
    },
    created: {
      type: 'final',
      description: 'The pre-order exists: the output is its id, status and phone reservation flag.',
      meta: { view: "nothing here: the wizard shows 'Регистрация прошла успешно'", testId: 'prereg-created' },
    },
    cancelled: {
      type: 'final',
      description: 'The visitor cancelled; the output is null and the wizard stays on step two.',
      meta: { view: 'nothing: the wizard shows step two again', testId: 'prereg-cancelled' },
    },
  },
});

export type PreRegistrationMachine = typeof preRegistrationMachine;
