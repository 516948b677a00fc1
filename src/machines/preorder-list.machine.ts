import { assign, setup } from 'xstate';
import { nextPreorderStatuses, type PreorderMove } from '@/domain/preorder-list.rules';
import { failTo, outputTo } from './call-fragment';
import { errorCodeOf, unprovided } from './error-code';
import * as list from './list-fragment';
import type { StateMeta } from './state-meta';

/**
 * The staff list of created pre-orders (spec 6 orders: R008, R000, R009, R018-R023, R032; decisions NC8, NC11): the
 * newest pre-orders with company, TIN, city, login, status and the phone reservation flag, at
 * `/{lang}/orders/preorders?page` (NC13: 20 a page, the page in the URL). Loads the URL's page on arrival and on each
 * page change; Retry after a failure, Refresh from the list. Staff move a
 * pre-order along its statuses (NC12: new → review → registered, or rejected) after a confirmation that names it;
 * registered or rejected releases its reserved numbers (spec 4 "Phone reservation flag").
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
  /** the page the URL asks for (NC13), from 1 */
  readonly page: number;
  readonly rows: readonly PreorderListRow[];
  readonly total: number;
  readonly errorCode: string | null;
  /** the move being confirmed or sent: which pre-order, to which status */
  readonly move: MovePreorderInput | null;
  readonly moveError: string | null;
}

export interface MovePreorderInput {
  readonly id: number;
  readonly status: PreorderMove;
}
export interface MovedPreorder {
  readonly id: number;
  readonly status: PreorderListRow['status'];
  readonly phoneReserved: boolean;
}

/** Where the list starts: the URL's page (NC13). */
export interface PreorderListInput {
  readonly page: number;
}

/** GET pre-order/list?page: which page. */
export interface FetchPreordersInput {
  readonly page: number;
}

/**
 * `page.changed`: fact from the router, the URL's page (arrival, paging, Back; NC13);
 * `retry` after a failed load, `refresh` of a shown list (actor results are xstate.done/error.actor.*);
 * `status.choose`: user intent to move pre-order `id` to `status`; `status.confirm` / `status.cancel` answer the
 * confirmation; `status.dismiss` closes a failed move's error (the list is loaded again: it may have moved).
 */
export type PreorderListEvent =
  | { type: 'page.changed'; page: number }
  | { type: 'retry' }
  | { type: 'refresh' }
  | { type: 'status.choose'; id: number; status: PreorderMove }
  | { type: 'status.confirm' }
  | { type: 'status.cancel' }
  | { type: 'status.dismiss' };

export const preorderListMachine = setup({
  types: {
    context: {} as PreorderListContext,
    events: {} as PreorderListEvent,
    input: {} as PreorderListInput,
    meta: {} as StateMeta,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    /** GET pre-order/list?page (NC8: newest first, 20 a page; NC13). */
    fetchPreorders: unprovided<PreorderListPage, FetchPreordersInput>('fetchPreorders'),
    /** POST pre-order/{id}/status (NC12). */
    movePreorder: unprovided<MovedPreorder, MovePreorderInput>('movePreorder'),
  },
  guards: {
    hasRows: (_, params: { page: PreorderListPage }) => params.page.rows.length > 0,
    isOtherPage: ({ context }, params: { page: number }) => params.page !== context.page,
    canMoveTo: ({ context }, params: MovePreorderInput) => {
      const row = context.rows.find((r) => r.id === params.id);
      return row !== undefined && nextPreorderStatuses(row.status).includes(params.status);
    },
  },
  actions: {
    assignPage: assign((_, params: { page: PreorderListPage }) => ({
      rows: params.page.rows,
      total: params.page.total,
      errorCode: null,
    })),
    /** The URL's page; a move being asked is dropped (the user went to another page). */
    assignPageNo: assign((_, params: { page: number }) => ({
      page: params.page,
      move: null,
      moveError: null,
    })),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCodeOf(params.error) })),
    assignMove: assign((_, params: MovePreorderInput) => ({ move: params, moveError: null })),
    clearMove: assign({ move: null, moveError: null }),
    /** The row shows the status and reservation the server answered. */
    assignMoved: assign(({ context }, params: { moved: MovedPreorder }) => ({
      rows: context.rows.map((r) =>
        r.id === params.moved.id
          ? { ...r, status: params.moved.status, phoneReserved: params.moved.phoneReserved }
          : r,
      ),
      move: null,
      moveError: null,
    })),
    assignMoveError: assign((_, params: { error: unknown }) => ({ moveError: errorCodeOf(params.error) })),
  },
}).createMachine({
  id: 'preorderList',
  description:
    'Staff list of created pre-orders (Orders section): company, TIN, city, login, status, phone reservation; ' +
    'staff move a pre-order along its statuses after a confirmation.',
  context: ({ input }) => ({
    page: input.page,
    rows: [],
    total: 0,
    errorCode: null,
    move: null,
    moveError: null,
  }),
  initial: 'loading',
  on: {
    'page.changed': [
      {
        guard: { type: 'isOtherPage', params: ({ event }) => ({ page: event.page }) },
        target: '.loading',
        actions: { type: 'assignPageNo', params: ({ event }) => ({ page: event.page }) },
        description:
          'another page (paging, Back): it is loaded, whatever was on screen; a move asked or sent is left ' +
          '(the page loaded shows what the server has)',
      },
      { description: 'the page shown or being loaded: nothing to do' },
    ],
  },
  states: {
    loading: {
      description: 'Loads the page of pre-orders the URL names (newest first).',
      meta: { view: 'the table busy', testId: 'preorders-loading' },
      tags: ['busy'],
      invoke: list.loadPageOrEmpty(
        'fetchPreorders',
        ({ context }: { context: PreorderListContext }) => ({ page: context.page }),
        { page: 'assignPage', error: 'assignError', whenRows: 'hasRows' },
        'shown',
      ),
    },
    shown: {
      description:
        'The pre-orders with their status and a button for each status a row may take next; Refresh loads them again.',
      meta: { view: 'the table of pre-orders with the status buttons', testId: 'preorders-table' },
      on: {
        refresh: { target: 'loading' },
        'status.choose': [
          {
            guard: { type: 'canMoveTo', params: ({ event }) => ({ id: event.id, status: event.status }) },
            target: 'confirming',
            actions: { type: 'assignMove', params: ({ event }) => ({ id: event.id, status: event.status }) },
          },
          { description: 'a move the statuses forbid, or no such row: nothing happens' },
        ],
      },
    },
    confirming: {
      description:
        'Asks to confirm the move, naming the pre-order, its company and TIN, both statuses and whether its numbers are released.',
      meta: { view: 'the confirmation dialog over the table', testId: 'preorder-status-confirm' },
      on: {
        'status.confirm': { target: 'moving' },
        'status.cancel': { target: 'shown', actions: 'clearMove' },
      },
    },
    moving: {
      description: 'Moves the pre-order (POST pre-order/{id}/status).',
      meta: { view: 'the confirmation dialog busy', testId: 'preorder-status-confirm' },
      tags: ['busy'],
      invoke: {
        id: 'movePreorder',
        src: 'movePreorder',
        // move is set on the way in (confirming); id 0 is no pre-order: the server answers E013
        input: ({ context }) => context.move ?? { id: 0, status: 'review' },
        onDone: outputTo('shown', 'assignMoved', 'moved'),
        onError: failTo('moveFailed', 'assignMoveError'),
      },
    },
    moveFailed: {
      description:
        'The move was refused (E101 moved meanwhile, E013, E005) or failed; closing the error loads the list again.',
      meta: { view: 'the table with the error dialog', testId: 'preorder-status-error' },
      tags: ['error'],
      on: { 'status.dismiss': { target: 'loading', actions: 'clearMove' } },
    },
    empty: {
      description:
        "No pre-order on this page: 'Заявок пока нет.' (a page past the last goes to the last); Refresh loads again.",
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
