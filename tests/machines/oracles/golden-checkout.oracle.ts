import type { ChartOracle, Ctx, Ev } from '../../support/oracle';
import { apiCode, codeOf, done, failed } from './oracle-helpers';

/**
 * Expected behaviour of the golden-number checkout, written from spec 1 ("Buy special (golden) numbers in price
 * categories"), spec 3 (categories, order types, number page), spec 5 (mask format 999-99-99, operator code 90, group
 * count 2), spec 7 (golden-number calls), spec 8 (E031, E005, a failed call shows an error) and decisions GN1-GN6:
 * categories load first; the user searches one of four ways; a new search restarts the running one; numbers are
 * chosen across pages; the review shows the total; a checkout refused because a number was taken names it and drops it.
 * GN14: the choice is kept for the user in the tab (every change of it kept, a created order or the user's
 * clearing drops it) and the review is a step of the URL that Back and Forward move through; the chart starts on the
 * model's input (tests/machines/golden-checkout.payloads.ts `reloadedOnReview`): a reload of `?step=review` with one
 * number kept.
 */

/** GN14: every change of the choice is kept under the user's key. */
const keep = (c: Ctx, selected: readonly Ctx[]) => [
  { type: 'keepChoice', params: { key: c.keepKey, selected } },
];
/** GN14: a created order or the user's clearing drops the kept choice. */
const forget = (c: Ctx) => [{ type: 'forgetChoice', params: { key: c.keepKey } }];
/** GN14: the review again after a reload of `?step=review`, when a choice was kept. */
const reviewAsked = (c: Ctx) => c.askedStep === 'review' && c.selected.length > 0;

/** Spec 5: the mask is three, two and two places (GN4: a digit, * or a letter each). */
const maskOk = (m: string) => /^[0-9*A-Z]{3}-[0-9*A-Z]{2}-[0-9*A-Z]{2}$/.test(m.trim().toUpperCase());

/**
 * Spec 5 / GN4 in the terms the payloads use: the code comes first (empty means every code, which only a random
 * search may ask for: 'Любой'), then the mask.
 */
const problemOf = (c: Ctx): string | null => {
  if (c.form.operatorCode === '' && c.searchType !== 'random') return 'operatorCode';
  if (c.searchType === 'byMask' && !maskOk(c.form.mask)) return 'mask';
  if (c.searchType === 'byNumber' && !/^\d{1,7}$/.test(typedDigits(c))) return 'digits';
  if (c.searchType === 'byGroup' && !(/^\d{1,2}$/.test(c.form.count.trim()) && groupOk(Number(c.form.count))))
    return 'count';
  return null;
};

/** GN4: 1 to 7 of the local digits, typed with spaces or dashes or without. */
const typedDigits = (c: Ctx) => String(c.form.digits).replace(/[\s-]/g, '');
/** GN4: runs of 2 to 10 consecutive numbers. */
const groupOk = (n: number) => n >= 2 && n <= 10;

/**
 * The search the server is asked for (spec 7 body: categoryId, operatorCode unless every code, number for byMask and
 * byNumber, count for byGroup).
 */
const queryOf = (c: Ctx) => ({
  type: c.searchType,
  categoryId: c.categoryId,
  ...(c.form.operatorCode === '' ? {} : { operatorCode: c.form.operatorCode }),
  ...(c.searchType === 'byMask' ? { number: c.form.mask.trim().toUpperCase() } : {}),
  ...(c.searchType === 'byNumber' ? { number: typedDigits(c) } : {}),
  ...(c.searchType === 'byGroup' ? { count: Number(c.form.count.trim()) } : {}),
});

/** GN6: choosing a chosen number unchooses it; a number is never chosen twice. */
const toggled = (c: Ctx, ev: Ev) =>
  c.selected.some((s: Ctx) => s.number === ev.offer.number)
    ? c.selected.filter((s: Ctx) => s.number !== ev.offer.number)
    : [...c.selected, ev.offer];

/** GN5: the numbers another buyer took, from E013 `taken:…`. */
const takenOf = (ev: Ev): string[] =>
  apiCode(ev) === 'E013' && String(ev.error?.error?.description ?? '').startsWith('taken:')
    ? String(ev.error.error.description).slice(6).split(',')
    : [];

const hasResults = (c: Ctx) => c.results !== null;
const backTo = (c: Ctx) => (hasResults(c) ? 'browsing.results' : 'browsing.idle');

export const goldenCheckoutOracle: ChartOracle = {
  id: 'goldenCheckout',
  initial: { to: 'loadingCategories' },
  // GN14: the page hands over the user's key, the choice kept in the tab and the URL's step; spec 3 / spec 5 / spec 9:
  // a random search first, the form on its defaults (operator code 90, group count 2), page 0; nothing loaded yet
  context: (input) => {
    const i = input as Ctx;
    return {
      catalogue: null,
      categoryId: null,
      searchType: 'random',
      form: { operatorCode: '90', digits: '', count: '2', mask: '' },
      problem: null,
      query: null,
      page: 0,
      results: null,
      error: null,
      taken: [],
      order: null,
      keepKey: i.keepKey,
      selected: i.kept,
      askedStep: i.step,
    };
  },
  invokes: {
    loadingCategories: { fetchCategories: () => undefined },
    // spec 7 POST golden-number/{type}; spec 9 page from 0 (size 16 added by the actor)
    'browsing.searching': { searchNumbers: (c) => ({ query: c.query, page: c.page }) },
    // spec 7 POST golden-number/checkout with the chosen numbers
    checkingOut: { checkout: (c) => ({ numbers: c.selected.map((s: Ctx) => s.number) }) },
  },
  rows: [
    // ── categories ──────────────────────────────────────────────────────────────────────────────────────────
    {
      from: 'loadingCategories',
      event: done('fetchCategories'),
      when: (c) => reviewAsked(c),
      to: 'reviewing',
      ctx: (_, ev) => ({ catalogue: ev.output, categoryId: ev.output.categories[0].id, error: null }),
      spec: 'GN14 a reload of the review with a kept choice shows the review again',
    },
    {
      from: 'loadingCategories',
      event: done('fetchCategories'),
      to: 'browsing.idle',
      ctx: (_, ev) => ({ catalogue: ev.output, categoryId: ev.output.categories[0].id, error: null }),
      spec: 'spec 3 categories with taxPayer and taxPercent; GN1 the first category is chosen',
    },
    {
      from: 'loadingCategories',
      event: failed('fetchCategories'),
      to: 'categoriesFailed',
      ctx: (_, ev) => ({ error: codeOf(ev) }),
      spec: 'spec 8 a failed call shows an error, with a retry',
    },
    {
      from: 'categoriesFailed',
      event: 'categories.retry',
      to: 'loadingCategories',
      ctx: () => ({ error: null }),
      spec: 'spec 8 retry the categories',
    },
    {
      from: ['loadingCategories', 'categoriesFailed'],
      event: 'step.changed',
      to: '.',
      ctx: (_, ev) => ({ askedStep: ev.step }),
      spec: 'GN14 Back or Forward before the categories are in: the step they open on',
    },
    // ── the search form ─────────────────────────────────────────────────────────────────────────────────────
    {
      from: 'browsing.*',
      event: 'category.choose',
      to: '.',
      ctx: (_, ev) => ({ categoryId: ev.categoryId }),
      spec: 'spec 1 numbers in price categories',
    },
    {
      from: 'browsing.*',
      event: 'search.type',
      to: '.',
      // only random searches every code ('Любой', the empty code); another type shows and searches 90
      ctx: (c, ev) => ({
        searchType: ev.searchType,
        problem: null,
        ...(ev.searchType !== 'random' && c.form.operatorCode === ''
          ? { form: { ...c.form, operatorCode: '90' } }
          : {}),
      }),
      spec: 'spec 3 order types random, byNumber, byGroup, byMask; spec 5 operator code default 90',
    },
    {
      from: 'browsing.*',
      event: 'form.change',
      to: '.',
      ctx: (c, ev) => ({
        form: { ...c.form, [ev.field]: ev.value },
        problem: c.problem === ev.field ? null : c.problem,
      }),
      spec: 'spec 5 the form keeps what is typed; a fixed field loses its message',
    },
    {
      from: 'browsing.*',
      event: 'search.submit',
      when: (c) => problemOf(c) === null,
      to: 'browsing.searching',
      reenter: true,
      ctx: (c) => ({ query: queryOf(c), page: 0, problem: null, error: null }),
      spec: 'spec 9 page 0; GN4 a new search replaces the running one',
    },
    {
      from: 'browsing.*',
      event: 'search.submit',
      to: '.',
      ctx: (c) => ({ problem: problemOf(c) }),
      spec: 'spec 5 an operator code (every code only for random), mask format 999-99-99: the field says so, nothing is sent',
    },
    {
      from: 'browsing.*',
      event: 'number.toggle',
      to: '.',
      ctx: (c, ev) => ({ selected: toggled(c, ev) }),
      effects: (c, ev) => keep(c, toggled(c, ev)),
      spec: 'GN6 numbers are chosen across pages, each once; GN14 the choice is kept',
    },
    {
      from: 'browsing.*',
      event: 'selection.clear',
      to: '.',
      ctx: () => ({ selected: [] }),
      effects: (c) => forget(c),
      spec: 'GN14 the user clears the choice: nothing chosen, nothing kept',
    },
    {
      from: 'browsing.*',
      event: 'step.changed',
      when: (c, ev) => ev.step === 'review' && c.selected.length > 0,
      to: 'reviewing',
      spec: 'GN14 Forward to the review, with the choice',
    },
    {
      from: 'browsing.*',
      event: 'review.open',
      when: (c) => c.selected.length > 0,
      to: 'reviewing',
      spec: 'GN2 the review shows the chosen numbers and the total with its VAT',
    },
    // ── searching and paging ────────────────────────────────────────────────────────────────────────────────
    {
      from: 'browsing.searching',
      event: 'search.cancel',
      to: (c) => backTo(c),
      spec: 'GN4 a search can be stopped; the page shown before stays',
    },
    {
      from: 'browsing.searching',
      event: done('searchNumbers'),
      to: 'browsing.results',
      ctx: (_, ev) => ({ results: ev.output, error: null }),
      spec: 'spec 3 number page: content, totalElements, totalPages',
    },
    {
      from: 'browsing.searching',
      event: failed('searchNumbers'),
      to: 'browsing.searchFailed',
      ctx: (_, ev) => ({ error: codeOf(ev) }),
      spec: 'spec 8 a failed search shows an error, with a retry',
    },
    {
      from: 'browsing.results',
      event: 'page.go',
      to: 'browsing.searching',
      ctx: (c, ev) => ({ page: ev.page, query: c.query, error: null }),
      spec: "spec 3 paging by the server's page",
    },
    {
      from: 'browsing.searchFailed',
      event: 'search.retry',
      to: 'browsing.searching',
      ctx: (c) => ({ error: null, query: c.query, page: c.page }),
      spec: 'spec 8 retry the search',
    },
    // ── review and checkout ─────────────────────────────────────────────────────────────────────────────────
    {
      from: 'reviewing',
      event: 'review.back',
      to: (c) => backTo(c),
      spec: 'GN5 cancel the review: back to the search, the choice kept',
    },
    {
      from: 'reviewing',
      event: 'step.changed',
      when: (_, ev) => ev.step === 'choice',
      to: (c) => backTo(c),
      spec: 'GN14 Back of the browser from the review: the choice, kept',
    },
    {
      from: 'reviewing',
      event: 'number.remove',
      when: (c, ev) => c.selected.length === 1 && c.selected[0].number === ev.number,
      to: 'browsing.idle',
      ctx: () => ({ selected: [] }),
      effects: (c) => keep(c, []),
      spec: 'GN6 nothing left to review: back to the search',
    },
    {
      from: 'reviewing',
      event: 'number.remove',
      to: '.',
      ctx: (c, ev) => ({ selected: c.selected.filter((s: Ctx) => s.number !== ev.number) }),
      effects: (c, ev) =>
        keep(
          c,
          c.selected.filter((s: Ctx) => s.number !== ev.number),
        ),
      spec: 'GN6 a number is removed from the review',
    },
    {
      from: 'reviewing',
      event: 'checkout.confirm',
      to: 'checkingOut',
      spec: 'spec 7 POST golden-number/checkout',
    },
    {
      from: 'checkingOut',
      event: done('checkout'),
      to: 'done',
      ctx: (_, ev) => ({ order: ev.output, error: null, taken: [] }),
      effects: (c) => forget(c),
      spec: 'GN5 the created order: its number, numbers and sum; GN14 the kept choice is dropped',
    },
    {
      from: 'checkingOut',
      event: failed('checkout'),
      when: (_, ev) => takenOf(ev).length > 0,
      to: 'taken',
      ctx: (c, ev) => ({
        taken: takenOf(ev),
        selected: c.selected.filter((s: Ctx) => !takenOf(ev).includes(s.number)),
        error: 'E013',
      }),
      effects: (c, ev) =>
        keep(
          c,
          c.selected.filter((s: Ctx) => !takenOf(ev).includes(s.number)),
        ),
      spec: 'GN5 a number taken by someone else meanwhile is named and dropped (from the kept choice too)',
    },
    {
      from: 'checkingOut',
      event: failed('checkout'),
      to: 'failed',
      ctx: (_, ev) => ({ error: codeOf(ev) }),
      spec: 'spec 8 E031 insufficient balance, E005 and other failures shown, with a retry',
    },
    {
      from: 'failed',
      event: 'checkout.retry',
      to: 'checkingOut',
      ctx: () => ({ error: null }),
      spec: 'spec 8 retry the checkout',
    },
    {
      from: 'failed',
      event: 'review.back',
      to: (c) => backTo(c),
      ctx: () => ({ error: null }),
      spec: 'GN5 cancel after a failure: back to the search, the choice kept',
    },
    {
      from: 'failed',
      event: 'step.changed',
      when: (_, ev) => ev.step === 'choice',
      to: (c) => backTo(c),
      ctx: () => ({ error: null }),
      spec: 'GN14 Back of the browser after a failure: the choice, kept',
    },
    {
      from: 'taken',
      event: 'checkout.confirm',
      when: (c) => c.selected.length > 0,
      to: 'checkingOut',
      ctx: () => ({ taken: [], error: null }),
      spec: 'GN5 buy the numbers still free',
    },
    {
      from: 'taken',
      event: 'review.back',
      to: (c) => backTo(c),
      ctx: () => ({ taken: [], error: null }),
      spec: 'GN5 back to the search to choose others',
    },
    {
      from: 'taken',
      event: 'step.changed',
      when: (_, ev) => ev.step === 'choice',
      to: (c) => backTo(c),
      ctx: () => ({ taken: [], error: null }),
      spec: 'GN14 Back of the browser after numbers were taken: the choice left',
    },
    {
      from: 'done',
      event: 'purchase.again',
      to: 'browsing.idle',
      ctx: () => ({ query: null, results: null, selected: [], order: null, error: null, taken: [] }),
      spec: 'GN5 a new purchase starts from an empty choice',
    },
  ],
};
