import type { AnyEventObject } from 'xstate';
import type {
  CreatedSignature,
  ListedKey,
  SigningEvent,
  SigningInput,
  TaxIdResult,
  VerifyOutcome,
} from '@/machines/signing.machine';
import { ApiFailure } from '@/services/api/api-error';
import { type EimzoError, EimzoFailure } from '@/services/eimzo/eimzo-errors';
import { payloadsFor } from '../support/model-universe';

/**
 * Realistic actor results of the signing chart (model paths, random walk, view walk, unit tests). Every guard sees
 * both outcomes: a valid and a missing tax id, key lists with a match, with only an expired match or another TIN,
 * and empty, a verified and a rejected signature, and each failure kind (an old module is a failure of openModule).
 */

export const SIGNER_TIN = '302145876';

export const signingInput: SigningInput = {
  action: 'block',
  targets: { kind: 'number', ban: '100234561', sn: '901234567' },
  impersonating: false,
};

/** A challenge from the reference backend; `null` is a backend without the call (API_TARGET). */
export const CHALLENGE = 'c2lnbmluZy1jaGFsbGVuZ2UtMDAx';

export const validKey: ListedKey = {
  disk: 'C:\\',
  path: 'DSKEYS',
  name: 'DS302145876_valid',
  alias: 'cn=abdullayeva malika,serialnumber=7a3c0002,1.2.860.3.16.1.1=302145876',
  serialNumber: '7A3C0002',
  tin: SIGNER_TIN,
  inn: SIGNER_TIN,
  expired: false,
  owner: 'ABDULLAYEVA MALIKA',
  validTo: '2027-12-31',
};
export const expiredTwin: ListedKey = {
  ...validKey,
  name: 'DS302145876_old',
  serialNumber: '7A3C0001',
  expired: true,
  validTo: '2024-01-01',
};
export const otherCompanyKey: ListedKey = {
  ...validKey,
  name: 'DS309999999',
  serialNumber: '7A3C0008',
  tin: '309999999',
  inn: null,
  owner: 'TESTOV TEST',
};

export const created: CreatedSignature = {
  pkcs7: 'MIIGcwYJKoZIhvcNAQcCoIIGZDCCBmACAQExDzANBglghkgBZQMEAgEFADAr',
  serial: '7a3c0002',
};
export const verified: VerifyOutcome = { code: 1, pkcs7b64WithTimestamp: 'MIIJtimestamped' };
export const rejected: VerifyOutcome = { code: 0, pkcs7b64WithTimestamp: null };
/** Boundary: code 1 but no timestamped signature came back. */
export const okWithoutTimestamp: VerifyOutcome = { code: 1, pkcs7b64WithTimestamp: null };

const eimzo = (error: EimzoError) => new EimzoFailure(error);
export const moduleErrors = {
  oldVersion: eimzo({ kind: 'oldVersion', installed: 439 }),
  noWebsocket: eimzo({ kind: 'noWebsocket' }),
  connection: eimzo({ kind: 'connection', mobile: false }),
  connectionMobile: eimzo({ kind: 'connection', mobile: true }),
  apiKey: eimzo({ kind: 'apiKey', status: -1022 }),
  generic: eimzo({ kind: 'generic', status: 0 }),
  keyFileMissing: eimzo({ kind: 'generic', status: -2002 }),
  keyNotFound: eimzo({ kind: 'keyNotFound' }),
  badPassword: eimzo({ kind: 'badPassword' }),
  cancelled: eimzo({ kind: 'cancelled' }),
} as const;
export const apiErrors = {
  forbidden: new ApiFailure({ kind: 'server', code: 'E005' }),
  network: new ApiFailure({ kind: 'network' }),
  sessionExpired: new ApiFailure({ kind: 'server', code: 'E009' }),
} as const;

const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, error: unknown): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error });

const tin = (value: string | null): TaxIdResult => ({ tin: value });

/** Payloads of every actor result of the signing chart. */
export const signingPayloads = payloadsFor<SigningEvent>({
  'xstate.done.actor.fetchTaxId': [
    done('fetchTaxId', tin(SIGNER_TIN)),
    done('fetchTaxId', tin(null)),
    // nine digits starting with 1: a tax id spec 5 refuses (E026: it must start with 2 or 3)
    done('fetchTaxId', tin('102145876')),
  ],
  'xstate.error.actor.fetchTaxId': [
    fail('fetchTaxId', apiErrors.forbidden),
    fail('fetchTaxId', apiErrors.network),
  ],
  'xstate.done.actor.fetchChallenge': [
    done('fetchChallenge', { challenge: CHALLENGE }),
    done('fetchChallenge', { challenge: null }),
  ],
  'xstate.error.actor.fetchChallenge': [fail('fetchChallenge', apiErrors.network)],
  'xstate.done.actor.openModule': [
    done('openModule', [expiredTwin, validKey, otherCompanyKey]),
    done('openModule', [expiredTwin, otherCompanyKey]),
    done('openModule', []),
  ],
  'xstate.error.actor.openModule': [
    fail('openModule', moduleErrors.oldVersion),
    fail('openModule', moduleErrors.noWebsocket),
    fail('openModule', moduleErrors.connection),
    fail('openModule', moduleErrors.apiKey),
    fail('openModule', moduleErrors.generic),
  ],
  'xstate.done.actor.signWithKey': [done('signWithKey', created)],
  'xstate.error.actor.signWithKey': [
    fail('signWithKey', moduleErrors.badPassword),
    fail('signWithKey', moduleErrors.cancelled),
    fail('signWithKey', moduleErrors.keyFileMissing),
    fail('signWithKey', moduleErrors.connectionMobile),
    fail('signWithKey', moduleErrors.generic),
  ],
  'xstate.done.actor.verifySignature': [
    done('verifySignature', verified),
    done('verifySignature', rejected),
    done('verifySignature', okWithoutTimestamp),
  ],
  'xstate.error.actor.verifySignature': [fail('verifySignature', apiErrors.network)],
});

/** The model-test entry of the signing chart (tests/support/model-registry.ts). */
export const signingModelEntry = {
  id: 'signing',
  input: signingInput,
  // a restore of a selection by staff viewing the company (B9: the flag decides the tax-id step's refusal), and the
  // whole account: the text, the signed document and the challenge differ by action and targets (SEC3)
  inputClasses: [
    {
      name: 'restore of two numbers, impersonating',
      input: {
        action: 'restore',
        targets: { kind: 'numbers', ban: '100234561', sns: ['901234567', '901234568'] },
        impersonating: true,
      },
    },
    {
      name: 'block of a whole account',
      input: { action: 'block', targets: { kind: 'ban', ban: '100234561' }, impersonating: false },
    },
    {
      // SP2: the document is version 2 and names the day and hour; the challenge is asked for them
      name: 'restore of a number planned for a day and hour',
      input: {
        action: 'restore',
        targets: { kind: 'number', ban: '100234561', sn: '901234567' },
        impersonating: false,
        when: { date: '2026-12-12', hour: 9 },
      },
    },
  ],
  payloads: signingPayloads,
  // the challenge step lengthens every path: the deepest failure states need a longer walk to be met by chance
  walkSteps: 4000,
} as const;
