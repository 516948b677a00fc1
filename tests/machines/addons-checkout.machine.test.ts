import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { BalanceFacts } from '@/domain/addons.rules';
import { SYSTEM_IDS } from '@/machines/actor-system';
import {
  type ApplyChunkInput,
  type ApplyChunkResult,
  addonsCheckoutMachine,
  type CheckoutOrder,
  type OrderQuote,
} from '@/machines/addons-checkout.machine';
import {
  connectCheckout,
  selectBalance,
  selectCheckoutStep,
  selectCheckoutSummary,
  selectOutcomeSummary,
  selectProgress,
  selectRetryCount,
} from '@/machines/addons-checkout.selectors';
import { createTestSystem } from '../support/actor-system';
import { snapshotAt } from '../support/connect-table';
import { lintMachine } from '../support/model-universe';
import {
  connectOrder,
  disconnectOrder,
  emptyOrder,
  enough,
  mixedOutcomes,
  net20,
  noSession,
  oneOnly,
  orderSns,
  payerBan,
  quoteOneHas,
} from './addons-checkout.payloads';

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A server that debits a deposit number by number: accepted while it lasts, E031 after (SV7). */
function server(
  opts: {
    deposit: number;
    price?: number;
    has?: readonly string[];
    quoteHas?: readonly string[];
    failOnce?: number;
  } = { deposit: 0 },
) {
  const calls: ApplyChunkInput[] = [];
  let deposit = opts.deposit;
  let failures = opts.failOnce ?? 0;
  const release: (() => void)[] = [];
  const machine = addonsCheckoutMachine.provide({
    actors: {
      // the server's quote: the numbers of `quoteHas` have it already and are left out (SV12)
      quoteOrder: fromPromise(async ({ input }: { input: CheckoutOrder }): Promise<OrderQuote> => {
        const already = input.sns.filter((sn) => opts.quoteHas?.includes(sn));
        const sns = input.sns.filter((sn) => !already.includes(sn));
        return { already, sns, total: (input.pkg?.price ?? 0) * sns.length };
      }),
      checkBalance: fromPromise(async (): Promise<BalanceFacts> => ({ hasDeposit: true, balance: deposit })),
      applyChunk: fromPromise(async ({ input }: { input: ApplyChunkInput }): Promise<ApplyChunkResult> => {
        calls.push(input);
        await new Promise<void>((r) => release.push(r));
        if (failures > 0) {
          failures--;
          throw noSession;
        }
        const outcomes = input.sns.map((sn) => {
          if (opts.has?.includes(sn)) return { sn, code: 'E124' };
          if (input.action !== 'connect') return { sn, code: 'accepted' };
          const price = opts.price ?? 45_000;
          if (deposit < price) return { sn, code: 'E031' };
          deposit -= price;
          return { sn, code: 'accepted' };
        });
        return { outcomes, balance: deposit };
      }),
    },
  });
  /** Lets the slice under way answer. */
  const answer = async () => {
    await flush();
    release.shift()?.();
    await flush();
    await flush();
  };
  return { machine, calls, answer, topUp: (n: number) => (deposit += n) };
}

describe('services checkout chart', () => {
  it('passes the chart lint (ids, descriptions, meta on every state)', () => {
    expect(lintMachine(addonsCheckoutMachine)).toEqual([]);
  });

  it('connects in slices: the progress counts only what the server confirmed; E031 from the middle of the list; retry after a top-up', async () => {
    const s = server({ deposit: 45_000 * 10, has: [orderSns[1] as string] });
    const actor = createActor(s.machine).start();
    actor.send({ type: 'checkout.start', order: connectOrder });
    await flush();
    actor.send({ type: 'checkout.confirm' });
    await flush();
    // the deposit covers 10 of 26 numbers: the user is told before anything is sent
    expect(selectCheckoutStep(actor.getSnapshot())).toBe('short');
    expect(selectBalance(actor.getSnapshot())?.covers).toBe(10);
    actor.send({ type: 'checkout.apply' });
    expect(selectProgress(actor.getSnapshot())).toEqual({ done: 0, total: 26 });
    expect(s.calls[0]?.sns).toEqual(orderSns.slice(0, 25));
    await s.answer();
    // one slice confirmed: 25 of 26, the second slice is on its way
    expect(selectCheckoutStep(actor.getSnapshot())).toBe('applying');
    expect(selectProgress(actor.getSnapshot())).toEqual({ done: 25, total: 26 });
    expect(s.calls[1]?.sns).toEqual(orderSns.slice(25));
    await s.answer();
    expect(selectCheckoutStep(actor.getSnapshot())).toBe('result');
    const codes = actor.getSnapshot().context.outcomes.map((o) => o.code);
    // number 2 had it (E124, no charge), the next ten were paid for, the rest ran out of deposit
    expect(codes.slice(0, 12)).toEqual(['accepted', 'E124', ...Array(9).fill('accepted'), 'E031']);
    expect(selectOutcomeSummary(actor.getSnapshot())).toMatchObject({ accepted: 10, failed: 16 });
    expect(selectRetryCount(actor.getSnapshot())).toBe(15);
    s.topUp(45_000 * 15);
    actor.send({ type: 'result.retry' });
    expect(actor.getSnapshot().context.sns).toEqual(orderSns.slice(11));
    actor.send({ type: 'checkout.confirm' });
    await flush();
    expect(selectCheckoutStep(actor.getSnapshot())).toBe('funded');
    actor.send({ type: 'checkout.apply' });
    await s.answer();
    expect(actor.getSnapshot().context.outcomes.every((o) => o.code === 'accepted')).toBe(true);
    expect(selectRetryCount(actor.getSnapshot())).toBe(0);
  });

  it('a failed slice keeps the confirmed outcomes; resume sends only the numbers without one', async () => {
    const t = server({ deposit: 45_000 * 30, failOnce: 1 });
    const b = createActor(t.machine).start();
    b.send({ type: 'checkout.start', order: connectOrder });
    await flush();
    b.send({ type: 'checkout.confirm' });
    await flush();
    b.send({ type: 'checkout.apply' });
    await t.answer();
    // the first slice failed as a whole (connection lost): nothing counts as done
    expect(selectCheckoutStep(b.getSnapshot())).toBe('applyFailed');
    expect(selectProgress(b.getSnapshot()).done).toBe(0);
    b.send({ type: 'apply.resume' });
    expect(t.calls[1]?.sns).toEqual(orderSns.slice(0, 25));
    await t.answer();
    expect(selectProgress(b.getSnapshot()).done).toBe(25);
    await t.answer();
    expect(selectCheckoutStep(b.getSnapshot())).toBe('result');
    expect(selectProgress(b.getSnapshot())).toEqual({ done: 26, total: 26 });
  });

  it('stop lets the slice under way finish and marks the rest not sent', async () => {
    const s = server({ deposit: 45_000 * 30 });
    const actor = createActor(s.machine).start();
    actor.send({ type: 'checkout.start', order: connectOrder });
    await flush();
    actor.send({ type: 'checkout.confirm' });
    await flush();
    actor.send({ type: 'checkout.apply' });
    actor.send({ type: 'apply.stop' });
    await s.answer();
    expect(selectCheckoutStep(actor.getSnapshot())).toBe('result');
    expect(s.calls).toHaveLength(1);
    expect(actor.getSnapshot().context.outcomes.at(-1)).toEqual({ sn: orderSns[25], code: 'cancelled' });
    expect(selectProgress(actor.getSnapshot())).toEqual({ done: 25, total: 26 });
  });

  it('disconnecting needs no balance check; cancel before sending says so; nothing chosen is empty', async () => {
    const s = server({ deposit: 0 });
    const a = createActor(s.machine).start();
    a.send({ type: 'checkout.start', order: disconnectOrder });
    a.send({ type: 'checkout.confirm' });
    expect(selectCheckoutStep(a.getSnapshot())).toBe('applying');
    expect(s.calls[0]).toMatchObject({ action: 'disconnect', sns: orderSns.slice(0, 2) });
    const b = createActor(s.machine).start();
    b.send({ type: 'checkout.start', order: connectOrder });
    await flush();
    b.send({ type: 'checkout.cancel' });
    expect(selectCheckoutStep(b.getSnapshot())).toBe('cancelled');
    const c = createActor(s.machine).start();
    c.send({ type: 'checkout.start', order: emptyOrder });
    expect(selectCheckoutStep(c.getSnapshot())).toBe('empty');
  });

  it('tells the services page through the actor system when a run ends', async () => {
    const system = createTestSystem();
    const heard = system.listen(SYSTEM_IDS.services);
    const s = server({ deposit: 45_000 * 30 });
    const checkout = system.spawn(s.machine);
    checkout.send({ type: 'checkout.start', order: disconnectOrder });
    checkout.send({ type: 'checkout.confirm' });
    expect(heard).toEqual([]);
    await s.answer();
    expect(heard).toEqual([{ type: 'services.changed' }]);
    system.stop();
  });

  it('a balance that covers everything goes to funded', async () => {
    const machine = addonsCheckoutMachine.provide({
      actors: {
        checkBalance: fromPromise(async () => enough),
        quoteOrder: fromPromise(
          async ({ input }: { input: CheckoutOrder }): Promise<OrderQuote> => ({
            already: [],
            sns: input.sns,
            total: 0,
          }),
        ),
      },
    });
    const a = createActor(machine).start();
    a.send({ type: 'checkout.start', order: connectOrder });
    await flush();
    a.send({ type: 'checkout.confirm' });
    await flush();
    expect(selectCheckoutStep(a.getSnapshot())).toBe('funded');
    const m2 = addonsCheckoutMachine.provide({
      actors: {
        checkBalance: fromPromise(async () => oneOnly),
        quoteOrder: fromPromise(
          async ({ input }: { input: CheckoutOrder }): Promise<OrderQuote> => ({
            already: [],
            sns: input.sns,
            total: 0,
          }),
        ),
      },
    });
    const b = createActor(m2).start();
    b.send({ type: 'checkout.start', order: connectOrder });
    await flush();
    b.send({ type: 'checkout.confirm' });
    await flush();
    expect(selectBalance(b.getSnapshot())?.covers).toBe(1);
  });

  it('leaves the numbers that have it already out of the order and the total, and names them (SV12)', async () => {
    const s = server({ deposit: 45_000 * 30, quoteHas: [orderSns[1] as string] });
    const actor = createActor(s.machine).start();
    actor.send({ type: 'checkout.start', order: connectOrder });
    expect(selectCheckoutStep(actor.getSnapshot())).toBe('quoting');
    await flush();
    const review = selectCheckoutSummary(actor.getSnapshot());
    expect(review.already).toEqual([orderSns[1]]);
    expect(review.sns).toEqual(orderSns.filter((_, i) => i !== 1));
    expect(review.total).toBe(45_000 * 25);
    actor.send({ type: 'checkout.confirm' });
    await flush();
    actor.send({ type: 'checkout.apply' });
    expect(s.calls[0]?.sns).not.toContain(orderSns[1]);
  });

  it('every chosen number has it already: nothing to confirm', async () => {
    const s = server({ deposit: 0, quoteHas: orderSns });
    const actor = createActor(s.machine).start();
    actor.send({ type: 'checkout.start', order: connectOrder });
    await flush();
    expect(selectCheckoutSummary(actor.getSnapshot())).toMatchObject({ sns: [], total: 0 });
    actor.send({ type: 'checkout.confirm' });
    expect(selectCheckoutStep(actor.getSnapshot())).toBe('reviewing');
  });
});

/** What the checkout panel renders in a state (decisions AR18): the connect function as a table. */
describe('addons-checkout connect', () => {
  const at = (
    state: Parameters<typeof snapshotAt<typeof addonsCheckoutMachine>>[1],
    context: Parameters<typeof snapshotAt<typeof addonsCheckoutMachine>>[2] = {},
  ) => snapshotAt(addonsCheckoutMachine, state, context);
  const order = { action: 'connect' as const, pkg: net20, payerBan, sns: orderSns };
  /** The first slice confirmed (APPLY_CHUNK = 25 of the 26 numbers). */
  const firstSlice = mixedOutcomes.slice(0, 25);

  it.each([
    [
      'opening: nothing chosen yet',
      at('opening'),
      {
        step: 'opening',
        state: 'opening',
        summary: { action: 'connect', pkg: null, payerBan: '', sns: [], already: [], total: 0 },
        balance: null,
        progress: { done: 0, total: 0 },
        stopping: false,
        busy: false,
        error: null,
        retry: false,
        outcomes: [],
        result: { accepted: 0, failed: 0 },
        retryCount: 0,
      },
    ],
    ['quoting is busy', at('quoting', order), { step: 'quoting', busy: true, error: null }],
    [
      'a failed quote may be retried',
      at('quoteFailed', { ...order, error: 'network' }),
      { step: 'quoteFailed', busy: false, error: 'network', retry: true },
    ],
    [
      'E009 offers no retry of the balance check',
      at('balanceFailed', { ...order, error: 'E009' }),
      { step: 'balanceFailed', error: 'E009', retry: false },
    ],
    [
      'the review: the quote’s numbers and total, an old error not shown',
      at('reviewing', { ...order, ...quoteOneHas, error: 'network' }),
      {
        step: 'reviewing',
        summary: {
          action: 'connect',
          pkg: net20,
          payerBan,
          sns: quoteOneHas.sns,
          already: quoteOneHas.already,
          total: 1_125_000,
        },
        error: null,
        retry: false,
      },
    ],
    [
      'a short balance: what it covers; no quote, price × count',
      at('short', { ...order, balance: oneOnly }),
      {
        step: 'short',
        summary: { total: 1_170_000 },
        balance: { hasDeposit: true, balance: 50_000, covers: 1 },
      },
    ],
    [
      'enough on the deposit covers every number',
      at('funded', { ...order, balance: enough }),
      { step: 'funded', balance: { hasDeposit: true, balance: 10_000_000, covers: 26 } },
    ],
    [
      'continuing is shown as applying, with the confirmed progress and a stop asked',
      at('continuing', { ...order, outcomes: firstSlice, stopping: true }),
      {
        step: 'applying',
        state: 'continuing',
        busy: true,
        progress: { done: 25, total: 26 },
        stopping: true,
      },
    ],
    [
      'numbers not sent are no progress',
      at('applying', {
        ...order,
        outcomes: [...firstSlice.slice(0, 3), { sn: orderSns[3] as string, code: 'cancelled' }],
      }),
      { step: 'applying', progress: { done: 3, total: 26 } },
    ],
    [
      'a failed slice may be resumed',
      at('applyFailed', { ...order, outcomes: firstSlice, error: 'network' }),
      { step: 'applyFailed', busy: false, error: 'network', retry: true, progress: { done: 25, total: 26 } },
    ],
    [
      'a failed slice on E009 may not be resumed',
      at('applyFailed', { ...order, outcomes: firstSlice, error: 'E009' }),
      { error: 'E009', retry: false },
    ],
    [
      'the result: 7 accepted, 19 failed, 18 worth a retry (not E124)',
      at('result', { ...order, outcomes: mixedOutcomes }),
      {
        step: 'result',
        busy: false,
        outcomes: mixedOutcomes,
        result: { accepted: 7, failed: 19, byCode: { E124: 1, E123: 1, E031: 17 } },
        retryCount: 18,
      },
    ],
  ] as const)('%s', (_, snapshot, expected) => {
    expect(connectCheckout(snapshot)).toMatchObject(expected);
  });
});
