import { assign, setup } from 'xstate';
import { pickSigningKey } from '@/domain/eimzo.rules';
import {
  type SigningAction,
  type SigningTargets,
  type SigningWhen,
  signingDocument,
  signingDocumentText,
  signingText,
} from '@/domain/signing-document.rules';
import { validateTin } from '@/domain/validators.rules';
import { failTo, failWhen, outputTo, retryState } from './call-fragment';
import { errorParams, unprovided } from './error-code';
import { signingErrorCode } from './signing-errors';
import type { StateMeta } from './state-meta';

/**
 * The E-IMZO signing workflow (spec 4 "Signing flow", spec 8 "Signature messages"): a reusable child chart that
 * block/restore invokes, and pre-registration and documents will invoke later.
 *
 * Order: the signer's tax id (server; refused while impersonating) → a one-time challenge for this action and these
 * targets (server; null from a backend without the call) → the signed document is built (action, targets,
 * challenge, the text the signer sees; src/domain/signing-document.rules.ts) → the module: version first (≥ 4.40), API key,
 * key list → pick the non-expired key whose TIN matches → load it and sign (the module asks the password), then
 * unload it (best effort) → verify on the server → done with the timestamped signature. Every failure is its own
 * state with retry and/or cancel.
 */

/** What the caller gives the signing chart. */
export interface SigningInput {
  /** What the signature authorises. */
  readonly action: SigningAction;
  /** What it is about: one number, several numbers, a whole account, or a pre-registration draft. */
  readonly targets: SigningTargets;
  /** An administrator is impersonating a client: signing is refused without touching the module or the server. */
  readonly impersonating: boolean;
  /** A plan's day and hour (docs/decisions.md SP2): the document is version 2 and names them; absent: now. */
  readonly when?: SigningWhen | null;
}

/** What the signing chart returns when it ends in `signed`. */
export interface SigningResult {
  /** The server-verified signature with its trusted timestamp (POST online-sales/documents/verify). */
  readonly pkcs7b64WithTimestamp: string;
  /** Serial number of the signing certificate. */
  readonly keySerial: string;
  /** The TIN the key signed for (equals the signer's tax id). */
  readonly tin: string;
}

/** Output of the chart: the result when signed, `null` when the user cancelled. */
export type SigningOutput = SigningResult | null;

/** A key as the module listed it, with the facts the choice needs (spec 3 "Signature key"). */
export interface ListedKey {
  readonly disk: string;
  readonly path: string;
  readonly name: string;
  readonly alias: string;
  readonly serialNumber: string | null;
  /** The key's TIN: INN of the legal entity, else the holder's UID. */
  readonly tin: string | null;
  /** The legal entity's INN alone (OID 1.2.860.3.16.1.1); null on a person's key (a UID is no company's TIN). */
  readonly inn: string | null;
  /** validTo was before the moment of listing (spec 4: expired keys are skipped). */
  readonly expired: boolean;
  /** Holder's name, shown while the password is asked. */
  readonly owner: string | null;
  /** End of validity as `yyyy-mm-dd`, shown while the password is asked. */
  readonly validTo: string | null;
}

/** Input of the challenge call: what the signature will authorise, on what, and for when (a plan; SP2). */
export interface ChallengeInput {
  readonly action: SigningAction;
  readonly targets: SigningTargets;
  readonly when?: SigningWhen;
}

/** Result of the challenge call: the one-time challenge, or null against a backend without the call. */
export interface ChallengeOutcome {
  readonly challenge: string | null;
}

/** Result of the tax-id call (GET client/tax-id). */
export interface TaxIdResult {
  readonly tin: string | null;
}

/** Result of the verify call (POST online-sales/documents/verify). */
export interface VerifyOutcome {
  readonly code: number;
  readonly pkcs7b64WithTimestamp: string | null;
}

/**
 * Context. Small and enumerable: every value comes from the input or from an actor result.
 * `errorCode` is an i18n key (`eimzo.*`, `validation.noTin`) or a catalogue code (E005, E026, network …).
 */
export interface SigningContext {
  readonly action: SigningAction;
  readonly targets: SigningTargets;
  /** a plan's day and hour, or null: the action is for now */
  readonly when: SigningWhen | null;
  /** The human-readable text of the document, shown to the signer. */
  readonly text: string;
  /** The exact signed document (JSON), once the challenge is known; null before. */
  readonly data: string | null;
  readonly impersonating: boolean;
  readonly tin: string | null;
  readonly key: ListedKey | null;
  readonly pkcs7: string | null;
  readonly result: SigningResult | null;
  readonly errorCode: string | null;
}

/**
 * Events of the signing chart (user intents; actor results are xstate.done/error.actor.*):
 * - `signing.retry`: try the failed step again (each failure state knows where to resume).
 * - `signing.cancel`: stop signing; the chart ends in `cancelled` with output `null`. Accepted in every state.
 */
export type SigningEvent = { type: 'signing.retry' } | { type: 'signing.cancel' };

/** Tags: `busy` while the module or the server works, `error` while a failure is shown, `waitingUser` while the
 *  module's password window is open. */
export type SigningTag = 'busy' | 'error' | 'waitingUser';

/** Code of the refusal while impersonating (spec 8 E005 'insufficient rights'); shown as `eimzo.impersonating`. */
export const FORBIDDEN_CODE = 'E005';

/** A created signature: the module's base64 CMS and the signer's certificate serial. */
export interface CreatedSignature {
  readonly pkcs7: string;
  readonly serial: string;
}

const codeIs =
  (...codes: string[]) =>
  (_: unknown, params: { error: unknown }) =>
    codes.includes(signingErrorCode(params.error));

/** The last resort of every module call: 'Ошибка EImzo'. */
const otherModuleFailure = failTo('moduleFailed');

/**
 * The signing chart. Actors are filled in at the composition root (`src/app/block-restore.actors.ts`); tests
 * provide fakes.
 */
export const signingMachine = setup({
  types: {
    input: {} as SigningInput,
    output: {} as SigningOutput,
    context: {} as SigningContext,
    events: {} as SigningEvent,
    meta: {} as StateMeta,
    tags: {} as SigningTag,
  },
  actors: {
    /** GET client/tax-id; rejects with E005 without a call while impersonating. */
    fetchTaxId: unprovided<TaxIdResult, { impersonating: boolean }>('fetchTaxId'),
    /** POST signing/challenge for the action and targets; `{ challenge: null }` when the backend has no such call. */
    fetchChallenge: unprovided<ChallengeOutcome, ChallengeInput>('fetchChallenge'),
    /**
     * The module: `version` first (below 4.40 rejects with the oldVersion error), then `apikey`, then
     * `pfx.list_all_certificates`, each key marked expired or not at the moment of listing.
     */
    openModule: unprovided<ListedKey[]>('openModule'),
    /**
     * `pfx.load_key`, `pkcs7.create_pkcs7` over the data (the module asks the password meanwhile), then
     * `pfx.unload_key` whatever happened (best effort).
     */
    signWithKey: unprovided<CreatedSignature, { key: ListedKey; data: string }>('signWithKey'),
    /** POST online-sales/documents/verify, body {pcs7}. */
    verifySignature: unprovided<VerifyOutcome, { pkcs7: string }>('verifySignature'),
  },
  guards: {
    isForbidden: codeIs(FORBIDDEN_CODE),
    hasValidTin: (_, params: { tin: string | null }) => validateTin(params.tin) === null,
    isOutdated: codeIs('eimzo.oldVersion'),
    isNoWebsocket: codeIs('eimzo.noWebsocket'),
    isModuleUnreachable: codeIs('eimzo.connection', 'eimzo.connectionMobile'),
    isApiKeyRejected: codeIs('eimzo.domainNotAllowed'),
    hasNoCertificates: (_, params: { keys: readonly ListedKey[] }) => params.keys.length === 0,
    hasMatchingKey: ({ context }, params: { keys: readonly ListedKey[] }) =>
      pickSigningKey(params.keys, context.tin) !== undefined,
    isKeyMissing: codeIs('eimzo.noInstalledOrMatchingKey'),
    isBadPassword: codeIs('eimzo.badPassword'),
    isPasswordCancelled: codeIs('eimzo.cancelled'),
    isVerified: (_, params: { outcome: VerifyOutcome }) =>
      params.outcome.code === 1 && Boolean(params.outcome.pkcs7b64WithTimestamp),
  },
  actions: {
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: signingErrorCode(params.error) })),
    assignErrorCode: assign((_, params: { code: string }) => ({ errorCode: params.code })),
    assignTinError: assign((_, params: { tin: string | null }) => ({
      errorCode: validateTin(params.tin) ?? 'validation.noTin',
    })),
    clearError: assign({ errorCode: null }),
    assignTin: assign((_, params: { tin: string | null }) => ({ tin: params.tin?.trim() ?? null })),
    assignDocument: assign(({ context }, params: { challenge: string | null }) => ({
      data: signingDocumentText(
        signingDocument(
          context.action,
          context.targets,
          params.challenge,
          undefined,
          context.when ?? undefined,
        ),
      ),
    })),
    assignKey: assign(({ context }, params: { keys: readonly ListedKey[] }) => ({
      key: pickSigningKey(params.keys, context.tin) ?? null,
    })),
    assignPkcs7: assign((_, params: { signature: CreatedSignature }) => ({ pkcs7: params.signature.pkcs7 })),
    assignResult: assign(({ context }, params: { outcome: VerifyOutcome }) => ({
      result: {
        pkcs7b64WithTimestamp: params.outcome.pkcs7b64WithTimestamp ?? '',
        keySerial: context.key?.serialNumber ?? '',
        tin: context.tin ?? '',
      },
      pkcs7: null,
      errorCode: null,
    })),
  },
}).createMachine({
  id: 'signing',
  description:
    'E-IMZO signing: tax id → module (version ≥ 4.40, API key, keys) → key matching the TIN → load and sign ' +
    '(password in the module), unload → server verification with a trusted timestamp.',
  context: ({ input }) => ({
    action: input.action,
    targets: input.targets,
    when: input.when ?? null,
    text: signingText(input.action, input.targets, input.when ?? undefined),
    data: null,
    impersonating: input.impersonating,
    tin: null,
    key: null,
    pkcs7: null,
    result: null,
    errorCode: null,
  }),
  output: ({ context }) => context.result,
  initial: 'gettingTaxId',
  on: {
    'signing.cancel': { target: '.cancelled' },
  },
  states: {
    gettingTaxId: {
      description:
        "Asks the server for the signer's tax id (GET client/tax-id). While impersonating it is refused (E005) " +
        'before anything is called, so the module is never touched.',
      meta: { view: 'progress: getting the tax id', testId: 'signing-getting-tin' },
      tags: ['busy'],
      invoke: {
        id: 'fetchTaxId',
        src: 'fetchTaxId',
        input: ({ context }) => ({ impersonating: context.impersonating }),
        onDone: [
          {
            guard: { type: 'hasValidTin', params: ({ event }) => ({ tin: event.output.tin }) },
            target: 'gettingChallenge',
            actions: { type: 'assignTin', params: ({ event }) => ({ tin: event.output.tin }) },
          },
          {
            target: 'noTaxId',
            actions: { type: 'assignTinError', params: ({ event }) => ({ tin: event.output.tin }) },
          },
        ],
        onError: [
          {
            guard: { type: 'isForbidden', params: errorParams },
            target: 'refused',
            actions: { type: 'assignErrorCode', params: { code: 'eimzo.impersonating' } },
          },
          failTo('taxIdFailed'),
        ],
      },
    },
    gettingChallenge: {
      description:
        'Asks the server for a one-time challenge for this action and these targets (POST signing/challenge) and ' +
        'builds the document to sign; a backend without the call gives no challenge and the document goes without.',
      meta: { view: 'progress: preparing the document', testId: 'signing-preparing' },
      tags: ['busy'],
      invoke: {
        id: 'fetchChallenge',
        src: 'fetchChallenge',
        input: ({ context }) =>
          context.when === null
            ? { action: context.action, targets: context.targets }
            : { action: context.action, targets: context.targets, when: context.when },
        onDone: {
          target: 'connecting',
          actions: { type: 'assignDocument', params: ({ event }) => ({ challenge: event.output.challenge }) },
        },
        onError: failTo('challengeFailed'),
      },
    },
    challengeFailed: retryState('signing.retry', 'gettingChallenge', {
      description: 'The challenge call failed (network, server error, E005, E009); the user may retry.',
      meta: { view: 'error text of the code with Retry and Cancel', testId: 'signing-challenge-failed' },
    }),
    refused: {
      description:
        'Signing is refused: an administrator is impersonating a client (or the server said E005).',
      meta: {
        view: "refusal text 'signing unavailable while impersonating' and Cancel",
        testId: 'signing-refused',
      },
      tags: ['error'],
    },
    taxIdFailed: retryState('signing.retry', 'gettingTaxId', {
      description: 'The tax-id call failed (network, server error, E009); the user may retry.',
      meta: { view: 'error text of the code with Retry and Cancel', testId: 'signing-tin-failed' },
    }),
    noTaxId: {
      description: "The signer's company has no usable tax id ('У вас не имеется ИНН.' or E026).",
      meta: { view: "text 'У вас не имеется ИНН.' (or E026) and Cancel", testId: 'signing-no-tin' },
      tags: ['error'],
    },
    connecting: {
      description:
        'Talks to the module: version first (4.40 or newer), then the API key, then the list of keys; picks the ' +
        'first non-expired key whose TIN matches.',
      meta: { view: 'progress: connecting to E-IMZO, looking for keys', testId: 'signing-connecting' },
      tags: ['busy'],
      invoke: {
        id: 'openModule',
        src: 'openModule',
        onDone: [
          {
            guard: { type: 'hasNoCertificates', params: ({ event }) => ({ keys: event.output }) },
            target: 'noCertificates',
            actions: { type: 'assignErrorCode', params: { code: 'eimzo.noCertificates' } },
          },
          {
            guard: { type: 'hasMatchingKey', params: ({ event }) => ({ keys: event.output }) },
            target: 'signing',
            actions: { type: 'assignKey', params: ({ event }) => ({ keys: event.output }) },
          },
          {
            target: 'noMatchingKey',
            actions: { type: 'assignErrorCode', params: { code: 'eimzo.noMatchingKey' } },
          },
        ],
        onError: [
          failWhen('isOutdated', 'outdated'),
          failWhen('isNoWebsocket', 'unsupportedBrowser'),
          failWhen('isModuleUnreachable', 'moduleUnavailable'),
          failWhen('isApiKeyRejected', 'apiKeyRejected'),
          otherModuleFailure,
        ],
      },
    },
    outdated: retryState('signing.retry', 'connecting', {
      description: "The module is older than 4.40: 'ВНИМАНИЕ!!! Установите новую версию приложения E-IMZO'.",
      meta: { view: 'update warning with Retry and Cancel', testId: 'signing-outdated' },
    }),
    unsupportedBrowser: {
      description: 'The browser has no WebSocket: signing is impossible here.',
      meta: { view: 'no-websocket text and Cancel', testId: 'signing-no-websocket' },
      tags: ['error'],
    },
    moduleUnavailable: retryState('signing.retry', 'connecting', {
      description: 'The module is not running or dropped the connection (mobile: module unavailable).',
      meta: { view: 'module connection error with Retry and Cancel', testId: 'signing-module-unavailable' },
    }),
    apiKeyRejected: retryState('signing.retry', 'connecting', {
      description: "The module refused this site's domain or API key (-1020/-1021/-1022).",
      meta: { view: 'domain-not-allowed text with Retry and Cancel', testId: 'signing-api-key-rejected' },
    }),
    moduleFailed: retryState('signing.retry', 'connecting', {
      description: "Any other module failure: 'Ошибка EImzo'.",
      meta: { view: "'Ошибка EImzo' with Retry and Cancel", testId: 'signing-module-failed' },
    }),
    noCertificates: retryState('signing.retry', 'connecting', {
      description: "The module lists no certificates: 'Нет установленных сертификатов E-Imzo.'",
      meta: { view: 'no-certificates text with Retry and Cancel', testId: 'signing-no-certificates' },
    }),
    noMatchingKey: retryState('signing.retry', 'connecting', {
      description: "No non-expired key signs for the tax id: 'Нет подходящего ЭЦП-ключа.'",
      meta: { view: 'no-matching-key text with Retry and Cancel', testId: 'signing-no-matching-key' },
    }),
    signing: {
      description:
        'Loads the chosen key and signs the data; the module asks the key password in its own window. The key ' +
        'is unloaded afterwards whatever happened (best effort).',
      meta: {
        view: "prompt 'enter the password in the E-IMZO window' with the key",
        testId: 'signing-password',
      },
      tags: ['busy', 'waitingUser'],
      invoke: {
        id: 'signWithKey',
        src: 'signWithKey',
        input: ({ context }) => ({ key: context.key as ListedKey, data: context.data as string }),
        onDone: outputTo('verifying', 'assignPkcs7', 'signature'),
        onError: [
          failWhen('isBadPassword', 'wrongPassword'),
          failWhen('isPasswordCancelled', 'passwordCancelled'),
          failWhen('isKeyMissing', 'keyUnavailable'),
          failWhen('isModuleUnreachable', 'moduleUnavailable'),
          otherModuleFailure,
        ],
      },
    },
    keyUnavailable: retryState('signing.retry', 'connecting', {
      description:
        "The listed key could not be loaded or vanished: 'Нет установленого или подходящего ЭЦП-ключа.'",
      meta: {
        view: 'no-installed-or-matching-key text with Retry and Cancel',
        testId: 'signing-key-unavailable',
      },
    }),
    wrongPassword: retryState('signing.retry', 'signing', {
      description: "The password was wrong (BadPaddingException): 'Пароль неверный.'",
      meta: { view: "'Пароль неверный.' with Retry and Cancel", testId: 'signing-wrong-password' },
    }),
    passwordCancelled: retryState('signing.retry', 'signing', {
      description:
        "The module answered -5000: the password window was closed ('Отменено / Вы отменили действие'), or a 6.x " +
        "module had three wrong passwords, which it answers the same ('Пароль неверный.' named as well, U20).",
      meta: {
        view: "'Отменено', 'Вы отменили действие', the wrong-password note, Retry and Cancel",
        testId: 'signing-password-cancelled',
      },
    }),
    verifying: {
      description:
        'The server verifies the signature and the certificate and adds a trusted timestamp (code 1 = ok).',
      meta: { view: 'progress: verifying the signature', testId: 'signing-verifying' },
      tags: ['busy'],
      invoke: {
        id: 'verifySignature',
        src: 'verifySignature',
        input: ({ context }) => ({ pkcs7: context.pkcs7 as string }),
        onDone: [
          {
            guard: { type: 'isVerified', params: ({ event }) => ({ outcome: event.output }) },
            target: 'signed',
            actions: { type: 'assignResult', params: ({ event }) => ({ outcome: event.output }) },
          },
          {
            target: 'verifyFailed',
            actions: { type: 'assignErrorCode', params: { code: 'eimzo.verifyFailed' } },
          },
        ],
        onError: failTo('verifyFailed'),
      },
    },
    verifyFailed: retryState('signing.retry', 'signing', {
      description: 'The server rejected the signature (code ≠ 1) or the call failed; Retry signs again.',
      meta: { view: 'verification failure text with Retry and Cancel', testId: 'signing-verify-failed' },
    }),
    signed: {
      type: 'final',
      description: 'Signed and verified: the output is the timestamped signature, key serial and TIN.',
      meta: { view: "text 'signed', the caller continues", testId: 'signing-signed' },
    },
    cancelled: {
      type: 'final',
      description: 'The user cancelled signing; the output is null.',
      meta: { view: 'nothing: the caller shows its cancelled message', testId: 'signing-cancelled' },
    },
  },
});

/** The signing machine's type, for selectors, views and tests. */
export type SigningMachine = typeof signingMachine;

/** Whether a chart output is a signature (not a cancel). */
export function isSigningResult(output: unknown): output is SigningResult {
  return (
    typeof output === 'object' &&
    output !== null &&
    typeof (output as SigningResult).pkcs7b64WithTimestamp === 'string' &&
    (output as SigningResult).pkcs7b64WithTimestamp !== ''
  );
}
