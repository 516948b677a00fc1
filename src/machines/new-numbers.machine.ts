import { assign, setup } from 'xstate';
import { failTo } from './call-fragment';
import { errorCodeOf, unprovided } from './error-code';
import type { StateMeta } from './state-meta';

/**
 * The public new-numbers page (spec 2 `/new-numbers` public; spec 3 "Golden number category"; spec 7
 * `golden-number/categories/qr`, the link a QR code on a poster opens; docs/decisions.md NC9): the number categories
 * with their prices and a few example numbers each, and the way to become a client. No session needed.
 */

/** A category as the page shows it: the page names it from its id in its own language and writes the free id 122
 *  as the purchase page does (docs/decisions.md NC16), so the wire's name and withoutVat are not kept. */
export interface QrCategory {
  readonly id: number;
  readonly price: number;
  readonly examples: readonly string[];
}

export interface NewNumbersContext {
  readonly categories: readonly QrCategory[];
  readonly errorCode: string | null;
}

/** Events: `retry` after a failed load (actor results are xstate.done/error.actor.*). */
export type NewNumbersEvent = { type: 'retry' };

export const newNumbersMachine = setup({
  types: {
    context: {} as NewNumbersContext,
    events: {} as NewNumbersEvent,
    meta: {} as StateMeta,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    /** GET golden-number/categories/qr. */
    fetchQrCategories: unprovided<QrCategory[]>('fetchQrCategories'),
  },
  guards: {
    hasCategories: (_, params: { categories: readonly QrCategory[] }) => params.categories.length > 0,
  },
  actions: {
    assignCategories: assign((_, params: { categories: readonly QrCategory[] }) => ({
      categories: params.categories,
      errorCode: null,
    })),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCodeOf(params.error) })),
  },
}).createMachine({
  id: 'newNumbers',
  description:
    'Public new-numbers page: categories and prices with example numbers, and how to become a client.',
  context: { categories: [], errorCode: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Loads the categories of the QR page.',
      meta: { view: 'skeleton of the category cards', testId: 'new-numbers-loading' },
      tags: ['busy'],
      invoke: {
        id: 'fetchQrCategories',
        src: 'fetchQrCategories',
        onDone: [
          {
            guard: { type: 'hasCategories', params: ({ event }) => ({ categories: event.output }) },
            target: 'shown',
            actions: { type: 'assignCategories', params: ({ event }) => ({ categories: event.output }) },
          },
          { target: 'empty' },
        ],
        onError: failTo('failed'),
      },
    },
    shown: {
      type: 'final',
      description: 'The categories with price and example numbers, and the way to become a client.',
      meta: { view: 'category cards and the become-a-client block', testId: 'new-numbers-shown' },
    },
    empty: {
      type: 'final',
      description: 'No category is on sale now; the way to become a client is still shown.',
      meta: { view: "'no numbers on sale now' and the become-a-client block", testId: 'new-numbers-empty' },
    },
    failed: {
      description: 'The categories did not load; Retry.',
      meta: { view: 'the error text with Retry', testId: 'new-numbers-failed' },
      tags: ['error'],
      on: { retry: { target: 'loading' } },
    },
  },
});

export type NewNumbersMachine = typeof newNumbersMachine;
