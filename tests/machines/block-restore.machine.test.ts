import { describe, expect, it, vi } from 'vitest';
import { type AnyActorLogic, createActor, fromPromise, waitFor } from 'xstate';
import type { SigningAction, SigningTargets } from '@/domain/signing-document.rules';
import {
  type ApplyInput,
  type BlockRestoreRequest,
  blockErrorDescription,
  blockRestoreMachine,
  type DocumentCreateEvent,
  type LockInput,
  type PlanInput,
} from '@/machines/block-restore.machine';
import {
  connectBlockRestoreDialog,
  connectStatusToggle,
  selectBlockRestoreError,
  selectDismissEvent,
  selectFailedNumbers,
  selectPriceNote,
  selectSigningRef,
  selectSkippedGroups,
  selectSubject,
  toggleModeOf,
} from '@/machines/block-restore.selectors';
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
import { onScreen } from '../support/phone-text';
import {
  allAccepted,
  allFailed,
  billingDown,
  blockAccount,
  blockAccountPlannable,
  blockSigned,
  inProcess,
  offline,
  PLAN_NOW,
  paidLock,
  privilegedLock,
  restoreDirect,
  restoreDirectPlannable,
  restoreSelection,
  signed,
  someFailed,
} from './block-restore.payloads';
import { CHALLENGE, SIGNER_TIN, validKey, verified } from './signing.payloads';

const never = fromPromise(() => new Promise<never>(() => {}));

/** Fakes of a healthy server and a signing child that signs; tests replace what they need. */
function fakes(overrides: Record<string, AnyActorLogic> = {}) {
  const calls = {
    lock: vi.fn<(input: LockInput) => void>(),
    signing: vi.fn<(input: SigningInput) => void>(),
    apply: vi.fn<(input: ApplyInput) => void>(),
  };
  const actors = {
    fetchPrivilegedLock: fromPromise(async ({ input }: { input: LockInput }) => {
      calls.lock(input);
      return paidLock;
    }),
    signing: fromPromise(async ({ input }: { input: SigningInput }) => {
      calls.signing(input);
      return signed;
    }),
    applyBlock: fromPromise(async ({ input }: { input: ApplyInput }) => {
      calls.apply(input);
      return allAccepted;
    }),
    ...overrides,
  };
  return { actors, calls };
}

function start(actors: Record<string, AnyActorLogic>) {
  const actor = createActor(blockRestoreMachine.provide({ actors: actors as never }));
  const documents: DocumentCreateEvent[] = [];
  actor.on('document.create', (e) => documents.push(e));
  actor.start();
  return { actor, documents };
}

const press = (request: BlockRestoreRequest) => ({ type: 'toggle.press' as const, request });

describe('block/restore chart', () => {
  it('plans an account block for a later day: the signature names the day, the plan is sent, nothing is applied', async () => {
    // Arrange
    const { actors, calls } = fakes();
    const plans: PlanInput[] = [];
    const { actor, documents } = start({
      ...actors,
      createPlan: fromPromise(async ({ input }: { input: PlanInput }) => {
        plans.push(input);
        return { id: 7, runAt: '2026-12-11T19:00:00.000Z' };
      }),
    });
    // Act
    actor.send(press(blockAccountPlannable));
    await waitFor(actor, (s) => s.matches('confirming'));
    actor.send({ type: 'when.set', when: { date: '2026-12-12', hour: 0 }, now: PLAN_NOW });
    const chosen = connectBlockRestoreDialog(actor.getSnapshot());
    actor.send({ type: 'dialog.confirm' });
    await waitFor(actor, (s) => s.matches('planned'));
    // Assert
    expect([chosen.mayPlan, chosen.when, chosen.whenProblem]).toEqual([
      true,
      { date: '2026-12-12', hour: 0 },
      null,
    ]);
    expect(calls.signing).toHaveBeenCalledWith({
      action: 'block',
      targets: { kind: 'ban', ban: blockAccount.ban },
      impersonating: false,
      when: { date: '2026-12-12', hour: 0 },
    });
    expect(plans).toEqual([
      { action: 'block', ban: blockAccount.ban, sns: null, date: '2026-12-12', hour: 0 },
    ]);
    expect(calls.apply).not.toHaveBeenCalled();
    expect(documents).toEqual([]);
    expect(connectBlockRestoreDialog(actor.getSnapshot()).planned).toEqual({
      id: 7,
      runAt: '2026-12-11T19:00:00.000Z',
    });
    actor.send({ type: 'dialog.close' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.when).toBeNull();
  });

  it.each([
    ['today', '2026-12-05', 'pastDate'],
    ['day 91', '2027-03-06', 'tooFar'],
    ['no day', '', 'badDate'],
  ] as const)('refuses %s: the dialog says why and confirming sends nothing', async (_, date, problem) => {
    // Arrange
    const { actors, calls } = fakes();
    const { actor } = start(actors);
    actor.send(press(restoreDirectPlannable));
    await waitFor(actor, (s) => s.matches('confirming'));
    // Act
    actor.send({ type: 'when.set', when: { date, hour: 9 }, now: PLAN_NOW });
    actor.send({ type: 'dialog.confirm' });
    // Assert
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(connectBlockRestoreDialog(actor.getSnapshot()).whenProblem).toBe(problem);
    expect(calls.apply).not.toHaveBeenCalled();
  });

  it('gives no choice of a day to who may not plan: a day sent anyway is ignored and the block runs now', async () => {
    // Arrange
    const { actors, calls } = fakes();
    const { actor } = start(actors);
    actor.send(press(blockSigned));
    await waitFor(actor, (s) => s.matches('confirming'));
    // Act
    actor.send({ type: 'when.set', when: { date: '2026-12-12', hour: 0 }, now: PLAN_NOW });
    actor.send({ type: 'dialog.confirm' });
    await waitFor(actor, (s) => s.matches('succeeded'));
    // Assert
    expect(connectBlockRestoreDialog(actor.getSnapshot()).mayPlan).toBe(false);
    expect(calls.apply).toHaveBeenCalledTimes(1);
  });

  it('blocks a type-15 number: check, confirm with the price, sign sn/ban, suspend, success and a document', async () => {
    // Arrange
    const { actors, calls } = fakes();
    const { actor, documents } = start(actors);
    // Act
    actor.send(press(blockSigned));
    await waitFor(actor, (s) => s.matches('confirming'));
    const note = selectPriceNote(actor.getSnapshot());
    actor.send({ type: 'dialog.confirm' });
    await waitFor(actor, (s) => s.matches('succeeded'));
    // Assert
    expect(calls.lock).toHaveBeenCalledWith({
      action: 'block',
      ban: blockSigned.ban,
      sn: blockSigned.sn,
      sns: null,
    });
    expect(note).toEqual({ kind: 'paid', price: 12_500.5, numbers: 9603, total: 120_042_301.5 });
    expect(calls.signing).toHaveBeenCalledWith({
      action: 'block',
      targets: { kind: 'number', ban: blockSigned.ban, sn: blockSigned.sn },
      impersonating: false,
      when: null,
    });
    expect(calls.apply).toHaveBeenCalledWith({
      action: 'block',
      sn: blockSigned.sn,
      sns: null,
      ban: blockSigned.ban,
      isLopBan: false,
    });
    expect(documents).toEqual([
      {
        type: 'document.create',
        action: 'block',
        sn: blockSigned.sn,
        ban: blockSigned.ban,
        acceptedNumbers: allAccepted.acceptedNumbers,
        companyInfo: allAccepted.companyInfo,
      },
    ]);
  });

  it('restores a type-20 number directly, without signing, passing lopBan on', async () => {
    const { actors, calls } = fakes({ fetchPrivilegedLock: fromPromise(async () => privilegedLock) });
    const { actor } = start(actors);

    actor.send(press(restoreDirect));
    await waitFor(actor, (s) => s.matches('confirming'));
    expect(selectPriceNote(actor.getSnapshot())).toEqual({ kind: 'none' });
    actor.send({ type: 'dialog.confirm' });
    await waitFor(actor, (s) => s.matches('succeeded'));

    expect(calls.signing).not.toHaveBeenCalled();
    expect(calls.apply).toHaveBeenCalledWith({
      action: 'restore',
      sn: restoreDirect.sn,
      sns: null,
      ban: restoreDirect.ban,
      isLopBan: true,
    });
  });

  it('restores a selection of the list under one signature of those numbers, in one call (U10)', async () => {
    const { actors, calls } = fakes();
    const { actor } = start(actors);

    actor.send(press(restoreSelection));
    await waitFor(actor, (s) => s.matches('confirming'));
    const subject = selectSubject(actor.getSnapshot());
    actor.send({ type: 'dialog.confirm' });
    await waitFor(actor, (s) => s.matches('succeeded'));

    expect(subject).toEqual({
      kind: 'selection',
      ban: restoreSelection.ban,
      numbers: [onScreen('+998 90 123 45 67'), onScreen('+998 90 123 45 68')],
    });
    expect(calls.signing).toHaveBeenCalledWith({
      action: 'restore',
      targets: { kind: 'numbers', ban: restoreSelection.ban, sns: ['901234567', '901234568'] },
      impersonating: false,
      when: null,
    });
    expect(calls.apply).toHaveBeenCalledWith({
      action: 'restore',
      sn: null,
      sns: restoreSelection.sns,
      ban: restoreSelection.ban,
      isLopBan: false,
    });
    expect(selectSkippedGroups(actor.getSnapshot())).toEqual([
      { reason: 'terminated', numbers: [onScreen('+998 90 123 45 69')] },
    ]);
  });

  it('names the account, its company and its active numbers in the confirmation (U7)', async () => {
    const { actors } = fakes();
    const { actor } = start(actors);

    actor.send(press(blockAccount));
    await waitFor(actor, (s) => s.matches('confirming'));

    expect(selectSubject(actor.getSnapshot())).toEqual({
      kind: 'account',
      ban: '100234561',
      companyName: 'Toshkent Savdo Invest MChJ',
      numbers: 9603,
    });
  });

  it('says a privileged block is free', async () => {
    const { actors } = fakes({ fetchPrivilegedLock: fromPromise(async () => privilegedLock) });
    const { actor } = start(actors);

    actor.send(press(blockSigned));
    await waitFor(actor, (s) => s.matches('confirming'));

    expect(selectPriceNote(actor.getSnapshot())).toEqual({ kind: 'free' });
  });

  it('cancelling the confirmation shows cancelled and calls nothing further; close returns to rest', async () => {
    const { actors, calls } = fakes();
    const { actor, documents } = start(actors);

    actor.send(press(blockSigned));
    await waitFor(actor, (s) => s.matches('confirming'));
    actor.send({ type: 'dialog.cancel' });
    const cancelled = actor.getSnapshot().value;
    actor.send({ type: 'dialog.close' });

    expect(cancelled).toBe('cancelled');
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.request).toBeNull();
    expect(calls.signing).not.toHaveBeenCalled();
    expect(calls.apply).not.toHaveBeenCalled();
    expect(documents).toEqual([]);
  });

  it('cancelling while signing stops the child and never suspends', async () => {
    const { actors, calls } = fakes({ signing: never });
    const { actor } = start(actors);

    actor.send(press(blockSigned));
    await waitFor(actor, (s) => s.matches('confirming'));
    actor.send({ type: 'dialog.confirm' });
    await waitFor(actor, (s) => s.matches('signing'));
    const child = actor.getSnapshot().children.signing;
    actor.send({ type: 'dialog.cancel' });

    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(child?.getSnapshot().status).toBe('stopped');
    expect(calls.apply).not.toHaveBeenCalled();
  });

  it('a signing chart that ends cancelled (output null) ends the flow cancelled', async () => {
    const { actors, calls } = fakes({ signing: fromPromise(async () => null) });
    const { actor } = start(actors);

    actor.send(press(blockSigned));
    await waitFor(actor, (s) => s.matches('confirming'));
    actor.send({ type: 'dialog.confirm' });
    await waitFor(actor, (s) => s.matches('cancelled'));

    expect(calls.apply).not.toHaveBeenCalled();
  });

  it('lists failed numbers as +998 90 123 45 68 and still creates the document for the accepted ones', async () => {
    const { actors } = fakes({ applyBlock: fromPromise(async () => someFailed) });
    const { actor, documents } = start(actors);

    actor.send(press(blockSigned));
    await waitFor(actor, (s) => s.matches('confirming'));
    actor.send({ type: 'dialog.confirm' });
    await waitFor(actor, (s) => s.matches('partiallyFailed'));

    expect(selectFailedNumbers(actor.getSnapshot())).toEqual([onScreen('+998 90 123 45 68')]);
    expect(documents.map((d) => d.acceptedNumbers)).toEqual([['901234567']]);
  });

  it('creates no document when every number failed', async () => {
    const { actors } = fakes({ applyBlock: fromPromise(async () => allFailed) });
    const { actor, documents } = start(actors);

    actor.send(press(blockSigned));
    await waitFor(actor, (s) => s.matches('confirming'));
    actor.send({ type: 'dialog.confirm' });
    await waitFor(actor, (s) => s.matches('partiallyFailed'));

    expect(documents).toEqual([]);
  });

  it("keeps the server's code and reason of a failed suspend; escape does nothing while the call runs", async () => {
    let reject: (e: unknown) => void = () => {};
    const { actors } = fakes({
      applyBlock: fromPromise(
        () =>
          new Promise<never>((_, r) => {
            reject = r;
          }),
      ),
    });
    const { actor } = start(actors);

    actor.send(press(blockSigned));
    await waitFor(actor, (s) => s.matches('confirming'));
    actor.send({ type: 'dialog.confirm' });
    await waitFor(actor, (s) => s.matches('applying'));
    const dismissWhileApplying = selectDismissEvent(actor.getSnapshot());
    actor.send({ type: 'dialog.cancel' });
    const stillApplying = actor.getSnapshot().value;
    reject(billingDown);
    await waitFor(actor, (s) => s.matches('failed'));

    expect(dismissWhileApplying).toBeNull();
    expect(stillApplying).toBe('applying');
    expect(selectBlockRestoreError(actor.getSnapshot())).toEqual({
      code: 'E007',
      description: 'billing timeout',
    });
    expect(selectDismissEvent(actor.getSnapshot())).toBe('dialog.close');
  });

  it("stops at 'already in process' when the server answers E022, and calls nothing further", async () => {
    const { actors, calls } = fakes({
      fetchPrivilegedLock: fromPromise(async () => {
        throw inProcess;
      }),
    });
    const { actor } = start(actors);

    actor.send(press(blockSigned));
    await waitFor(actor, (s) => s.matches('inProcess'));
    const canRetry = actor.getSnapshot().can({ type: 'dialog.retry' });
    actor.send({ type: 'dialog.close' });

    expect(canRetry).toBe(false);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(calls.signing).not.toHaveBeenCalled();
    expect(calls.apply).not.toHaveBeenCalled();
  });

  it('retries a failed privileged-lock check', async () => {
    let tries = 0;
    const { actors } = fakes({
      fetchPrivilegedLock: fromPromise(async () => {
        tries += 1;
        if (tries === 1) throw offline;
        return paidLock;
      }),
    });
    const { actor } = start(actors);

    actor.send(press(blockSigned));
    await waitFor(actor, (s) => s.matches('lockFailed'));
    expect(selectBlockRestoreError(actor.getSnapshot())).toEqual({ code: 'network', description: null });
    actor.send({ type: 'dialog.retry' });
    await waitFor(actor, (s) => s.matches('confirming'));

    expect(tries).toBe(2);
  });

  it('runs the real signing chart as its child with the request as data', async () => {
    const signingWithFakes = signingMachine.provide({
      actors: {
        fetchTaxId: fromPromise<TaxIdResult, { impersonating: boolean }>(async () => ({ tin: SIGNER_TIN })),
        fetchChallenge: fromPromise<ChallengeOutcome, { action: SigningAction; targets: SigningTargets }>(
          async () => ({ challenge: CHALLENGE }),
        ),
        openModule: fromPromise<ListedKey[]>(async () => [validKey]),
        signWithKey: fromPromise<CreatedSignature, { key: ListedKey; data: string }>(
          () => new Promise(() => {}),
        ),
        verifySignature: fromPromise<VerifyOutcome, { pkcs7: string }>(async () => verified),
      },
    });
    const { actors, calls } = fakes({ signing: signingWithFakes });
    const { actor } = start(actors);

    actor.send(press(blockSigned));
    await waitFor(actor, (s) => s.matches('confirming'));
    actor.send({ type: 'dialog.confirm' });
    const child = selectSigningRef(actor.getSnapshot());
    await waitFor(child as NonNullable<typeof child>, (s) => s.matches('signing'));

    expect(JSON.parse(child?.getSnapshot().context.data ?? '{}')).toMatchObject({
      action: 'block',
      sn: blockSigned.sn,
      ban: blockSigned.ban,
      challenge: CHALLENGE,
    });
    expect(calls.apply).not.toHaveBeenCalled();
  });

  it('reads only server descriptions', () => {
    expect(blockErrorDescription(billingDown)).toBe('billing timeout');
    expect(blockErrorDescription(offline)).toBeNull();
    expect(blockErrorDescription(new Error('x'))).toBeNull();
  });
});

describe('toggle mode (spec 4 "Toggle", spec 6 type 16)', () => {
  it.each([
    [{ status: 'A', profileType: 5 }, 'block'],
    [{ status: 'O', profileType: 20 }, 'block'],
    [{ status: 'S', profileType: 5 }, 'restore'],
    [{ status: 'A', profileType: 5, inProcess: true }, 'inProcess'],
    [{ status: 'A', profileType: 16 }, 'none'],
    [{ status: 'S', profileType: 16 }, 'none'],
    [{ status: 'N', profileType: 5 }, 'none'],
    [{ status: 'T', profileType: 5 }, 'none'],
    [{ status: null, profileType: 5 }, 'none'],
  ] as const)('%o → %s', (props, mode) => {
    expect(toggleModeOf(props)).toBe(mode);
  });
});

/** What the dialog and the toggle render in a state (decisions AR18): the connect functions as a table. */
describe('block-restore connect', () => {
  type Context = Parameters<typeof snapshotAt<typeof blockRestoreMachine>>[2];
  const at = (value: Parameters<typeof snapshotAt<typeof blockRestoreMachine>>[1], context: Context = {}) =>
    snapshotAt(blockRestoreMachine, value, context);

  it.each([
    [
      'at rest: no dialog, nothing to dismiss',
      at('idle'),
      {
        statePath: 'idle',
        step: 'idle',
        action: 'block',
        subject: null,
        priceNote: { kind: 'none' },
        dismiss: null,
      },
    ],
    [
      'confirming a paid block of an account: its company, its numbers and the total',
      at('confirming', { request: blockAccount, lock: paidLock }),
      {
        step: 'confirming',
        testId: 'block-restore-confirm',
        action: 'block',
        subject: {
          kind: 'account',
          ban: '100234561',
          companyName: 'Toshkent Savdo Invest MChJ',
          numbers: 9603,
        },
        priceNote: { kind: 'paid', price: 12500.5, numbers: 9603, total: 120042301.5 },
        dismiss: 'dialog.cancel',
        signingRef: null,
      },
    ],
    [
      'a failed lock check: its code, cancelled by Escape',
      at('lockFailed', { request: blockSigned, errorCode: 'network', errorDescription: null }),
      {
        testId: 'block-restore-lock-failed',
        error: { code: 'network', description: null },
        subject: { kind: 'number', ban: '100457732', number: onScreen('+998 90 123 45 67') },
        dismiss: 'dialog.cancel',
      },
    ],
    [
      'applying: nothing dismisses the dialog',
      at('applying', { request: restoreSelection }),
      { step: 'applying', action: 'restore', priceNote: { kind: 'none' }, dismiss: null },
    ],
    [
      'a partial result: the numbers in the portal format, grouped skips, closed by Escape',
      at('partiallyFailed', {
        request: restoreSelection,
        failedNumbers: ['901234567'],
        acceptedNumbers: ['901234568'],
        skippedNumbers: [
          { sn: '901234569', reason: 'notBlocked' },
          { sn: '901234570', reason: 'terminated' },
          { sn: '901234571', reason: 'whatever' },
        ],
      }),
      {
        statePath: 'partiallyFailed',
        testId: 'block-restore-partial',
        failedNumbers: [onScreen('+998 90 123 45 67')],
        acceptedNumbers: [onScreen('+998 90 123 45 68')],
        skipped: [
          { reason: 'terminated', numbers: [onScreen('+998 90 123 45 70')] },
          { reason: 'notBlocked', numbers: [onScreen('+998 90 123 45 69')] },
          { reason: 'other', numbers: [onScreen('+998 90 123 45 71')] },
        ],
        dismiss: 'dialog.close',
      },
    ],
  ] as const)('dialog: %s', (_, snapshot, expected) => {
    expect(connectBlockRestoreDialog(snapshot)).toMatchObject(expected);
  });

  it.each([
    ['at rest', at('idle'), { open: false }],
    ['checking the lock', at('checkingLock', { request: blockSigned }), { open: true }],
    ['cancelled', at('cancelled', { request: blockSigned }), { open: true }],
  ] as const)('toggle: %s', (_, snapshot, expected) => {
    expect(connectStatusToggle(snapshot)).toEqual(expected);
  });
});
