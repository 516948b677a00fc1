import { fromPromise } from 'xstate';
import { parseRowsDraft } from '@/domain/orders.rules';
import {
  type CatalogueItem,
  type CreatedOrder,
  type CreateOrderInput,
  type NewOrderCatalogue,
  type NewOrderDraft,
  newOrderMachine,
} from '@/machines/new-order.machine';
import type { DraftStore } from '@/services/drafts/draft-store';
import type { ApiLoader } from './api';

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
      fetchCatalogue: fromPromise<NewOrderCatalogue, void>(async ({ signal }) => {
        const client = await api();
        const [golden, offer] = await Promise.all([
          client.call('golden.categories', {}, { signal }),
          client.call('preorder.services', {}, { signal }),
        ]);
        return {
          // the categories and their prices are the golden-number ones (GN1, GN12)
          categories: golden.categories.map((c) => item({ id: c.id, name: null, price: c.price })),
          pricePlans: (offer.pricePlans ?? []).map(item),
          services: (offer.services ?? []).map(item),
        };
      }),
      fetchAddress: fromPromise<string | null, void>(
        async ({ signal }) => (await (await api()).call('orders.address', {}, { signal })).address ?? null,
      ),
      fetchInn: fromPromise<string | null, void>(
        async ({ signal }) => (await (await api()).call('orders.inn', {}, { signal })).inn ?? null,
      ),
      fetchBalance: fromPromise<number | null, void>(
        async ({ signal }) => (await (await api()).call('orders.balance', {}, { signal })).balance ?? null,
      ),
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
