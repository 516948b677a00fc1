import { describe, expect, it, vi } from 'vitest';
import { type AnyActorLogic, createActor, fromPromise, toPromise, waitFor } from 'xstate';
import { pickSigningKey } from '@/domain/eimzo.rules';
import { type ListedKey, type SigningInput, signingMachine } from '@/machines/signing.machine';
import {
  connectSigningPanel,
  selectCanRetry,
  selectSigningErrorCode,
  selectSigningKey,
  selectSigningStep,
  selectSigningTestId,
} from '@/machines/signing.selectors';
import { signingErrorCode } from '@/machines/signing-errors';
import { EimzoFailure } from '@/services/eimzo/eimzo-errors';
import { snapshotAt } from '../support/connect-table';
import {
  apiErrors,
  CHALLENGE,
  created,
  expiredTwin,
  moduleErrors,
  otherCompanyKey,
  SIGNER_TIN,
  signingInput,
  validKey,
  verified,
} from './signing.payloads';

/** Fakes that answer like a working module and server; each test replaces what it needs. */
function fakes(overrides: Record<string, AnyActorLogic> = {}) {
  const calls = {
    fetchChallenge: vi.fn(),
    openModule: vi.fn(),
    signWithKey: vi.fn<(input: { key: ListedKey; data: string }) => void>(),
    verifySignature: vi.fn<(input: { pkcs7: string }) => void>(),
  };
  const actors = {
    fetchTaxId: fromPromise(async () => ({ tin: SIGNER_TIN })),
    fetchChallenge: fromPromise(async ({ input }: { input: unknown }) => {
      calls.fetchChallenge(input);
      return { challenge: CHALLENGE };
    }),
    openModule: fromPromise(async () => {
      calls.openModule();
      return [expiredTwin, otherCompanyKey, validKey];
    }),
    signWithKey: fromPromise(async ({ input }: { input: { key: ListedKey; data: string } }) => {
      calls.signWithKey(input);
      return created;
    }),
    verifySignature: fromPromise(async ({ input }: { input: { pkcs7: string } }) => {
      calls.verifySignature(input);
      return verified;
    }),
    ...overrides,
  };
  return { actors, calls };
}

function start(actors: Record<string, AnyActorLogic>, input: SigningInput = signingInput) {
  const actor = createActor(signingMachine.provide({ actors: actors as never }), { input });
  actor.start();
  return actor;
}

/** A fake whose successive runs give the listed results (an Error rejects). */
function sequence<T>(...results: (T | Error)[]) {
  let i = 0;
  return fromPromise(async () => {
    const r = results[Math.min(i++, results.length - 1)];
    if (r instanceof Error) throw r;
    return r as T;
  });
}

const rejecting = (error: unknown) =>
  fromPromise(async () => {
    throw error;
  });

describe('signing chart', () => {
  it('signs with the non-expired key of the TIN and ends with the verified timestamped signature', async () => {
    // Arrange
    const { actors, calls } = fakes();
    // Act
    const actor = start(actors);
    const output = await toPromise(actor);
    // Assert
    expect(actor.getSnapshot().value).toBe('signed');
    expect(output).toEqual({
      pkcs7b64WithTimestamp: verified.pkcs7b64WithTimestamp,
      keySerial: validKey.serialNumber,
      tin: SIGNER_TIN,
    });
    expect(calls.fetchChallenge).toHaveBeenCalledWith({ action: 'block', targets: signingInput.targets });
    const signed = JSON.parse(calls.signWithKey.mock.calls[0]?.[0].data ?? '{}');
    expect(calls.signWithKey).toHaveBeenCalledWith({ key: validKey, data: expect.any(String) });
    expect(signed).toMatchObject({
      action: 'block',
      targets: signingInput.targets,
      sn: '901234567',
      ban: '100234561',
      challenge: CHALLENGE,
    });
    expect(signed.text).toMatch(/901234567/);
    expect(calls.verifySignature).toHaveBeenCalledWith({ pkcs7: created.pkcs7 });
  });

  it('is refused while impersonating (E005 from the tax-id step) and never touches the module', async () => {
    const { actors, calls } = fakes({ fetchTaxId: rejecting(apiErrors.forbidden) });

    const actor = start(actors, { ...signingInput, impersonating: true });
    await waitFor(actor, (s) => s.matches('refused'));

    expect(selectSigningErrorCode(actor.getSnapshot())).toBe('eimzo.impersonating');
    expect(selectCanRetry(actor.getSnapshot())).toBe(false);
    expect(calls.openModule).not.toHaveBeenCalled();
    actor.send({ type: 'signing.cancel' });
    expect(actor.getSnapshot().output).toBeNull();
  });

  it.each([
    [null, 'validation.noTin'],
    ['402145876', 'E026'],
  ])('tax id %s → noTaxId with %s', async (tin, code) => {
    const { actors } = fakes({ fetchTaxId: fromPromise(async () => ({ tin })) });

    const actor = start(actors);
    await waitFor(actor, (s) => s.matches('noTaxId'));

    expect(actor.getSnapshot().context.errorCode).toBe(code);
  });

  it('retries a failed tax-id call', async () => {
    const { actors } = fakes({
      fetchTaxId: sequence<{ tin: string }>(apiErrors.network, { tin: SIGNER_TIN }),
    });

    const actor = start(actors);
    await waitFor(actor, (s) => s.matches('taxIdFailed'));
    expect(selectSigningErrorCode(actor.getSnapshot())).toBe('network');
    actor.send({ type: 'signing.retry' });

    expect((await toPromise(actor))?.tin).toBe(SIGNER_TIN);
  });

  it('warns below 4.40 and goes on after the module is updated and the user retries', async () => {
    const { actors } = fakes({
      openModule: sequence<ListedKey[]>(moduleErrors.oldVersion, [validKey]),
    });

    const actor = start(actors);
    await waitFor(actor, (s) => s.matches('outdated'));
    expect(selectSigningErrorCode(actor.getSnapshot())).toBe('eimzo.oldVersion');
    actor.send({ type: 'signing.retry' });
    await toPromise(actor);

    expect(actor.getSnapshot().value).toBe('signed');
  });

  it.each([
    ['noWebsocket', moduleErrors.noWebsocket, 'unsupportedBrowser', 'eimzo.noWebsocket', false],
    ['connection', moduleErrors.connection, 'moduleUnavailable', 'eimzo.connection', true],
    ['mobile', moduleErrors.connectionMobile, 'moduleUnavailable', 'eimzo.connectionMobile', true],
    ['apiKey', moduleErrors.apiKey, 'apiKeyRejected', 'eimzo.domainNotAllowed', true],
    ['generic', moduleErrors.generic, 'moduleFailed', 'eimzo.generic', true],
  ] as const)('the module failing with %s → %s', async (_, error, state, code, retry) => {
    const { actors } = fakes({ openModule: rejecting(error) });

    const actor = start(actors);
    await waitFor(actor, (s) => s.matches(state));

    expect(selectSigningErrorCode(actor.getSnapshot())).toBe(code);
    expect(selectCanRetry(actor.getSnapshot())).toBe(retry);
  });

  it('tells no certificates from no matching key, and the retry asks the module again', async () => {
    const { actors } = fakes({
      openModule: sequence<ListedKey[]>([], [expiredTwin, otherCompanyKey], [validKey]),
    });

    const actor = start(actors);
    await waitFor(actor, (s) => s.matches('noCertificates'));
    expect(selectSigningErrorCode(actor.getSnapshot())).toBe('eimzo.noCertificates');
    actor.send({ type: 'signing.retry' });
    await waitFor(actor, (s) => s.matches('noMatchingKey'));
    expect(selectSigningErrorCode(actor.getSnapshot())).toBe('eimzo.noMatchingKey');
    actor.send({ type: 'signing.retry' });
    await toPromise(actor);

    expect(actor.getSnapshot().value).toBe('signed');
  });

  it.each([
    ['a wrong password', moduleErrors.badPassword, 'wrongPassword', 'eimzo.badPassword'],
    ['a closed password window', moduleErrors.cancelled, 'passwordCancelled', 'eimzo.cancelled'],
  ] as const)('after %s the retry asks for the password again', async (_, error, state, code) => {
    const { actors } = fakes({ signWithKey: sequence<typeof created>(error, created) });

    const actor = start(actors);
    await waitFor(actor, (s) => s.matches(state));
    expect(selectSigningErrorCode(actor.getSnapshot())).toBe(code);
    actor.send({ type: 'signing.retry' });
    await toPromise(actor);

    expect(actor.getSnapshot().value).toBe('signed');
  });

  it('maps a missing key file (-2002) or an unknown keyId to the no-installed-or-matching-key failure', async () => {
    const first = start(fakes({ signWithKey: rejecting(moduleErrors.keyFileMissing) }).actors);
    const second = start(fakes({ signWithKey: rejecting(moduleErrors.keyNotFound) }).actors);
    await waitFor(first, (s) => s.matches('keyUnavailable'));
    await waitFor(second, (s) => s.matches('keyUnavailable'));

    expect(selectSigningErrorCode(first.getSnapshot())).toBe('eimzo.noInstalledOrMatchingKey');
    expect(selectSigningErrorCode(second.getSnapshot())).toBe('eimzo.noInstalledOrMatchingKey');
  });

  it('fails verification on code ≠ 1 and signs again on retry', async () => {
    const { actors, calls } = fakes({
      verifySignature: sequence({ code: 0, pkcs7b64WithTimestamp: null }, verified),
    });

    const actor = start(actors);
    await waitFor(actor, (s) => s.matches('verifyFailed'));
    expect(selectSigningErrorCode(actor.getSnapshot())).toBe('eimzo.verifyFailed');
    actor.send({ type: 'signing.retry' });
    await toPromise(actor);

    expect(calls.signWithKey).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().value).toBe('signed');
  });

  it('keeps the API code when the verify call itself fails', async () => {
    const { actors } = fakes({ verifySignature: rejecting(apiErrors.sessionExpired) });

    const actor = start(actors);
    await waitFor(actor, (s) => s.matches('verifyFailed'));

    expect(selectSigningErrorCode(actor.getSnapshot())).toBe('E009');
  });

  it('can be cancelled while waiting for the password; output null, and the module call is aborted (U20)', async () => {
    let signal: AbortSignal | undefined;
    const { actors } = fakes({
      signWithKey: fromPromise(({ signal: s }) => {
        signal = s;
        return new Promise<never>(() => {});
      }),
    });

    const actor = start(actors);
    await waitFor(actor, (s) => s.matches('signing'));
    expect(selectSigningStep(actor.getSnapshot())).toBe('waitingPassword');
    expect(selectSigningTestId(actor.getSnapshot())).toBe('signing-password');
    expect(selectSigningKey(actor.getSnapshot())).toBe(validKey);
    actor.send({ type: 'signing.cancel' });

    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(actor.getSnapshot().output).toBeNull();
    // the real actor closes the module's socket on this signal (src/app/eimzo.actors.ts)
    expect(signal?.aborted).toBe(true);
  });
});

describe('signing helpers', () => {
  it('picks the first non-expired key of the TIN with the domain rule', () => {
    expect(pickSigningKey([expiredTwin, otherCompanyKey, validKey], SIGNER_TIN)).toBe(validKey);
    expect(pickSigningKey([expiredTwin, otherCompanyKey], SIGNER_TIN)).toBeUndefined();
    expect(pickSigningKey([validKey], null)).toBeUndefined();
  });

  it('reads error codes of module and API failures', () => {
    expect(signingErrorCode(moduleErrors.keyNotFound)).toBe('eimzo.noInstalledOrMatchingKey');
    expect(signingErrorCode(new EimzoFailure({ kind: 'generic', status: -2006 }))).toBe(
      'eimzo.noInstalledOrMatchingKey',
    );
    expect(signingErrorCode(apiErrors.network)).toBe('network');
    expect(signingErrorCode(new Error('boom'))).toBe('eimzo.generic');
  });

  it('signs the same document without a challenge against a backend without the call', async () => {
    const { actors, calls } = fakes({ fetchChallenge: fromPromise(async () => ({ challenge: null })) });

    await toPromise(start(actors));

    const signed = JSON.parse(calls.signWithKey.mock.calls[0]?.[0].data ?? '{}');
    expect(signed).toMatchObject({ action: 'block', sn: '901234567', ban: '100234561', challenge: null });
  });

  it('shows a failed challenge call with Retry, which asks again', async () => {
    const { actors, calls } = fakes({
      fetchChallenge: sequence<{ challenge: string }>(apiErrors.network, { challenge: CHALLENGE }),
    });

    const actor = start(actors);
    await waitFor(actor, (s) => s.matches('challengeFailed'));
    expect(selectSigningErrorCode(actor.getSnapshot())).toBe('network');
    expect(selectCanRetry(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'signing.retry' });
    await toPromise(actor);

    expect(actor.getSnapshot().value).toBe('signed');
    expect(calls.openModule).toHaveBeenCalledTimes(1);
  });
});

/** What the signing panel renders in a state (decisions AR18): the connect function as a table. */
describe('signing connect', () => {
  const at = (
    value: Parameters<typeof snapshotAt<typeof signingMachine>>[1],
    context: Parameters<typeof snapshotAt<typeof signingMachine>>[2] = {},
  ) => snapshotAt(signingMachine, value, context, signingInput);

  it.each([
    [
      'getting the tax id: busy, its step, no failure',
      at('gettingTaxId'),
      {
        statePath: 'gettingTaxId',
        testId: 'signing-getting-tin',
        busy: true,
        failed: false,
        retry: false,
        step: 'gettingTin',
        signed: false,
        cancelled: false,
      },
    ],
    [
      'the password asked: the key and the document text',
      at('signing', { key: validKey, text: 'Блокировка номера +998 90 123 45 67' }),
      {
        testId: 'signing-password',
        busy: true,
        step: 'waitingPassword',
        key: validKey,
        documentText: 'Блокировка номера +998 90 123 45 67',
      },
    ],
    [
      'a failed challenge may be retried',
      at('challengeFailed', { errorCode: 'E013' }),
      {
        testId: 'signing-challenge-failed',
        busy: false,
        failed: true,
        retry: true,
        errorCode: 'E013',
        step: null,
      },
    ],
    [
      // the panel's Retry follows the state, not the code: the session closes the dialog on E009 (as before AR18)
      'E009 in a state that retries keeps Retry',
      at('taxIdFailed', { errorCode: 'E009' }),
      { failed: true, retry: true, errorCode: 'E009' },
    ],
    [
      'refused while impersonating: only Cancel',
      at('refused', { errorCode: 'E005' }),
      { testId: 'signing-refused', failed: true, retry: false, errorCode: 'E005' },
    ],
    ['signed', at('signed'), { signed: true, cancelled: false, busy: false, failed: false, step: null }],
    ['cancelled', at('cancelled'), { signed: false, cancelled: true, testId: 'signing-cancelled' }],
  ] as const)('panel: %s', (_, snapshot, expected) => {
    expect(connectSigningPanel(snapshot)).toMatchObject(expected);
  });
});
