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
  connectCategories,
  connectDone,
  connectPurchasePage,
  connectResults,
  connectReview,
  connectSearchForm,
  connectSelection,
  connectSplit,
  connectVatNote,
  selectCheckoutError,
  selectPurchaseState,
  selectPurchaseStep,
  selectSelected,
  selectSplit,
  selectTaken,
} from '@/machines/golden-checkout.selectors';
import { snapshotAt } from '../support/connect-table';
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

/** What each part of the purchase page renders in a state (decisions AR18): the connect functions as a table. */
describe('golden-checkout connect', () => {
  type Context = Parameters<typeof snapshotAt<typeof goldenCheckoutMachine>>[2];
  type Value = Parameters<typeof snapshotAt<typeof goldenCheckoutMachine>>[1];
  const at = (value: Value, context: Context = {}) =>
    snapshotAt(goldenCheckoutMachine, value, context, notKept);
  const twenty = Array.from({ length: 20 }, (_, i) => ({ ...offerA, number: `90123${String(4500 + i)}` }));

  it.each([
    [
      'the categories load',
      at('loadingCategories'),
      {
        state: 'loadingCategories',
        step: 'loading',
        stepParam: null,
        categoriesError: null,
        categoriesRetry: false,
      },
    ],
    [
      'failed categories may be retried',
      at('categoriesFailed', { error: 'network' }),
      { step: 'categoriesFailed', stepParam: null, categoriesError: 'network', categoriesRetry: true },
    ],
    [
      'E009 offers no retry',
      at('categoriesFailed', { error: 'E009' }),
      { categoriesError: 'E009', categoriesRetry: false },
    ],
    [
      "the choice is the URL's choice step",
      at({ browsing: 'results' }, { catalogue, error: 'network' }),
      { state: 'browsing.results', step: 'browsing', stepParam: 'choice', categoriesError: null },
    ],
    ['the review', at('checkingOut'), { state: 'checkingOut', step: 'review', stepParam: 'review' }],
    ['the order made', at('done', { order }), { step: 'done', stepParam: null }],
  ] as const)('page: %s', (_, snapshot, expected) => {
    expect(connectPurchasePage(snapshot)).toMatchObject(expected);
  });

  it.each([
    ['nothing before the categories', at('loadingCategories'), { catalogue: null, categoryId: null }],
    ['the categories, none chosen', at({ browsing: 'idle' }, { catalogue }), { catalogue, categoryId: null }],
    ['one chosen', at({ browsing: 'results' }, { catalogue, categoryId: 79 }), { catalogue, categoryId: 79 }],
  ] as const)('categories and the VAT note: %s', (_, snapshot, expected) => {
    expect(connectCategories(snapshot)).toMatchObject(expected);
    expect(connectVatNote(snapshot)).toEqual({ catalogue: expected.catalogue });
  });

  it.each([
    [
      'a fresh form',
      at({ browsing: 'idle' }, { catalogue }),
      { type: 'random', problem: null, searching: false, error: null, retry: false },
    ],
    [
      'a refused field',
      at({ browsing: 'idle' }, { searchType: 'byNumber', problem: 'digits' }),
      { type: 'byNumber', problem: 'digits', searching: false },
    ],
    ['a search runs', at({ browsing: 'searching' }), { searching: true, error: null }],
    [
      'a failed search may be retried',
      at({ browsing: 'searchFailed' }, { error: 'network' }),
      { searching: false, error: 'network', retry: true },
    ],
    [
      'E009 offers no retry',
      at({ browsing: 'searchFailed' }, { error: 'E009' }),
      { error: 'E009', retry: false },
    ],
    [
      'an old error is not shown',
      at({ browsing: 'results' }, { error: 'network' }),
      { error: null, retry: false },
    ],
  ] as const)('search form: %s', (_, snapshot, expected) => {
    expect(connectSearchForm(snapshot)).toMatchObject(expected);
  });

  it.each([
    [
      'no search yet',
      at({ browsing: 'idle' }),
      { results: null, selected: [], searching: false, canMore: true },
    ],
    [
      'a page with one chosen',
      at({ browsing: 'results' }, { results: page0, selected: [offerA] }),
      { results: page0, selected: [offerA], searching: false, canMore: true },
    ],
    [
      'the next page loads, twenty chosen',
      at({ browsing: 'searching' }, { results: page0, selected: twenty }),
      { results: page0, searching: true, canMore: false },
    ],
  ] as const)('results: %s', (_, snapshot, expected) => {
    expect(connectResults(snapshot)).toMatchObject(expected);
  });

  it.each([
    ['nothing chosen', at({ browsing: 'idle' }), { selected: [], canMore: true }],
    [
      'two chosen',
      at({ browsing: 'results' }, { selected: [offerA, offerB] }),
      { selected: [offerA, offerB] },
    ],
    ['the limit reached', at({ browsing: 'results' }, { selected: twenty }), { canMore: false }],
  ] as const)('selection: %s', (_, snapshot, expected) => {
    expect(connectSelection(snapshot)).toMatchObject(expected);
  });

  it.each([
    [
      'nothing chosen',
      at({ browsing: 'idle' }, { catalogue }),
      { split: { total: 0, vat: 0, net: 0 }, catalogue },
    ],
    [
      'two bronze numbers at 12 %',
      at({ browsing: 'results' }, { catalogue, selected: [offerA, offerB] }),
      { split: { total: 168_400, vat: 18_043, net: 150_357 } },
    ],
    [
      'no VAT before the catalogue',
      at('loadingCategories', { selected: [offerA] }),
      { split: { total: 84_200, vat: 0, net: 84_200 }, catalogue: null },
    ],
  ] as const)('split: %s', (_, snapshot, expected) => {
    expect(connectSplit(snapshot)).toMatchObject(expected);
  });

  it.each([
    [
      'the review',
      at('reviewing', { catalogue, selected: [offerA, offerB] }),
      { state: 'reviewing', busy: false, error: null, retry: false, taken: [], split: { total: 168_400 } },
    ],
    ['the checkout runs', at('checkingOut', { selected: [offerA] }), { state: 'checkingOut', busy: true }],
    [
      'a refused checkout may be retried',
      at('failed', { selected: [offerA], error: 'E031' }),
      { state: 'failed', busy: false, error: 'E031', retry: true },
    ],
    ['E009 offers no retry', at('failed', { error: 'E009' }), { error: 'E009', retry: false }],
    [
      'a number taken',
      at('taken', { selected: [offerB], taken: [offerA.number] }),
      { state: 'taken', selected: [offerB], taken: [offerA.number], error: null },
    ],
    ['taken numbers are shown only then', at('reviewing', { taken: [offerA.number] }), { taken: [] }],
  ] as const)('review: %s', (_, snapshot, expected) => {
    expect(connectReview(snapshot)).toMatchObject(expected);
  });

  it.each([
    ['no order while choosing', at({ browsing: 'idle' }), { order: null }],
    ['no order while it is made', at('checkingOut', { selected: [offerA] }), { order: null }],
    ['the order made', at('done', { order }), { order }],
  ] as const)('done: %s', (_, snapshot, expected) => {
    expect(connectDone(snapshot)).toEqual(expected);
  });
});
