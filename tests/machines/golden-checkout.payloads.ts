import type { AnyEventObject, AnyMachineSnapshot, EventObject } from 'xstate';
import { takenDescription } from '@/domain/golden.rules';
import type {
  GoldenCatalogue,
  GoldenCheckoutContext,
  GoldenCheckoutInput,
  GoldenOrder,
  GoldenResults,
} from '@/machines/golden-checkout.machine';
import { ApiFailure } from '@/services/api/api-error';
import type { EventPayloads } from '../support/model-universe';

/**
 * Realistic events and actor results of the golden-number checkout (model paths, oracle, view walk, unit tests).
 * Guards see both outcomes: a valid and an invalid mask on submit; a search with and without results on screen; an
 * empty and a non-empty selection; the last and not the last number removed; a checkout refused because a number
 * was taken, and for any other reason; the URL's step asking for the choice and for the review, with a kept choice
 * (the chart starts on a reload of the review: GN14) and without one.
 */

export const catalogue: GoldenCatalogue = {
  categories: [
    { id: 192, price: 84_200, free: false },
    { id: 122, price: 0, free: true },
    { id: 79, price: 1_263_000, free: false },
  ],
  taxPayer: true,
  taxPercent: 12,
};

/** Two bronze numbers, one on each of two pages. */
export const offerA = { number: '901234500', categoryId: 192, price: 84_200 };
export const offerB = { number: '907770011', categoryId: 192, price: 84_200 };

export const page0: GoldenResults = { content: [offerA], totalElements: 17, totalPages: 2, page: 0 };
export const page1: GoldenResults = { content: [offerB], totalElements: 17, totalPages: 2, page: 1 };
export const emptyPage: GoldenResults = { content: [], totalElements: 0, totalPages: 0, page: 0 };

export const order: GoldenOrder = {
  orderId: '41',
  numbers: [offerA, offerB],
  total: 168_400,
  vat: 18_043,
  status: 'paid',
};

export const offline = new ApiFailure({ kind: 'network' });
export const noBalance = new ApiFailure({ kind: 'server', code: 'E031' });
export const takenA = new ApiFailure({
  kind: 'server',
  code: 'E013',
  description: takenDescription([offerA.number]),
});

const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, error: unknown): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error });

/** The mask 999-99-99 with its second, then its first dash missing. */
const BROKEN_MASKS = ['123-4567', '12345-67'];

/** The other searches' fields at their limits (GN4's group of 2 to 10; 1 to 7 digits after the operator code). */
const OTHER_SEARCHES = [
  ['count', '10'],
  ['count', '11'],
  ['digits', '1234567'],
  ['digits', '12345678'],
] as const;

/** An event of a search other than by mask: its type chosen, or its fields typed. */
const isOtherSearch = (e: EventObject) =>
  (e.type === 'search.type' && (e as EventObject & { searchType: string }).searchType !== 'byMask') ||
  (e.type === 'form.change' && (e as EventObject & { field: string }).field !== 'mask');

/** A search other than by mask chosen, or its fields typed. */
const otherSearch = (c: GoldenCheckoutContext) =>
  c.searchType === 'byGroup' || c.searchType === 'byNumber' || c.form.count !== '2' || c.form.digits !== '';

/** The search form as it opens: nothing searched, no mask typed, nothing chosen. */
const untouched = (c: GoldenCheckoutContext) =>
  c.query === null && c.form.mask === '' && c.selected.length === 0;

export const goldenCheckoutPayloads: EventPayloads = {
  // another category than the first (chosen on arrival, GN1): choosing the chosen one would change nothing to check
  'category.choose': [{ type: 'category.choose', categoryId: 122 }],
  'search.type': [
    { type: 'search.type', searchType: 'byMask' },
    { type: 'search.type', searchType: 'byGroup' },
    { type: 'search.type', searchType: 'byNumber' },
  ],
  'form.change': [
    { type: 'form.change', field: 'mask', value: '***-**-00' },
    // the format 999-99-99 with either dash missing is refused (as a mask too short would be)
    ...BROKEN_MASKS.map((value) => ({ type: 'form.change', field: 'mask', value })),
    // GN4: a group of at most 10 numbers, and 11; spec 5: 1 to 7 digits after the code, and 8
    ...OTHER_SEARCHES.map(([field, value]) => ({ type: 'form.change', field, value })),
  ],
  'page.go': [{ type: 'page.go', page: 1 }],
  'number.toggle': [
    { type: 'number.toggle', offer: offerA },
    { type: 'number.toggle', offer: offerB },
  ],
  'number.remove': [{ type: 'number.remove', number: offerA.number }],
  'step.changed': [
    { type: 'step.changed', step: 'choice' },
    { type: 'step.changed', step: 'review' },
  ],
  'xstate.done.actor.fetchCategories': [done('fetchCategories', catalogue)],
  'xstate.error.actor.fetchCategories': [fail('fetchCategories', offline)],
  // an empty page is still a page of results: 'back' returns to it, not to the empty form
  'xstate.done.actor.searchNumbers': [done('searchNumbers', page0), done('searchNumbers', emptyPage)],
  'xstate.error.actor.searchNumbers': [fail('searchNumbers', offline)],
  'xstate.done.actor.checkout': [done('checkout', order)],
  'xstate.error.actor.checkout': [fail('checkout', noBalance), fail('checkout', takenA)],
};

/** Where the curator's choice is kept (src/services/drafts/golden-choice.ts `goldenChoiceKey('curator')`). */
export const keepKey = 'draft:curator:/purchase:goldenChoice';

/** A reload of `/purchase?step=review` with one number kept (GN14): both outcomes of the review on load. */
export const reloadedOnReview: GoldenCheckoutInput = { keepKey, kept: [offerB], step: 'review' };

/** The model-test entry of the golden-checkout chart (tests/support/model-registry.ts). */
export const goldenCheckoutModelEntry = {
  id: 'goldenCheckout',
  input: reloadedOnReview,
  payloads: goldenCheckoutPayloads,
  // a mask with a dash missing is explored while the search form is on screen (typed, refused, typed again, with
  // numbers chosen meanwhile); past the form it only rides along with the choice, as the valid mask does
  stopWhen: (s: AnyMachineSnapshot) => {
    const c = s.context as GoldenCheckoutContext;
    if (BROKEN_MASKS.includes(c.form.mask) && !s.matches({ browsing: 'idle' })) return true;
    return otherSearch(c) && !(s.matches({ browsing: 'idle' }) && untouched(c));
  },
  // the group and number searches are chosen, typed and sent (or refused) on the untouched search form only (and not
  // explored past it): from anywhere else their payloads would only multiply the graph (three times the snapshots)
  sendWhen: (s: AnyMachineSnapshot, e: EventObject) =>
    !isOtherSearch(e) || (s.matches({ browsing: 'idle' }) && untouched(s.context as GoldenCheckoutContext)),
} as const;
