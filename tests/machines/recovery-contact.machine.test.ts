import { describe, expect, it, vi } from 'vitest';
import { type AnyActorLogic, createActor, fromPromise, waitFor } from 'xstate';
import type { SigningAction, SigningTargets } from '@/domain/signing-document.rules';
import { recoveryContactMachine, type SaveContactInput } from '@/machines/recovery-contact.machine';
import {
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
import {
  badEmail,
  curatorAccount,
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
