import { fromPromise } from 'xstate';
import { type NewNumbersMachine, newNumbersMachine, type QrCategory } from '@/machines/new-numbers.machine';
import type { ApiLoader } from './api';

/**
 * Real actors of the public new-numbers page (the QR poster's categories and prices). Built by
 * `loadPublicLogic.newNumbers` (src/app/app-logic.ts) as a chunk of its own: a visitor who scans the poster on a phone
 * loads neither the registration wizard nor the signing module's charts.
 */
export function createNewNumbersLogic(api: ApiLoader): NewNumbersMachine {
  return newNumbersMachine.provide({
    actors: {
      fetchQrCategories: fromPromise<QrCategory[]>(async ({ signal }) => {
        const r = await (await api()).call('golden.categoriesQr', undefined, { signal });
        return r.categories.map((c) => ({ id: c.id, price: c.price, examples: c.examples ?? [] }));
      }),
    },
  });
}
