import { fromPromise } from 'xstate';
import { parseRowsDraft } from '@/domain/orders.rules';
import {
  type CatalogueItem,
  type CreatedOrder,
  type CreateOrderInput,
  type NewOrderCompany,
  type NewOrderDraft,
  newOrderMachine,
} from '@/machines/new-order.machine';
import type { DraftStore } from '@/services/drafts/draft-store';
import type { ApiLoader, AppApi } from './api';
import type { PageDeps } from './app-deps';

/**
 * Real actors of the new-number order on the app's one API client, and the draft store that keeps what was typed
 * (docs/decisions.md GN12). `createAppLogic` builds it once in `loadPageLogic`; tests provide fakes to the same
 * machine.
 */

const item = (i: { id: string | number; name?: string | null; price?: number | null }): CatalogueItem => ({
  id: String(i.id),
  name: i.name ?? String(i.id),
  price: i.price ?? null,
});

export function createNewOrderLogic(api: ApiLoader, { drafts }: { drafts: DraftStore }) {
  return newOrderMachine.provide({
    actors: {
      // one load for the company data (GN12): the first call to fail is the region's error, one retry reloads all
      fetchCompany: fromPromise<NewOrderCompany, void>(async ({ signal }) => {
        const client = await api();
        const [golden, offer, address, inn, balance] = await Promise.all([
          client.call('golden.categories', {}, { signal }),
          client.call('preorder.services', {}, { signal }),
          client.call('orders.address', {}, { signal }),
          client.call('orders.inn', {}, { signal }),
          client.call('orders.balance', {}, { signal }),
        ]);
        return {
          catalogue: {
            // the categories and their prices are the golden-number ones (GN1, GN12)
            categories: golden.categories.map((c) => item({ id: c.id, name: null, price: c.price })),
            pricePlans: (offer.pricePlans ?? []).map(item),
            services: (offer.services ?? []).map(item),
          },
          address: address.address ?? null,
          inn: inn.inn ?? null,
          balance: balance.balance ?? null,
        };
      }),
      restoreDraft: fromPromise<NewOrderDraft | null, { key: string | null }>(async ({ input }) => {
        if (input.key === null) return null;
        const values = drafts.read(input.key);
        const rows = parseRowsDraft(values?.rows);
        return rows ? { rows, address: values?.address ?? '' } : null;
      }),
      createOrder: fromPromise<CreatedOrder, CreateOrderInput>(async ({ input }) => {
        const r = await (await api()).call('orders.create', {
          body: {
            rows: input.rows.map((row) => ({ ...row, services: [...row.services] })),
            ...(input.address === '' ? {} : { address: input.address }),
          },
        });
        return { id: String(r.id) };
      }),
    },
    actions: {
      saveDraft: (_, params: { key: string | null; rows: readonly unknown[]; address: string }) => {
        if (params.key !== null)
          drafts.save(params.key, { rows: JSON.stringify(params.rows), address: params.address });
      },
      clearDraft: (_, params: { key: string | null }) => {
        if (params.key !== null) drafts.clear(params.key);
      },
    },
  });
}

/** The page workflows this area provides (its manifest ./new-order.workflow.ts; composed in ./page-logic.generated.ts). */
export const pageLogic = (api: AppApi, deps: PageDeps) => ({ newOrder: createNewOrderLogic(api.load, deps) });
