import type { SnapshotFrom } from 'xstate';
import { canSelectMore, type GoldenOffer, type PriceSplit, priceSplit } from '@/domain/golden.rules';
import { goldenChoiceKey } from '@/services/drafts/golden-choice';
import { canRetry, errorWithRetry } from './error-code';
import type {
  GoldenCheckoutContext,
  GoldenCheckoutInput,
  GoldenCheckoutMachine,
  PurchaseStepParam,
} from './golden-checkout.machine';
import { statePathOf } from './state-path';

/** A snapshot of the golden-checkout machine, as `useSelector` hands it to a selector. */
export type GoldenCheckoutSnapshot = SnapshotFrom<GoldenCheckoutMachine>;

/** Dotted leaf path, e.g. `browsing.results` (the page's `data-state`). */
export const selectPurchaseState = (s: GoldenCheckoutSnapshot): string => statePathOf(s.value);

/** Which screen the page shows. */
export type PurchaseStep = 'loading' | 'categoriesFailed' | 'browsing' | 'review' | 'done';
export const selectPurchaseStep = (s: GoldenCheckoutSnapshot): PurchaseStep => {
  if (s.matches('loadingCategories')) return 'loading';
  if (s.matches('categoriesFailed')) return 'categoriesFailed';
  if (s.matches('browsing')) return 'browsing';
  if (s.matches('done')) return 'done';
  return 'review';
};

/**
 * The URL's step for what the page shows (GN14): the choice or the review; null while the categories load,
 * when they failed and for the created order (the URL is left as it is).
 */
export const selectStepParam = (s: GoldenCheckoutSnapshot): PurchaseStepParam | null => {
  const step = selectPurchaseStep(s);
  if (step === 'browsing') return 'choice';
  if (step === 'review') return 'review';
  return null;
};

/**
 * The chart's input when the page opens (GN14): the signed-in user's key, the choice kept under it (read by
 * `read`, the composition root's reader of the tab's draft store) and the URL's step. Signed out, nothing is kept.
 */
export function goldenCheckoutInputOf(
  user: string | null,
  step: PurchaseStepParam,
  read: (key: string) => readonly GoldenOffer[],
): GoldenCheckoutInput {
  const keepKey = user === null ? null : goldenChoiceKey(user);
  return { keepKey, kept: keepKey === null ? [] : read(keepKey), step };
}

export const selectCatalogue = (s: GoldenCheckoutSnapshot): GoldenCheckoutContext['catalogue'] =>
  s.context.catalogue;
export const selectCategoryId = (s: GoldenCheckoutSnapshot): number | null => s.context.categoryId;
export const selectSearchType = (s: GoldenCheckoutSnapshot): GoldenCheckoutContext['searchType'] =>
  s.context.searchType;
export const selectForm = (s: GoldenCheckoutSnapshot): GoldenCheckoutContext['form'] => s.context.form;
/** The field whose value stopped the last search, with the problem's key. */
export const selectProblem = (s: GoldenCheckoutSnapshot): GoldenCheckoutContext['problem'] =>
  s.context.problem;
/** The page of numbers on screen (kept while the next one loads). */
export const selectResults = (s: GoldenCheckoutSnapshot): GoldenCheckoutContext['results'] =>
  s.context.results;
/** A search runs. */
export const selectSearching = (s: GoldenCheckoutSnapshot): boolean => s.matches({ browsing: 'searching' });
/** Code of the failed search, when shown. */
export const selectSearchError = (s: GoldenCheckoutSnapshot): string | null =>
  s.matches({ browsing: 'searchFailed' }) ? s.context.error : null;
/** Code of the failed categories load, when shown. */
export const selectCategoriesError = (s: GoldenCheckoutSnapshot): string | null =>
  s.matches('categoriesFailed') ? s.context.error : null;
/** The chosen numbers. */
export const selectSelected = (s: GoldenCheckoutSnapshot): readonly GoldenOffer[] => s.context.selected;
/** One more number may be chosen (GN6). */
export const selectCanSelectMore = (s: GoldenCheckoutSnapshot): boolean => canSelectMore(s.context.selected);
/** Total of the chosen numbers with its VAT part (GN2). */
export const selectSplit = (s: GoldenCheckoutSnapshot): PriceSplit =>
  priceSplit(s.context.selected, s.context.catalogue?.taxPercent ?? 0);
/** The checkout runs: its buttons are disabled. */
export const selectCheckingOut = (s: GoldenCheckoutSnapshot): boolean => s.matches('checkingOut');
/** Code of the failed checkout, when shown. */
export const selectCheckoutError = (s: GoldenCheckoutSnapshot): string | null =>
  s.matches('failed') ? s.context.error : null;
/** The numbers another buyer took, when that is shown. */
export const selectTaken = (s: GoldenCheckoutSnapshot): readonly string[] =>
  s.matches('taken') ? s.context.taken : [];
/** The created order. */
export const selectOrder = (s: GoldenCheckoutSnapshot): GoldenCheckoutContext['order'] => s.context.order;
export { canRetry } from './error-code';

/** What the purchase page's frame renders, with the URL's step it keeps (decisions AR18): read by `useWorkflow` in
 *  one selector. */
export const connectPurchasePage = (s: GoldenCheckoutSnapshot) => {
  const categoriesError = selectCategoriesError(s);
  return {
    state: selectPurchaseState(s),
    step: selectPurchaseStep(s),
    stepParam: selectStepParam(s),
    categoriesError,
    categoriesRetry: canRetry(categoriesError),
  };
};

/** What the VAT note renders. */
export const connectVatNote = (s: GoldenCheckoutSnapshot) => ({
  catalogue: selectCatalogue(s),
});

/** What the price categories render. */
export const connectCategories = (s: GoldenCheckoutSnapshot) => ({
  catalogue: selectCatalogue(s),
  categoryId: selectCategoryId(s),
});

/** What the search form renders. */
export const connectSearchForm = (s: GoldenCheckoutSnapshot) => ({
  type: selectSearchType(s),
  form: selectForm(s),
  problem: selectProblem(s),
  searching: selectSearching(s),
  ...errorWithRetry(selectSearchError(s)),
});

/** What the numbers found render. */
export const connectResults = (s: GoldenCheckoutSnapshot) => ({
  results: selectResults(s),
  selected: selectSelected(s),
  searching: selectSearching(s),
  canMore: selectCanSelectMore(s),
});

/** What the selection aside renders. */
export const connectSelection = (s: GoldenCheckoutSnapshot) => ({
  selected: selectSelected(s),
  canMore: selectCanSelectMore(s),
});

/** What the total, net and VAT lines render. */
export const connectSplit = (s: GoldenCheckoutSnapshot) => ({
  split: selectSplit(s),
  catalogue: selectCatalogue(s),
});

/** What the review renders. */
export const connectReview = (s: GoldenCheckoutSnapshot) => ({
  selected: selectSelected(s),
  split: selectSplit(s),
  busy: selectCheckingOut(s),
  ...errorWithRetry(selectCheckoutError(s)),
  taken: selectTaken(s),
  state: selectPurchaseState(s),
});

/** What the created order's screen renders. */
export const connectDone = (s: GoldenCheckoutSnapshot) => ({
  order: selectOrder(s),
});
