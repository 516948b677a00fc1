import { describe, expect, it, vi } from 'vitest';
import { type AnyActorLogic, createActor, fromPromise, waitFor } from 'xstate';
import type { SigningAction, SigningTargets } from '@/domain/signing-document.rules';
import { recoveryContactMachine, type SaveContactInput } from '@/machines/recovery-contact.machine';
import {
  connectRecoveryContactAccounts,
  connectRecoveryContactForm,
  connectRecoveryContactLoad,
  connectRecoveryContactPage,
  connectRecoveryContactResult,
  selectContactFieldError,
  selectContactSigningRef,
  selectDefaultEmail,
  selectDefaultPhone,
  selectRecoveryContactError,
  selectRecoveryContactStep,
  selectSigningCancelled,
} from '@/machines/recovery-contact.selectors';
import {
  type ChallengeOutcome,
  type CreatedSignature,
  type ListedKey,
  type SigningInput,
  signingMachine,
  type TaxIdResult,
  type VerifyOutcome,
} from '@/machines/signing.machine';
import { snapshotAt } from '../support/connect-table';
import {
  badEmail,
  curatorAccount,
  keyOwnerAccount,
  navoiyAccounts,
  nothingTyped,
  offline,
  pendingAccount,
  refused,
  savedActive,
  savedPending,
  signed,
  validEmail,
  validPhone,
} from './recovery-contact.payloads';
import { CHALLENGE, validKey, verified } from './signing.payloads';

/** Fakes of a healthy server and a signing child that signs; tests replace what they need. */
function fakes(overrides: Record<string, AnyActorLogic> = {}) {
  const calls = {
    load: vi.fn<() => void>(),
    signing: vi.fn<(input: SigningInput) => void>(),
    save: vi.fn<(input: SaveContactInput) => void>(),
  };
  const actors = {
    fetchAccounts: fromPromise(async () => {
      calls.load();
      return navoiyAccounts;
    }),
    signing: fromPromise(async ({ input }: { input: SigningInput }) => {
      calls.signing(input);
      return signed;
    }),
    saveContact: fromPromise(async ({ input }: { input: SaveContactInput }) => {
      calls.save(input);
      return savedActive;
    }),
    ...overrides,
  };
  return { actors, calls };
}

const start = (actors: Record<string, AnyActorLogic>) =>
  createActor(recoveryContactMachine.provide({ actors: actors as never })).start();

describe('the key owner’s recovery contacts (PRC4-PRC8)', () => {
  it('lists the accounts, signs exactly the chosen account’s new contact, then saves that very contact', async () => {
    // Arrange
    const { actors, calls } = fakes();
    const actor = start(actors);
    await waitFor(actor, (s) => s.matches('choosing'));
    // Act
    actor.send({ type: 'account.choose', userId: curatorAccount.userId });
    actor.send({ type: 'form.submit', values: validPhone });
    await waitFor(actor, (s) => s.matches('done'));
    // Assert
    expect(calls.signing).toHaveBeenCalledWith({
      action: 'contact-change',
      targets: {
        kind: 'contact',
        ban: '100672418',
        userId: curatorAccount.userId,
        login: curatorAccount.login,
        email: null,
        phone: '998901234500',
      },
      impersonating: false,
    });
    expect(calls.save).toHaveBeenCalledWith({
      userId: curatorAccount.userId,
      email: null,
      phone: '998901234500',
    });
    expect(actor.getSnapshot().context.activationSent).toBe(false);
  });

  it('refuses a contact that is no address, and one that is nothing at all, before anything is signed', async () => {
    const { actors, calls } = fakes();
    const actor = start(actors);
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'account.choose', userId: curatorAccount.userId });

    actor.send({ type: 'form.submit', values: badEmail });
    const first = selectContactFieldError(actor.getSnapshot());
    actor.send({ type: 'form.submit', values: nothingTyped });
    const second = selectContactFieldError(actor.getSnapshot());

    expect(first).toEqual({ code: 'validation.email', field: 'email' });
    expect(second).toEqual({ code: 'validation.fillRequired', field: 'email' });
    expect(selectRecoveryContactStep(actor.getSnapshot())).toBe('form');
    expect(calls.signing).not.toHaveBeenCalled();
  });

  it('a cancelled signing goes back to the form with what was typed, saving nothing', async () => {
    const { actors, calls } = fakes({ signing: fromPromise(async () => null) });
    const actor = start(actors);
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'account.choose', userId: curatorAccount.userId });

    actor.send({ type: 'form.submit', values: validEmail });
    await waitFor(actor, (s) => s.matches('editing'));

    expect(selectSigningCancelled(actor.getSnapshot())).toBe(true);
    expect(selectDefaultEmail(actor.getSnapshot())).toBe('botir@navoiy.uz');
    expect(selectDefaultPhone(actor.getSnapshot())).toBe('');
    expect(calls.save).not.toHaveBeenCalled();
  });

  it('a refused save is said and leads back to the form to sign again, never to a second save of it', async () => {
    const { actors, calls } = fakes({
      saveContact: fromPromise(async () => {
        throw refused;
      }),
    });
    const actor = start(actors);
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'account.choose', userId: curatorAccount.userId });
    actor.send({ type: 'form.submit', values: validEmail });
    await waitFor(actor, (s) => s.matches('saveFailed'));

    expect(selectRecoveryContactError(actor.getSnapshot())).toBe('E005');
    actor.send({ type: 'form.back' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(calls.signing).toHaveBeenCalledTimes(1);
  });

  it('says when a pending account got its activation link, and loads the list again on close', async () => {
    const { actors, calls } = fakes({ saveContact: fromPromise(async () => savedPending) });
    const actor = start(actors);
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'account.choose', userId: pendingAccount.userId });
    actor.send({ type: 'form.submit', values: validEmail });
    await waitFor(actor, (s) => s.matches('done'));

    expect(actor.getSnapshot().context.activationSent).toBe(true);
    actor.send({ type: 'done.close' });
    await waitFor(actor, (s) => s.matches('choosing'));
    expect(calls.load).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.selected).toBeNull();
  });

  it('ignores an account that is not in the list, and retries a failed load', async () => {
    let fail = true;
    const { actors } = fakes({
      fetchAccounts: fromPromise(async () => {
        if (fail) throw offline;
        return navoiyAccounts;
      }),
    });
    const actor = start(actors);
    await waitFor(actor, (s) => s.matches('loadFailed'));
    fail = false;
    actor.send({ type: 'load.retry' });
    await waitFor(actor, (s) => s.matches('choosing'));

    actor.send({ type: 'account.choose', userId: '99999' });

    expect(actor.getSnapshot().value).toBe('choosing');
  });

  it('runs the real signing chart as its child over the contact-change document', async () => {
    const signingWithFakes = signingMachine.provide({
      actors: {
        fetchTaxId: fromPromise<TaxIdResult, { impersonating: boolean }>(async () => ({ tin: '303318250' })),
        fetchChallenge: fromPromise<ChallengeOutcome, { action: SigningAction; targets: SigningTargets }>(
          async () => ({ challenge: CHALLENGE }),
        ),
        openModule: fromPromise<ListedKey[]>(async () => [{ ...validKey, tin: '303318250' }]),
        signWithKey: fromPromise<CreatedSignature, { key: ListedKey; data: string }>(
          () => new Promise(() => {}),
        ),
        verifySignature: fromPromise<VerifyOutcome, { pkcs7: string }>(async () => verified),
      },
    });
    const { actors, calls } = fakes({ signing: signingWithFakes });
    const actor = start(actors);
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'account.choose', userId: curatorAccount.userId });
    actor.send({ type: 'form.submit', values: validEmail });
    const child = selectContactSigningRef(actor.getSnapshot());
    await waitFor(child as NonNullable<typeof child>, (s) => s.matches('signing'));

    const doc = JSON.parse(child?.getSnapshot().context.data ?? '{}');
    expect(doc).toMatchObject({
      action: 'contact-change',
      targets: { kind: 'contact', userId: '412', login: 'b.usmonov', email: 'botir@navoiy.uz', phone: null },
      sn: null,
      ban: '100672418',
      challenge: CHALLENGE,
    });
    expect(doc.text).toContain('b.usmonov');
    expect(doc.text).toContain('botir@navoiy.uz');
    expect(calls.save).not.toHaveBeenCalled();
  });
});

/** What each part of the page renders in a state (decisions AR18): the connect functions as a table. */
describe('recovery-contact connect', () => {
  const at = (
    state: Parameters<typeof snapshotAt<typeof recoveryContactMachine>>[1],
    context: Parameters<typeof snapshotAt<typeof recoveryContactMachine>>[2] = {},
  ) => snapshotAt(recoveryContactMachine, state, context);
  const { accounts, ban } = navoiyAccounts;
  const listed = { ban, accounts };
  const refusedEmail = { code: 'validation.email', field: 'email' as const };
  const typed = { email: 'botir@navoiy.uz', phone: null };

  it.each([
    ['loading', at('loading'), { statePath: 'loading', step: 'loading' }],
    [
      'a refused contact is still the form',
      at('invalid', { ...listed, selected: curatorAccount, fieldError: refusedEmail }),
      { statePath: 'invalid', step: 'form' },
    ],
    [
      'done',
      at('done', { ...listed, selected: curatorAccount, contact: typed }),
      { statePath: 'done', step: 'done' },
    ],
  ] as const)('page: %s', (_, snapshot, expected) => {
    expect(connectRecoveryContactPage(snapshot)).toEqual(expected);
  });

  it.each([
    ['loading', at('loading'), { step: 'loading', error: null, retry: false }],
    [
      'a failed load may be retried',
      at('loadFailed', { errorCode: 'network' }),
      { step: 'loadFailed', error: 'network', retry: true },
    ],
    [
      'E009 offers no retry',
      at('loadFailed', { errorCode: 'E009' }),
      { step: 'loadFailed', error: 'E009', retry: false },
    ],
    [
      'a load failed without a code: unknown, no retry',
      at('loadFailed', { errorCode: null }),
      { step: 'loadFailed', error: 'unknown', retry: false },
    ],
    [
      'a failed save is no load to retry',
      at('saveFailed', { ...listed, selected: curatorAccount, contact: typed, errorCode: 'E005' }),
      { step: 'saveFailed', error: 'E005', retry: false },
    ],
  ] as const)('load: %s', (_, snapshot, expected) => {
    expect(connectRecoveryContactLoad(snapshot)).toEqual(expected);
  });

  it.each([
    ['loading: none yet', at('loading'), { accounts: [] }],
    ['choosing: the company’s accounts', at('choosing', listed), { accounts }],
    [
      'a single account listed',
      at('choosing', { ban, accounts: [keyOwnerAccount] }),
      { accounts: [keyOwnerAccount] },
    ],
  ] as const)('accounts: %s', (_, snapshot, expected) => {
    expect(connectRecoveryContactAccounts(snapshot)).toEqual(expected);
  });

  it.each([
    [
      'the chosen account’s own contact fills the form',
      at('editing', { ...listed, selected: curatorAccount }),
      {
        step: 'form',
        account: curatorAccount,
        defaultEmail: 'b.usmonov@navoiy.uz',
        defaultPhone: '+998 90 123 45 67',
        fieldError: null,
        cancelled: false,
        error: null,
        signingRef: null,
      },
    ],
    [
      'a refused field, an account without a contact',
      at('invalid', { ...listed, selected: pendingAccount, fieldError: refusedEmail, cancelled: true }),
      {
        step: 'form',
        account: pendingAccount,
        defaultEmail: '',
        defaultPhone: '',
        fieldError: refusedEmail,
        cancelled: false,
      },
    ],
    [
      'a cancelled signing keeps what was signed',
      at('editing', { ...listed, selected: curatorAccount, contact: typed, cancelled: true }),
      { step: 'form', defaultEmail: 'botir@navoiy.uz', defaultPhone: '', cancelled: true },
    ],
    [
      'saving',
      at('saving', { ...listed, selected: curatorAccount, contact: typed }),
      { step: 'saving', account: curatorAccount, error: null },
    ],
    [
      'a failed save says why',
      at('saveFailed', { ...listed, selected: curatorAccount, contact: typed, errorCode: 'E005' }),
      { step: 'saveFailed', error: 'E005', fieldError: null },
    ],
  ] as const)('form: %s', (_, snapshot, expected) => {
    expect(connectRecoveryContactForm(snapshot)).toMatchObject(expected);
  });

  it.each([
    [
      'saved, the activation link sent',
      at('done', { ...listed, selected: pendingAccount, contact: typed, activationSent: true }),
      { step: 'done', account: pendingAccount, saved: typed, activationSent: true },
    ],
    [
      'saved without a link',
      at('done', { ...listed, selected: curatorAccount, contact: typed }),
      { step: 'done', account: curatorAccount, saved: typed, activationSent: false },
    ],
    [
      'still saving: nothing saved yet',
      at('saving', { ...listed, selected: curatorAccount, contact: typed, activationSent: true }),
      { step: 'saving', account: curatorAccount, saved: null, activationSent: false },
    ],
  ] as const)('result: %s', (_, snapshot, expected) => {
    expect(connectRecoveryContactResult(snapshot)).toEqual(expected);
  });
});
