import { assign, setup } from 'xstate';
import { GOLDEN_FIRST_PAGE } from '@/domain/constants';
import {
  DEFAULT_SEARCH_FORM,
  formForType,
  type GoldenOffer,
  type GoldenQuery,
  type GoldenSearchForm,
  type GoldenSearchKind,
  type SearchProblem,
  takenNumbersOf,
  toggleSelection,
  validateSearch,
  withoutTaken,
} from '@/domain/golden.rules';
import { failTo, outputTo, retryState } from './call-fragment';
import { errorCodeOf, errorParams, unprovided } from './error-code';
import type { StateMeta } from './state-meta';

/**
 * The golden-number checkout (spec 1 "Buy special (golden) numbers in price categories"; spec 3 categories and
 * order types; spec 5 search validation; spec 7 golden-number calls; docs/decisions.md GN1-GN6): categories loading →
 * choosing and searching (four search types, paging by the server's page) → picking numbers across pages → review
 * with the total and its VAT → checking out → done, with every failure, cancel and retry.
 *
 * A new search while one is in flight re-enters `browsing.searching`: the running call is stopped (its reply is
 * never read) and the new one starts. Failures are kept as catalogue codes; E009 reaches the session through the
 * shared API client.
 *
 * The choice survives a reload (docs/decisions.md GN14): the chart starts with the choice kept for the
 * signed-in user and the URL's step (`input`), and every change of the choice is kept with `keepChoice` (filled in at
 * the composition root with the tab's draft store); a created order or the user's clearing drops it (`forgetChoice`).
 * The review is a step of the URL (`?step=review`): Back and Forward of the browser reach the chart as `step.changed`.
 */

/** The page's step as the URL names it: the choice (`/purchase`) or the review (`/purchase?step=review`). */
export type PurchaseStepParam = 'choice' | 'review';

/** What the chart starts with (docs/decisions.md GN14). */
export interface GoldenCheckoutInput {
  /** where the choice is kept (the signed-in user's key); null = not kept */
  readonly keepKey: string | null;
  /** the choice kept before the page was reloaded or left (already parsed) */
  readonly kept: readonly GoldenOffer[];
  /** the URL's step when the page opened */
  readonly step: PurchaseStepParam;
}

/** A category as the page shows it: id, price in sums, and whether it is the free one (spec 3: id 122). */
export interface GoldenCategoryItem {
  readonly id: number;
  readonly price: number;
  readonly free: boolean;
}

/** The categories reply (spec 3: categories, taxPayer, taxPercent). */
export interface GoldenCatalogue {
  readonly categories: readonly GoldenCategoryItem[];
  readonly taxPayer: boolean;
  readonly taxPercent: number;
}

/** A page of numbers as the search actor returns it (page from 0). */
export interface GoldenResults {
  readonly content: readonly GoldenOffer[];
  readonly totalElements: number;
  readonly totalPages: number;
  readonly page: number;
}

/** The created order, as the page shows its summary (GN5). */
export interface GoldenOrder {
  readonly orderId: string;
  readonly numbers: readonly GoldenOffer[];
  readonly total: number;
  readonly vat: number;
  readonly status: string;
}

export interface SearchNumbersInput {
  readonly query: GoldenQuery;
  readonly page: number;
}
export interface CheckoutInput {
  readonly numbers: readonly string[];
}

export interface GoldenCheckoutContext {
  readonly catalogue: GoldenCatalogue | null;
  readonly categoryId: number | null;
  readonly searchType: GoldenSearchKind;
  readonly form: GoldenSearchForm;
  /** why the last submit was refused (the field to fix), null when fine */
  readonly problem: SearchProblem | null;
  /** the search whose pages are shown or loading */
  readonly query: GoldenQuery | null;
  /** page asked for (from 0) */
  readonly page: number;
  readonly results: GoldenResults | null;
  /** chosen numbers, across pages and searches */
  readonly selected: readonly GoldenOffer[];
  readonly error: string | null;
  /** numbers another buyer took while this one was reviewing (removed from the selection) */
  readonly taken: readonly string[];
  readonly order: GoldenOrder | null;
  /** where the choice is kept (GN14); null = not kept */
  readonly keepKey: string | null;
  /** the URL's step while the categories load: the review is opened once they are in, if there is a choice */
  readonly askedStep: PurchaseStepParam;
}

/** The form fields a user types into. */
export type GoldenFormField = keyof GoldenSearchForm;

/**
 * Events of the golden-number checkout.
 * - `categories.retry`: user intent after the categories failed to load.
 * - `category.choose`: user picks the price category to search in.
 * - `search.type`: user picks how to search (random, byNumber, byGroup, byMask).
 * - `form.change`: user types into a field of the search form.
 * - `search.submit`: user runs the search (validated first; during a search it replaces the running one).
 * - `search.cancel`: user stops the running search.
 * - `search.retry`: user intent after a search failed.
 * - `page.go`: user opens another page (from 0) of the results.
 * - `number.toggle`: user selects or unselects a number on a page.
 * - `review.open`: user goes to the review of the chosen numbers (with at least one).
 * - `review.back`: user returns from the review (or a failure) to the search.
 * - `number.remove`: user removes a number on the review.
 * - `checkout.confirm`: user buys the chosen numbers.
 * - `checkout.retry`: user tries the checkout again after it failed.
 * - `purchase.again`: user starts a new purchase after the order was created.
 * - `selection.clear`: user drops every chosen number (and the kept choice).
 * - `step.changed`: fact from the router: the URL's step changed (Back, Forward, a link); the chart follows it where
 *   it can and ignores what it already shows.
 */
export type GoldenCheckoutEvent =
  | { type: 'categories.retry' }
  | { type: 'category.choose'; categoryId: number }
  | { type: 'search.type'; searchType: GoldenSearchKind }
  | { type: 'form.change'; field: GoldenFormField; value: string }
  | { type: 'search.submit' }
  | { type: 'search.cancel' }
  | { type: 'search.retry' }
  | { type: 'page.go'; page: number }
  | { type: 'number.toggle'; offer: GoldenOffer }
  | { type: 'review.open' }
  | { type: 'review.back' }
  | { type: 'number.remove'; number: string }
  | { type: 'checkout.confirm' }
  | { type: 'checkout.retry' }
  | { type: 'purchase.again' }
  | { type: 'selection.clear' }
  | { type: 'step.changed'; step: PurchaseStepParam };

/** Tags: `busy` a call runs; `error` a failure is shown. */
export type GoldenCheckoutTag = 'busy' | 'error';

const validate = (c: GoldenCheckoutContext) => validateSearch(c.searchType, c.categoryId ?? 0, c.form);

export const goldenCheckoutMachine = setup({
  types: {
    context: {} as GoldenCheckoutContext,
    events: {} as GoldenCheckoutEvent,
    input: {} as GoldenCheckoutInput,
    meta: {} as StateMeta,
    tags: {} as GoldenCheckoutTag,
  },
  actors: {
    /** GET golden-number/categories. */
    fetchCategories: unprovided<GoldenCatalogue, void>('fetchCategories'),
    /** POST golden-number/{type} for one page (size 16). */
    searchNumbers: unprovided<GoldenResults, SearchNumbersInput>('searchNumbers'),
    /** POST golden-number/checkout with the chosen numbers. */
    checkout: unprovided<GoldenOrder, CheckoutInput>('checkout'),
  },
  guards: {
    isSearchValid: ({ context }) => validate(context).ok,
    hasResults: ({ context }) => context.results !== null,
    hasSelection: ({ context }) => context.selected.length > 0,
    isLastSelected: ({ context }, params: { number: string }) =>
      context.selected.length === 1 && context.selected[0]?.number === params.number,
    isNumberTaken: (_, params: { error: unknown }) =>
      takenNumbersOf(errorCodeOf(params.error), descriptionOf(params.error)).length > 0,
    isReviewAsked: ({ context }) => context.askedStep === 'review' && context.selected.length > 0,
    isReviewStep: ({ context }, params: { step: PurchaseStepParam }) =>
      params.step === 'review' && context.selected.length > 0,
    isChoiceStep: (_, params: { step: PurchaseStepParam }) => params.step === 'choice',
    isChoiceStepWithResults: ({ context }, params: { step: PurchaseStepParam }) =>
      params.step === 'choice' && context.results !== null,
  },
  actions: {
    assignCatalogue: assign((_, params: { catalogue: GoldenCatalogue }) => ({
      catalogue: params.catalogue,
      categoryId: params.catalogue.categories[0]?.id ?? null,
      error: null,
    })),
    assignError: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error) })),
    clearError: assign({ error: null }),
    assignCategory: assign((_, params: { categoryId: number }) => ({ categoryId: params.categoryId })),
    assignSearchType: assign(({ context }, params: { searchType: GoldenSearchKind }) => ({
      searchType: params.searchType,
      form: formForType(context.form, params.searchType),
      problem: null,
    })),
    assignField: assign(({ context }, params: { field: GoldenFormField; value: string }) => ({
      form: { ...context.form, [params.field]: params.value },
      problem: context.problem === params.field ? null : context.problem,
    })),
    assignQuery: assign(({ context }) => {
      const checked = validate(context);
      return {
        query: checked.ok ? checked.query : null,
        page: GOLDEN_FIRST_PAGE,
        problem: null,
        error: null,
      };
    }),
    assignProblem: assign(({ context }) => {
      const checked = validate(context);
      return { problem: checked.ok ? null : checked.problem };
    }),
    assignPage: assign((_, params: { page: number }) => ({ page: params.page, error: null })),
    assignResults: assign((_, params: { results: GoldenResults }) => ({
      results: params.results,
      error: null,
    })),
    toggleNumber: assign(({ context }, params: { offer: GoldenOffer }) => ({
      selected: toggleSelection(context.selected, params.offer),
    })),
    removeNumber: assign(({ context }, params: { number: string }) => ({
      selected: context.selected.filter((s) => s.number !== params.number),
    })),
    assignOrder: assign((_, params: { order: GoldenOrder }) => ({
      order: params.order,
      error: null,
      taken: [],
    })),
    assignTaken: assign(({ context }, params: { error: unknown }) => {
      const taken = takenNumbersOf(errorCodeOf(params.error), descriptionOf(params.error));
      return { taken, selected: withoutTaken(context.selected, taken), error: errorCodeOf(params.error) };
    }),
    clearTaken: assign({ taken: [], error: null }),
    assignAskedStep: assign((_, params: { step: PurchaseStepParam }) => ({ askedStep: params.step })),
    clearSelection: assign({ selected: [] }),
    /** Keeps the choice under the user's key (GN14). Filled in at the composition root with the draft store. */
    keepChoice: (_, _params: { key: string | null; selected: readonly GoldenOffer[] }) => {},
    /** Drops the kept choice (order created, choice cleared). Filled in at the composition root with the draft store. */
    forgetChoice: (_, _params: { key: string | null }) => {},
    startOver: assign({
      query: null,
      page: GOLDEN_FIRST_PAGE,
      results: null,
      selected: [],
      order: null,
      error: null,
      taken: [],
      problem: null,
    }),
  },
}).createMachine({
  id: 'goldenCheckout',
  description:
    'Golden-number checkout: categories, four searches paged by the server, numbers picked across pages, review ' +
    'with the total and its VAT, checkout, the created order.',
  initial: 'loadingCategories',
  context: ({ input }) => ({
    catalogue: null,
    categoryId: null,
    searchType: 'random',
    form: DEFAULT_SEARCH_FORM,
    problem: null,
    query: null,
    page: GOLDEN_FIRST_PAGE,
    results: null,
    error: null,
    taken: [],
    order: null,
    keepKey: input.keepKey,
    selected: input.kept,
    askedStep: input.step,
  }),
  states: {
    loadingCategories: {
      description: 'Loads the price categories with the VAT note (GET golden-number/categories).',
      meta: { view: 'the purchase page busy', testId: 'purchase-loading' },
      tags: ['busy'],
      invoke: {
        id: 'fetchCategories',
        src: 'fetchCategories',
        onDone: [
          {
            guard: 'isReviewAsked',
            target: 'reviewing',
            actions: { type: 'assignCatalogue', params: ({ event }) => ({ catalogue: event.output }) },
            description: 'reloaded on the review with a kept choice: the review again',
          },
          {
            target: 'browsing',
            actions: { type: 'assignCatalogue', params: ({ event }) => ({ catalogue: event.output }) },
          },
        ],
        onError: failTo('categoriesFailed'),
      },
      on: {
        'step.changed': {
          actions: { type: 'assignAskedStep', params: ({ event }) => ({ step: event.step }) },
        },
      },
    },
    categoriesFailed: {
      description: 'The categories could not be loaded; the error is shown with a retry button.',
      meta: { view: 'error with a retry button', testId: 'purchase-categories-error' },
      tags: ['error'],
      on: {
        'categories.retry': { target: 'loadingCategories', actions: 'clearError' },
        'step.changed': {
          actions: { type: 'assignAskedStep', params: ({ event }) => ({ step: event.step }) },
        },
      },
    },
    browsing: {
      description:
        'The category, the search form and the numbers found; the chosen numbers and their total aside.',
      meta: { view: 'category picker, search form, results, selection panel', testId: 'purchase-search' },
      initial: 'idle',
      on: {
        'category.choose': {
          actions: { type: 'assignCategory', params: ({ event }) => ({ categoryId: event.categoryId }) },
        },
        'search.type': {
          actions: { type: 'assignSearchType', params: ({ event }) => ({ searchType: event.searchType }) },
        },
        'form.change': {
          actions: {
            type: 'assignField',
            params: ({ event }) => ({ field: event.field, value: event.value }),
          },
        },
        'search.submit': [
          { guard: 'isSearchValid', target: '.searching', actions: 'assignQuery' },
          { actions: 'assignProblem', description: 'the form is not valid: the field says why' },
        ],
        'number.toggle': {
          actions: [
            { type: 'toggleNumber', params: ({ event }) => ({ offer: event.offer }) },
            {
              type: 'keepChoice',
              params: ({ context }) => ({ key: context.keepKey, selected: context.selected }),
            },
          ],
        },
        'selection.clear': {
          actions: [
            'clearSelection',
            { type: 'forgetChoice', params: ({ context }) => ({ key: context.keepKey }) },
          ],
        },
        'review.open': [
          { guard: 'hasSelection', target: 'reviewing' },
          { description: 'nothing chosen yet: there is nothing to review' },
        ],
        'step.changed': [
          {
            guard: { type: 'isReviewStep', params: ({ event }) => ({ step: event.step }) },
            target: 'reviewing',
            description: 'Forward (or a link) to the review, with a choice',
          },
          { description: 'the choice, or the review with nothing chosen: the choice stays' },
        ],
      },
      states: {
        idle: {
          description: 'No search yet: the form waits for the user.',
          meta: { view: 'the search form, no results', testId: 'purchase-form' },
        },
        searching: {
          description:
            'Runs the search for the asked page (POST golden-number/{type}); a new search replaces this one.',
          meta: { view: 'results busy, a stop button', testId: 'purchase-searching' },
          tags: ['busy'],
          invoke: {
            id: 'searchNumbers',
            src: 'searchNumbers',
            input: ({ context }) => ({
              query: context.query ?? { type: 'random', categoryId: context.categoryId ?? 0 },
              page: context.page,
            }),
            onDone: outputTo('results', 'assignResults', 'results'),
            onError: failTo('searchFailed'),
          },
          on: {
            'search.cancel': [
              { guard: 'hasResults', target: 'results', description: 'back to the page shown before' },
              { target: 'idle' },
            ],
          },
        },
        results: {
          description: 'A page of numbers found, with paging; each number may be chosen or unchosen.',
          meta: { view: 'numbers with price and a choose button, pagination', testId: 'purchase-results' },
          on: {
            'page.go': {
              target: 'searching',
              actions: { type: 'assignPage', params: ({ event }) => ({ page: event.page }) },
            },
          },
        },
        searchFailed: retryState('search.retry', 'searching', {
          description: 'The search failed; the error is shown with a retry button.',
          meta: { view: 'error with a retry button', testId: 'purchase-search-error' },
        }),
      },
    },
    reviewing: {
      description: 'The chosen numbers with their prices, the total and its VAT; confirm to buy, or go back.',
      meta: { view: 'review list, total with VAT, confirm and back buttons', testId: 'purchase-review' },
      on: {
        'review.back': [{ guard: 'hasResults', target: 'browsing.results' }, { target: 'browsing.idle' }],
        'number.remove': [
          {
            guard: { type: 'isLastSelected', params: ({ event }) => ({ number: event.number }) },
            target: 'browsing',
            actions: [
              { type: 'removeNumber', params: ({ event }) => ({ number: event.number }) },
              {
                type: 'keepChoice',
                params: ({ context }) => ({ key: context.keepKey, selected: context.selected }),
              },
            ],
            description: 'the last number removed: nothing left to review',
          },
          {
            actions: [
              { type: 'removeNumber', params: ({ event }) => ({ number: event.number }) },
              {
                type: 'keepChoice',
                params: ({ context }) => ({ key: context.keepKey, selected: context.selected }),
              },
            ],
          },
        ],
        'step.changed': [
          {
            guard: { type: 'isChoiceStepWithResults', params: ({ event }) => ({ step: event.step }) },
            target: 'browsing.results',
            description: 'Back of the browser to the choice',
          },
          {
            guard: { type: 'isChoiceStep', params: ({ event }) => ({ step: event.step }) },
            target: 'browsing.idle',
          },
          { description: 'the review asked again: it stays' },
        ],
        'checkout.confirm': 'checkingOut',
      },
    },
    checkingOut: {
      description:
        'Buys the chosen numbers (POST golden-number/checkout): reserve, debit and record the order.',
      meta: { view: 'confirm button busy', testId: 'purchase-review' },
      tags: ['busy'],
      invoke: {
        id: 'checkout',
        src: 'checkout',
        input: ({ context }) => ({ numbers: context.selected.map((s) => s.number) }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'assignOrder', params: ({ event }) => ({ order: event.output }) },
            { type: 'forgetChoice', params: ({ context }) => ({ key: context.keepKey }) },
          ],
        },
        onError: [
          {
            guard: { type: 'isNumberTaken', params: errorParams },
            target: 'taken',
            actions: [
              { type: 'assignTaken', params: errorParams },
              {
                type: 'keepChoice',
                params: ({ context }) => ({ key: context.keepKey, selected: context.selected }),
              },
            ],
          },
          failTo('failed'),
        ],
      },
    },
    failed: {
      description: 'The checkout failed (E031 insufficient balance, E005, network…); retry or go back.',
      meta: { view: 'error on the review with retry and back buttons', testId: 'purchase-checkout-error' },
      tags: ['error'],
      on: {
        'checkout.retry': { target: 'checkingOut', actions: 'clearError' },
        'review.back': [
          { guard: 'hasResults', target: 'browsing.results', actions: 'clearError' },
          { target: 'browsing.idle', actions: 'clearError' },
        ],
        'step.changed': [
          {
            guard: { type: 'isChoiceStepWithResults', params: ({ event }) => ({ step: event.step }) },
            target: 'browsing.results',
            actions: 'clearError',
            description: 'Back of the browser to the choice',
          },
          {
            guard: { type: 'isChoiceStep', params: ({ event }) => ({ step: event.step }) },
            target: 'browsing.idle',
            actions: 'clearError',
          },
          { description: 'the review asked again: it stays' },
        ],
      },
    },
    taken: {
      description:
        'Another buyer took some chosen numbers first: they are named and removed; buy the rest or go back.',
      meta: { view: 'the taken numbers named, the rest on the review', testId: 'purchase-taken' },
      tags: ['error'],
      on: {
        'checkout.confirm': [
          { guard: 'hasSelection', target: 'checkingOut', actions: 'clearTaken' },
          { description: 'every chosen number was taken: nothing left to buy' },
        ],
        'review.back': [
          { guard: 'hasResults', target: 'browsing.results', actions: 'clearTaken' },
          { target: 'browsing.idle', actions: 'clearTaken' },
        ],
        'step.changed': [
          {
            guard: { type: 'isChoiceStepWithResults', params: ({ event }) => ({ step: event.step }) },
            target: 'browsing.results',
            actions: 'clearTaken',
            description: 'Back of the browser to the choice',
          },
          {
            guard: { type: 'isChoiceStep', params: ({ event }) => ({ step: event.step }) },
            target: 'browsing.idle',
            actions: 'clearTaken',
          },
          { description: 'the review asked again: it stays' },
        ],
      },
    },
    done: {
      description: 'The order is created: its number, the numbers bought and the sum with VAT are shown.',
      meta: { view: 'order summary and a new-purchase button', testId: 'purchase-done' },
      on: { 'purchase.again': { target: 'browsing.idle', actions: 'startOver' } },
    },
  },
});

/** The server's description of a rejected call (the taken numbers ride on it), if any. */
function descriptionOf(error: unknown): string | undefined {
  const e = (error as { error?: { description?: unknown } } | null)?.error;
  return typeof e?.description === 'string' ? e.description : undefined;
}

/** The golden-checkout machine's type, for selectors, contexts and tests. */
export type GoldenCheckoutMachine = typeof goldenCheckoutMachine;
