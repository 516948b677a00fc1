import { assign, fromPromise, setup } from 'xstate';
import { errorCodeOf, notProvided } from './error-code';
import type { StateMeta } from './state-meta';

/**
 * The staff list of created pre-orders (spec 6 orders: R008, R000, R009, R018-R023, R032; decisions NC8, NC11): the
 * newest pre-orders with company, TIN, city, login, status and the phone reservation flag, at
 * `/{lang}/orders/preorders`. Loads once on arrival; Retry after a failure, Refresh from the list.
 */

/** One created pre-order as staff see it (spec 3 "Pre-order registration"; NC6 statuses, NC7 reservation flag). */
export interface PreorderListRow {
  readonly id: number;
  readonly tin: string;
  readonly companyName: string;
  readonly marketCode: string;
  readonly login: string;
  readonly status: 'new' | 'review' | 'registered' | 'rejected';
  readonly phoneReserved: boolean;
  /** ms since the epoch */
  readonly createdAt: number;
}

export interface PreorderListPage {
  readonly rows: readonly PreorderListRow[];
  readonly total: number;
}

export interface PreorderListContext {
  readonly rows: readonly PreorderListRow[];
  readonly total: number;
  readonly errorCode: string | null;
}

/** `retry` after a failed load, `refresh` of a shown list (actor results are xstate.done/error.actor.*). */
export type PreorderListEvent = { type: 'retry' } | { type: 'refresh' };

export const preorderListMachine = setup({
  types: {
    context: {} as PreorderListContext,
    events: {} as PreorderListEvent,
    meta: {} as StateMeta,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    /** GET pre-order/list?page=1 (NC8: newest first, 20 a page). */
    fetchPreorders: fromPromise<PreorderListPage>(async () => notProvided('fetchPreorders')),
  },
  guards: {
    hasRows: (_, params: { page: PreorderListPage }) => params.page.rows.length > 0,
  },
  actions: {
    assignPage: assign((_, params: { page: PreorderListPage }) => ({
      rows: params.page.rows,
      total: params.page.total,
      errorCode: null,
    })),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCodeOf(params.error) })),
  },
}).createMachine({
  id: 'preorderList',
  description:
    'Staff list of created pre-orders (Orders section): company, TIN, city, login, status, phone reservation.',
  context: { rows: [], total: 0, errorCode: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Loads the newest pre-orders.',
      meta: { view: 'the table busy', testId: 'preorders-loading' },
      tags: ['busy'],
      invoke: {
        id: 'fetchPreorders',
        src: 'fetchPreorders',
        onDone: [
          {
            guard: { type: 'hasRows', params: ({ event }) => ({ page: event.output }) },
            target: 'shown',
            actions: { type: 'assignPage', params: ({ event }) => ({ page: event.output }) },
          },
          {
            target: 'empty',
            actions: { type: 'assignPage', params: ({ event }) => ({ page: event.output }) },
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    shown: {
      description: 'The pre-orders with their status; Refresh loads them again.',
      meta: { view: 'the table of pre-orders', testId: 'preorders-table' },
      on: { refresh: { target: 'loading' } },
    },
    empty: {
      description: "No pre-order yet: 'Заявок пока нет.'; Refresh loads again.",
      meta: { view: 'the empty-list text', testId: 'preorders-empty' },
      on: { refresh: { target: 'loading' } },
    },
    failed: {
      description: 'The list did not load (E005 for a user without Orders, network); Retry.',
      meta: { view: 'the error text with Retry', testId: 'preorders-failed' },
      tags: ['error'],
      on: { retry: { target: 'loading' } },
    },
  },
});

export type PreorderListMachine = typeof preorderListMachine;
