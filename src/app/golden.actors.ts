import { fromPromise } from 'xstate';
import { GOLDEN_PAGE_SIZE } from '@/domain/constants';
import type { GoldenOffer } from '@/domain/golden.rules';
import { isFreeCategory } from '@/domain/golden-categories.rules';
import { currentLang } from '@/i18n/i18n';
import {
  type CheckoutInput,
  type GoldenCatalogue,
  type GoldenOrder,
  type GoldenResults,
  goldenCheckoutMachine,
  type SearchNumbersInput,
} from '@/machines/golden-checkout.machine';
import type { DraftStore } from '@/services/drafts/draft-store';
import { keepGoldenChoice, readGoldenChoice } from '@/services/drafts/golden-choice';
import type { ApiLoader, AppApi } from './api';
import type { PageDeps } from './app-deps';

/**
 * Real actors of the golden-number checkout on the app's one API client (E009 from any call reaches the session
 * through that client), and the tab's draft store that keeps the chosen numbers (docs/decisions.md GN14).
 * `createAppLogic` builds it once in `loadPageLogic`; tests provide fakes to the same machine.
 */
export function createGoldenLogic(api: ApiLoader, { drafts }: { drafts: DraftStore }) {
  return goldenCheckoutMachine.provide({
    actors: {
      fetchCategories: fromPromise<GoldenCatalogue, void>(async () => {
        const r = await (await api()).call('golden.categories', {});
        return {
          categories: r.categories.map((c) => ({ id: c.id, price: c.price, free: isFreeCategory(c.id) })),
          taxPayer: r.taxPayer === true,
          taxPercent: r.taxPercent ?? 0,
        };
      }),
      searchNumbers: fromPromise<GoldenResults, SearchNumbersInput>(async ({ input, signal }) => {
        const { type, ...rest } = input.query;
        // a new search stops this actor: the signal aborts the call, its reply is never read
        const r = await (await api()).call(
          'golden.search',
          { params: { type }, body: { ...rest, page: input.page, size: GOLDEN_PAGE_SIZE } },
          { signal },
        );
        return {
          content: r.content.map((n) => ({
            number: n.number,
            categoryId: n.categoryId ?? input.query.categoryId,
            price: n.price ?? 0,
          })),
          totalElements: r.totalElements,
          totalPages: r.totalPages,
          page: input.page,
        };
      }),
      checkout: fromPromise<GoldenOrder, CheckoutInput>(async ({ input }) => {
        const lang = currentLang();
        const r = await (await api()).call('golden.checkout', {
          body: { numbers: [...input.numbers], lang },
        });
        return {
          orderId: String(r.orderId ?? ''),
          numbers: (r.numbers ?? []).map((n) => ({
            number: n.number,
            categoryId: n.categoryId ?? 0,
            price: n.price,
          })),
          total: r.total ?? 0,
          vat: r.vat ?? 0,
          status: r.status ?? 'paid',
        };
      }),
    },
    actions: {
      keepChoice: (_, params: { key: string | null; selected: readonly GoldenOffer[] }) => {
        if (params.key !== null) keepGoldenChoice(drafts, params.key, params.selected);
      },
      forgetChoice: (_, params: { key: string | null }) => {
        if (params.key !== null) drafts.clear(params.key);
      },
    },
  });
}

/** The page workflows this area provides (its manifest ./golden.workflow.ts; composed in ./page-logic.generated.ts). */
export const pageLogic = (api: AppApi, deps: PageDeps) => ({
  goldenCheckout: createGoldenLogic(api.load, deps),
  /** the golden-number choice kept for a user in this tab (GN14), none when there is none */
  readGoldenChoice: (key: string): readonly GoldenOffer[] => readGoldenChoice(deps.drafts, key),
});
