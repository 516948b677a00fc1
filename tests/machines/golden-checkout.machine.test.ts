import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  type CheckoutInput,
  type GoldenCheckoutInput,
  type GoldenResults,
  goldenCheckoutMachine,
  type SearchNumbersInput,
} from '@/machines/golden-checkout.machine';
import {
  selectCheckoutError,
  selectPurchaseState,
  selectPurchaseStep,
  selectSelected,
  selectSplit,
  selectTaken,
} from '@/machines/golden-checkout.selectors';
import { lintMachine } from '../support/model-universe';
import {
  catalogue,
  noBalance,
  offerA,
  offerB,
  order,
  page0,
  page1,
  takenA,
} from './golden-checkout.payloads';

/** A first visit: nothing kept, the choice step. */
const notKept: GoldenCheckoutInput = { keepKey: null, kept: [], step: 'choice' };

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Fakes that record their inputs; a search answers after `delays[i]` ms (to race two searches). */
function answering(opts: { checkout?: unknown[]; searchDelays?: number[] } = {}) {
  const calls = { search: [] as SearchNumbersInput[], checkout: [] as CheckoutInput[] };
  const checkoutResults = [...(opts.checkout ?? [])];
  const delays = [...(opts.searchDelays ?? [])];
  const machine = goldenCheckoutMachine.provide({
    actors: {
      fetchCategories: fromPromise(async () => catalogue),
      searchNumbers: fromPromise(async ({ input }: { input: SearchNumbersInput }): Promise<GoldenResults> => {
        calls.search.push(input);
        const wait = delays.shift() ?? 0;
        if (wait) await new Promise((r) => setTimeout(r, wait));
        return input.page === 0 ? page0 : page1;
      }),
      checkout: fromPromise(async ({ input }: { input: CheckoutInput }) => {
        calls.checkout.push(input);
        const next = checkoutResults.shift();
        if (next instanceof Error) throw next;
        return order;
      }),
    },
  });
  return { machine, calls };
}

describe('golden-number checkout chart', () => {
  it('follows the conventions (ids, descriptions, meta, named guards)', () => {
    expect(lintMachine(goldenCheckoutMachine)).toEqual([]);
  });

  it('random over every code, then another type: the search runs in 90, the code the list shows', async () => {
    const { machine, calls } = answering();
    const actor = createActor(machine, { input: notKept }).start();
    await flush();
    actor.send({ type: 'category.choose', categoryId: 192 });
    actor.send({ type: 'form.change', field: 'operatorCode', value: '' });
    actor.send({ type: 'search.type', searchType: 'byGroup' });
    expect(actor.getSnapshot().context.form.operatorCode).toBe('90');
    actor.send({ type: 'search.submit' });
    await flush();
    expect(actor.getSnapshot().context.problem).toBeNull();
    expect(calls.search.at(-1)?.query).toMatchObject({ type: 'byGroup', operatorCode: '90' });
    actor.stop();
  });

  it('searches by mask, picks numbers on two pages, reviews the total with VAT and buys them', async () => {
    // Arrange
    const { machine, calls } = answering();
    const actor = createActor(machine, { input: notKept }).start();
    await flush();
    // Act
    actor.send({ type: 'category.choose', categoryId: 192 });
    actor.send({ type: 'search.type', searchType: 'byMask' });
    actor.send({ type: 'form.change', field: 'mask', value: '***-**-00' });
    actor.send({ type: 'search.submit' });
    await flush();
    actor.send({ type: 'number.toggle', offer: offerA });
    actor.send({ type: 'page.go', page: 1 });
    await flush();
    actor.send({ type: 'number.toggle', offer: offerB });
    actor.send({ type: 'review.open' });
    const review = actor.getSnapshot();
    actor.send({ type: 'checkout.confirm' });
    await flush();
    // Assert
    expect(calls.search).toEqual([
      { query: { type: 'byMask', categoryId: 192, operatorCode: '90', number: '***-**-00' }, page: 0 },
      { query: { type: 'byMask', categoryId: 192, operatorCode: '90', number: '***-**-00' }, page: 1 },
    ]);
    expect(selectSelected(review)).toEqual([offerA, offerB]);
    expect(selectSplit(review)).toEqual({ total: 168_400, vat: 18_043, net: 150_357 });
    expect(calls.checkout).toEqual([{ numbers: [offerA.number, offerB.number] }]);
    expect(selectPurchaseStep(actor.getSnapshot())).toBe('done');
    expect(actor.getSnapshot().context.order).toEqual(order);
  });

  it('refuses a malformed mask without calling the server, and names the field', async () => {
    const { machine, calls } = answering();
    const actor = createActor(machine, { input: notKept }).start();
    await flush();
    actor.send({ type: 'search.type', searchType: 'byMask' });
    actor.send({ type: 'form.change', field: 'mask', value: '12-34' });
    actor.send({ type: 'search.submit' });
    expect(actor.getSnapshot().context.problem).toBe('mask');
    expect(selectPurchaseState(actor.getSnapshot())).toBe('browsing.idle');
    actor.send({ type: 'form.change', field: 'mask', value: '123-45-67' });
    expect(actor.getSnapshot().context.problem).toBeNull();
    expect(calls.search).toEqual([]);
  });

  it('a new search while one is in flight cancels the old one: only the new reply is shown', async () => {
    const { machine, calls } = answering({ searchDelays: [30, 0] });
    const actor = createActor(machine, { input: notKept }).start();
    await flush();
    actor.send({ type: 'search.submit' });
    actor.send({ type: 'search.type', searchType: 'byMask' });
    actor.send({ type: 'form.change', field: 'mask', value: '***-**-00' });
    actor.send({ type: 'search.submit' });
    await new Promise((r) => setTimeout(r, 60));
    expect(calls.search.map((c) => c.query.type)).toEqual(['random', 'byMask']);
    expect(selectPurchaseState(actor.getSnapshot())).toBe('browsing.results');
    expect(actor.getSnapshot().context.query?.type).toBe('byMask');
  });

  it('E031 stays on the review with a retry; a number taken meanwhile is named and dropped, the rest bought', async () => {
    const { machine, calls } = answering({ checkout: [noBalance, takenA] });
    const actor = createActor(machine, { input: notKept }).start();
    await flush();
    actor.send({ type: 'search.submit' });
    await flush();
    actor.send({ type: 'number.toggle', offer: offerA });
    actor.send({ type: 'number.toggle', offer: offerB });
    actor.send({ type: 'review.open' });
    actor.send({ type: 'checkout.confirm' });
    await flush();
    expect(selectCheckoutError(actor.getSnapshot())).toBe('E031');
    actor.send({ type: 'checkout.retry' });
    await flush();
    expect(selectTaken(actor.getSnapshot())).toEqual([offerA.number]);
    expect(selectSelected(actor.getSnapshot())).toEqual([offerB]);
    actor.send({ type: 'checkout.confirm' });
    await flush();
    expect(calls.checkout.map((c) => c.numbers)).toEqual([
      [offerA.number, offerB.number],
      [offerA.number, offerB.number],
      [offerB.number],
    ]);
    expect(selectPurchaseStep(actor.getSnapshot())).toBe('done');
    actor.send({ type: 'purchase.again' });
    expect(selectSelected(actor.getSnapshot())).toEqual([]);
    expect(selectPurchaseState(actor.getSnapshot())).toBe('browsing.idle');
  });
});

describe('the kept choice (docs/decisions.md GN14)', () => {
  const key = 'draft:curator:/purchase:goldenChoice';
  /** The chart with recording keepChoice / forgetChoice (the composition root writes them to the draft store). */
  function keeping(checkout: unknown[] = []) {
    const { machine, calls } = answering({ checkout });
    const effects: { type: string; params: unknown }[] = [];
    const recorded = machine.provide({
      actions: {
        keepChoice: (_, params) => {
          effects.push({ type: 'keepChoice', params });
        },
        forgetChoice: (_, params) => {
          effects.push({ type: 'forgetChoice', params });
        },
      },
    });
    return { machine: recorded, calls, effects };
  }

  it('a reload of the review with a kept choice opens the review on it; of the choice, the choice with it', async () => {
    const { machine } = keeping();
    const onReview = createActor(machine, {
      input: { keepKey: key, kept: [offerA, offerB], step: 'review' },
    });
    onReview.start();
    await flush();
    expect(selectPurchaseState(onReview.getSnapshot())).toBe('reviewing');
    expect(selectSelected(onReview.getSnapshot())).toEqual([offerA, offerB]);
    expect(selectSplit(onReview.getSnapshot()).total).toBe(168_400);
    const onChoice = createActor(machine, {
      input: { keepKey: key, kept: [offerA], step: 'choice' },
    }).start();
    await flush();
    expect(selectPurchaseState(onChoice.getSnapshot())).toBe('browsing.idle');
    expect(selectSelected(onChoice.getSnapshot())).toEqual([offerA]);
  });

  it('a reload of the review with nothing kept shows the choice', async () => {
    const { machine } = keeping();
    const actor = createActor(machine, { input: { keepKey: key, kept: [], step: 'review' } }).start();
    await flush();
    expect(selectPurchaseState(actor.getSnapshot())).toBe('browsing.idle');
  });

  it('keepChoice keeps every change of the choice under the user key; clearing and a created order forget it', async () => {
    const { machine, effects } = keeping();
    const actor = createActor(machine, { input: { keepKey: key, kept: [], step: 'choice' } }).start();
    await flush();
    actor.send({ type: 'search.submit' });
    await flush();
    actor.send({ type: 'number.toggle', offer: offerA });
    actor.send({ type: 'number.toggle', offer: offerB });
    actor.send({ type: 'selection.clear' });
    expect(effects).toEqual([
      { type: 'keepChoice', params: { key, selected: [offerA] } },
      { type: 'keepChoice', params: { key, selected: [offerA, offerB] } },
      { type: 'forgetChoice', params: { key } },
    ]);
    expect(selectSelected(actor.getSnapshot())).toEqual([]);
    effects.length = 0;
    actor.send({ type: 'number.toggle', offer: offerA });
    actor.send({ type: 'review.open' });
    actor.send({ type: 'checkout.confirm' });
    await flush();
    expect(selectPurchaseStep(actor.getSnapshot())).toBe('done');
    expect(effects).toEqual([
      { type: 'keepChoice', params: { key, selected: [offerA] } },
      { type: 'forgetChoice', params: { key } },
    ]);
  });

  it('Back of the browser from the review returns to the choice with it; Forward opens the review again', async () => {
    const { machine, effects } = keeping();
    const actor = createActor(machine, { input: { keepKey: key, kept: [offerA], step: 'review' } }).start();
    await flush();
    actor.send({ type: 'step.changed', step: 'choice' });
    expect(selectPurchaseState(actor.getSnapshot())).toBe('browsing.idle');
    expect(selectSelected(actor.getSnapshot())).toEqual([offerA]);
    actor.send({ type: 'step.changed', step: 'review' });
    expect(selectPurchaseState(actor.getSnapshot())).toBe('reviewing');
    expect(effects).toEqual([]);
  });
});
