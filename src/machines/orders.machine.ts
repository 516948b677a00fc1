import { assign, setup } from 'xstate';
import {
  nextOrderStatuses,
  type OrderMove,
  type OrderStatus,
  type OrdersParams,
  type RangeProblem,
  sameOrdersRange,
  validateRange,
} from '@/domain/orders.rules';
import { failTo, outputTo, retryOn } from './call-fragment';
import { errorCodeOf, unprovided } from './error-code';
import * as list from './list-fragment';
import type { StateMeta } from './state-meta';

/**
 * Orders for staff (spec 2 AllOrders `/orders` and SingleOrder `/orders/{id}`; spec 5 date range; spec 6 "orders:
 * R008, R000, R009, R018-R023, R032"; spec 7 `orders/orderDetails?from,to,searchBan`, `orders/{id}`; decisions
 * GN7-GN10). Three parallel regions, so the list stays on screen while an order is open and an export runs:
 * - `list`: the range and BAN filter come from the URL (`params.changed`); an incomplete or impossible range is
 *   refused with the spec's message and nothing is asked; a new range loads the range's orders once, a new page of
 *   the same range only pages them;
 * - `order`: the order the URL names (`/orders/{id}`), with its numbers or rows, sums, status and documents; staff
 *   move it along its lifecycle (GN8, GN13) after a confirmation naming the order, its company, sum and new status;
 * - `export`: the range's orders as CSV or XLSX.
 */

/** An order as the list shows it. Dates ISO; sums VAT included. */
export interface OrderItem {
  readonly id: string;
  readonly ban: string;
  readonly company: string;
  readonly kind: 'golden' | 'new';
  readonly status: string;
  readonly total: number;
  readonly vat: number;
  /** ISO instant */
  readonly createdAt: string;
}

/** One order with what it holds. */
export interface OrderDetails extends OrderItem {
  readonly numbers: readonly {
    readonly number: string;
    readonly categoryId: number;
    readonly price: number;
  }[];
  readonly rows: readonly {
    readonly kolvo: number;
    readonly category: string;
    readonly tariff: string;
    readonly nominal: number | null;
  }[];
  readonly address: string | null;
  readonly tin: string | null;
  /** the refund of a cancelled paid order (PRM1): the sum returned to the company's balance, when (ISO instant) */
  readonly refund: OrderRefund | null;
  /** `title` as issued; the panel shows the title built from the type and `number` in the page's language (DOC14) */
  readonly documents: readonly {
    readonly id: string;
    readonly type: number;
    readonly title: string;
    readonly number: string;
  }[];
}

/** What a refund returned to the company's balance (sums) and when (ISO instant). */
export interface OrderRefund {
  readonly amount: number;
  readonly at: string;
}

/** What a move answered: the order's new status and, for a cancelled paid order, its refund (PRM1). */
export interface OrderMoved {
  readonly status: OrderStatus;
  readonly refund: OrderRefund | null;
}

export type OrdersExportFormat = list.ListExportFormat;

export interface FetchOrdersInput {
  readonly from: string;
  readonly to: string;
  readonly ban: string;
}
export interface FetchOrderInput {
  readonly id: string;
}
export interface MoveOrderInput {
  readonly id: string;
  readonly status: OrderStatus;
}
export interface ExportOrdersInput {
  readonly rows: readonly OrderItem[];
  readonly params: OrdersParams;
  readonly format: OrdersExportFormat;
}

export interface OrdersContext extends list.ExportSlice {
  /** what the URL asks for */
  readonly params: OrdersParams;
  readonly problem: RangeProblem | null;
  /** the loaded orders, with the range they are of */
  readonly loaded: { readonly range: OrdersParams; readonly rows: readonly OrderItem[] } | null;
  readonly listError: string | null;
  readonly orderId: string | null;
  readonly order: OrderDetails | null;
  readonly orderError: string | null;
  /** the status the user chose for the open order, while confirming and moving */
  readonly nextStatus: OrderMove | null;
  readonly moveError: string | null;
}

/**
 * Events of the orders chart.
 * - `params.changed`: fact from the router: the URL's range, BAN filter and page.
 * - `list.retry`: user intent after the list failed to load.
 * - `order.open`: fact from the router: the URL names order `id` (`/orders/{id}`).
 * - `order.close`: fact from the router: the URL names no order any more.
 * - `order.retry`: user intent after the order failed to load.
 * - `status.choose`: user intent to move the open order to `status`; `status.confirm` / `status.cancel` answer the
 *   confirmation; `status.dismiss` closes a failed move's error (the order is loaded again: it may have moved).
 * - `export.start`: user intent to export the range's orders in `format`; `export.dismiss` closes its error.
 */
export type OrdersEvent =
  | { type: 'params.changed'; params: OrdersParams }
  | { type: 'list.retry' }
  | { type: 'order.open'; id: string }
  | { type: 'order.close' }
  | { type: 'order.retry' }
  | { type: 'status.choose'; status: OrderMove }
  | { type: 'status.confirm' }
  | { type: 'status.cancel' }
  | { type: 'status.dismiss' }
  | { type: 'export.start'; format: OrdersExportFormat }
  | { type: 'export.dismiss' };

export type OrdersTag = 'busy' | 'orderBusy' | 'moving' | 'exporting';

const EMPTY: OrdersParams = { from: '', to: '', ban: '', page: 1 };

export const ordersMachine = setup({
  types: {
    context: {} as OrdersContext,
    events: {} as OrdersEvent,
    meta: {} as StateMeta,
    tags: {} as OrdersTag,
  },
  actors: {
    /** GET orders/orderDetails?from,to,searchBan. */
    fetchOrders: unprovided<readonly OrderItem[], FetchOrdersInput>('fetchOrders'),
    /** GET orders/{id}. */
    fetchOrder: unprovided<OrderDetails, FetchOrderInput>('fetchOrder'),
    /** POST orders/{id}/status: the order's new status and its refund, if the move made one (GN13, PRM1). */
    moveOrder: unprovided<OrderMoved, MoveOrderInput>('moveOrder'),
    /** The loaded orders built into a CSV or XLSX file and downloaded. */
    exportOrders: unprovided<void, ExportOrdersInput>('exportOrders'),
  },
  guards: {
    isRangeInvalid: (_, params: { params: OrdersParams }) => validateRange(params.params) !== null,
    isRangeLoaded: ({ context }, params: { params: OrdersParams }) =>
      context.loaded !== null && sameOrdersRange(context.loaded.range, params.params),
    isOtherOrder: ({ context }, params: { id: string }) => context.orderId !== params.id,
    hasOrders: ({ context }) => context.loaded !== null,
    canMoveTo: ({ context }, params: { status: OrderMove }) =>
      context.order !== null && nextOrderStatuses(context.order.status).includes(params.status),
  },
  actions: {
    assignInvalid: assign((_, params: { params: OrdersParams }) => ({
      params: params.params,
      problem: validateRange(params.params),
    })),
    assignParams: assign((_, params: { params: OrdersParams }) => ({ params: params.params, problem: null })),
    assignLoaded: assign(({ context }, params: { rows: readonly OrderItem[] }) => ({
      loaded: { range: context.params, rows: params.rows },
      listError: null,
    })),
    assignListError: assign((_, params: { error: unknown }) => ({ listError: errorCodeOf(params.error) })),
    clearListError: assign({ listError: null }),
    assignOrderId: assign((_, params: { id: string }) => ({
      orderId: params.id,
      order: null,
      orderError: null,
      nextStatus: null,
      moveError: null,
    })),
    assignOrder: assign((_, params: { order: OrderDetails }) => ({ order: params.order, orderError: null })),
    assignOrderError: assign((_, params: { error: unknown }) => ({ orderError: errorCodeOf(params.error) })),
    clearOrder: assign({ orderId: null, order: null, orderError: null, nextStatus: null, moveError: null }),
    clearOrderError: assign({ orderError: null }),
    assignNextStatus: assign((_, params: { status: OrderMove }) => ({
      nextStatus: params.status,
      moveError: null,
    })),
    clearNextStatus: assign({ nextStatus: null, moveError: null }),
    /** The order and its row in the list show the status the server answered; the order its refund (PRM1). */
    assignMoved: assign(({ context }, params: { status: OrderStatus; refund: OrderRefund | null }) => ({
      order: context.order
        ? { ...context.order, status: params.status, refund: params.refund ?? context.order.refund }
        : null,
      loaded: context.loaded
        ? {
            ...context.loaded,
            rows: context.loaded.rows.map((r) =>
              r.id === context.orderId ? { ...r, status: params.status } : r,
            ),
          }
        : null,
      nextStatus: null,
      moveError: null,
    })),
    assignMoveError: assign((_, params: { error: unknown }) => ({ moveError: errorCodeOf(params.error) })),
    assignExportFormat: assign((_, p: { format: list.ListExportFormat }) => list.exportStarted(p.format)),
    clearExport: assign(list.EXPORT_CLEARED),
    assignExportError: assign((_, p: { error: unknown }) => list.exportFailed(p.error)),
  },
}).createMachine({
  id: 'orders',
  description:
    'Orders for staff: the date range and BAN filter in the URL (validated), the range’s orders paged, one order ' +
    'with its numbers, sums, status and documents, moved along its lifecycle by staff after a confirmation, ' +
    'CSV/XLSX export.',
  type: 'parallel',
  context: {
    params: EMPTY,
    problem: 'dateRange',
    loaded: null,
    listError: null,
    orderId: null,
    order: null,
    orderError: null,
    nextStatus: null,
    moveError: null,
    exportFormat: null,
    exportError: null,
  },
  states: {
    list: {
      description: 'The orders of the range the URL asks for.',
      meta: { view: 'range and BAN filter, table of orders, pagination' },
      initial: 'invalid',
      on: {
        'params.changed': [
          {
            guard: { type: 'isRangeInvalid', params: ({ event }) => ({ params: event.params }) },
            target: '.invalid',
            actions: { type: 'assignInvalid', params: ({ event }) => ({ params: event.params }) },
          },
          {
            guard: { type: 'isRangeLoaded', params: ({ event }) => ({ params: event.params }) },
            target: '.ready',
            actions: { type: 'assignParams', params: ({ event }) => ({ params: event.params }) },
          },
          {
            target: '.loading',
            actions: { type: 'assignParams', params: ({ event }) => ({ params: event.params }) },
          },
        ],
      },
      states: {
        invalid: {
          description:
            "Before a range is read from the URL, or when it is missing ('Выберите начальную и конечную дату') or impossible ('Некорректная дата'), or the BAN is not 9 digits; nothing is asked.",
          meta: { view: 'the filter form with the message', testId: 'orders-range-error' },
        },
        loading: {
          description: 'Loads the range’s orders (GET orders/orderDetails).',
          meta: { view: 'the table busy', testId: 'orders-loading' },
          tags: ['busy'],
          invoke: {
            id: 'fetchOrders',
            src: 'fetchOrders',
            input: ({ context }) => ({
              from: context.params.from,
              to: context.params.to,
              ban: context.params.ban,
            }),
            onDone: outputTo('ready', 'assignLoaded', 'rows'),
            onError: failTo('failed', 'assignListError'),
          },
        },
        ready: {
          description: 'The page of orders the URL asks for, with the count of the range.',
          meta: { view: 'rows, count and pagination', testId: 'orders-count' },
        },
        failed: {
          description: 'The orders could not be loaded; the error is shown with a retry button.',
          meta: { view: 'error with a retry button', testId: 'orders-load-error' },
          on: retryOn('list.retry', 'loading', {}, 'clearListError'),
        },
      },
    },
    order: {
      description: 'The order the URL names: its numbers or rows, sums, status and documents.',
      meta: { view: 'the order panel' },
      initial: 'closed',
      on: {
        'order.open': [
          {
            guard: { type: 'isOtherOrder', params: ({ event }) => ({ id: event.id }) },
            target: '.loading',
            actions: { type: 'assignOrderId', params: ({ event }) => ({ id: event.id }) },
          },
          { description: 'the order shown already: nothing to load' },
        ],
        'order.close': { target: '.closed', actions: 'clearOrder' },
      },
      states: {
        closed: {
          description: 'No order is open.',
          meta: { view: 'no order panel' },
        },
        loading: {
          description: 'Loads the order (GET orders/{id}).',
          meta: { view: 'the order panel busy', testId: 'order-panel' },
          tags: ['orderBusy'],
          invoke: {
            id: 'fetchOrder',
            src: 'fetchOrder',
            input: ({ context }) => ({ id: context.orderId ?? '' }),
            onDone: outputTo('ready', 'assignOrder', 'order'),
            onError: failTo('failed', 'assignOrderError'),
          },
        },
        ready: {
          description:
            'The order is shown, with a button for each status its lifecycle allows next (GN8, GN13).',
          meta: { view: 'numbers or rows, sums, status, documents, status buttons', testId: 'order-details' },
          on: {
            'status.choose': [
              {
                guard: { type: 'canMoveTo', params: ({ event }) => ({ status: event.status }) },
                target: 'confirming',
                actions: { type: 'assignNextStatus', params: ({ event }) => ({ status: event.status }) },
              },
              { description: 'a move the lifecycle forbids: nothing happens' },
            ],
          },
        },
        confirming: {
          description:
            'Asks to confirm the move, naming the order, its company, sum, the status it has and the one it gets.',
          meta: { view: 'the confirmation dialog over the order', testId: 'order-status-confirm' },
          on: {
            'status.confirm': 'moving',
            'status.cancel': { target: 'ready', actions: 'clearNextStatus' },
          },
        },
        moving: {
          description:
            'Moves the order (POST orders/{id}/status): marking a new-number order paid debits its total; cancelling ' +
            'a paid order refunds it and frees its numbers (PRM1, PRM2).',
          meta: { view: 'the confirmation dialog busy', testId: 'order-status-confirm' },
          tags: ['moving'],
          invoke: {
            id: 'moveOrder',
            src: 'moveOrder',
            // nextStatus is set on the way in (confirming); `created` is no order's next status: the server refuses it
            input: ({ context }) => ({ id: context.orderId ?? '', status: context.nextStatus ?? 'created' }),
            onDone: {
              target: 'ready',
              actions: {
                type: 'assignMoved',
                params: ({ event }) => ({ status: event.output.status, refund: event.output.refund }),
              },
            },
            onError: failTo('moveFailed', 'assignMoveError'),
          },
        },
        moveFailed: {
          description:
            'The move was refused (E101 the order has moved meanwhile, E013, E005…) or failed; closing the error loads the order again.',
          meta: { view: 'the order with the error dialog', testId: 'order-status-error' },
          on: { 'status.dismiss': { target: 'loading', actions: 'clearNextStatus' } },
        },
        failed: {
          description: 'The order could not be loaded (E013 no such order, E005…); retry.',
          meta: { view: 'error with a retry button', testId: 'order-error' },
          on: retryOn('order.retry', 'loading', {}, 'clearOrderError'),
        },
      },
    },
    export: list.exportRegion(
      'exportOrders',
      ({ context }: { context: OrdersContext }) => ({
        rows: context.loaded?.rows ?? [],
        params: context.params,
        format: context.exportFormat ?? 'csv',
      }),
      {
        region: {
          description: 'Export of the range’s orders as CSV or XLSX.',
          meta: { view: 'the export buttons' },
        },
        idle: {
          description: 'Nothing is being exported.',
          meta: { view: 'export buttons', testId: 'orders-export-csv' },
        },
        guard: { type: 'hasOrders', otherwise: { description: 'no orders loaded yet: nothing to export' } },
        exporting: {
          description: 'Builds the file from the loaded orders and starts its download.',
          meta: { view: 'export buttons disabled' },
        },
        failed: {
          description: 'The export failed; export again or dismiss the error.',
          meta: { view: 'export error with a close button', testId: 'orders-export-error' },
        },
      },
    ),
  },
});

export type OrdersMachine = typeof ordersMachine;
