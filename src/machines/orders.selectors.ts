import type { SnapshotFrom } from 'xstate';
import {
  isOrderStatus,
  moneyOfMove,
  nextOrderStatuses,
  ORDERS_PAGE_SIZE,
  type OrderMove,
  pageCount,
  pageOf,
} from '@/domain/orders.rules';
import { errorWithRetry } from './error-code';
import { exportErrorOf, exportingOf } from './list-fragment';
import type {
  OrderDetails,
  OrderItem,
  OrdersContext,
  OrdersExportFormat,
  OrdersMachine,
} from './orders.machine';
import { statePathOf } from './state-path';

/** A snapshot of the orders machine. */
export type OrdersSnapshot = SnapshotFrom<OrdersMachine>;

/** Dotted leaf paths of the three regions, e.g. `list.ready order.closed export.idle` (the page's `data-state`). */
export const selectOrdersState = (s: OrdersSnapshot): string => statePathOf(s.value);
export const selectOrdersParams = (s: OrdersSnapshot): OrdersContext['params'] => s.context.params;
/** Why the URL's range is refused, when it is. */
export const selectRangeProblem = (s: OrdersSnapshot): OrdersContext['problem'] =>
  s.matches({ list: 'invalid' }) ? s.context.problem : null;
export const selectOrdersLoading = (s: OrdersSnapshot): boolean => s.hasTag('busy');
/** The orders of the range shown (all pages), null before any arrived or while the range is refused. */
export const selectOrdersRows = (s: OrdersSnapshot): readonly OrderItem[] | null =>
  s.matches({ list: 'invalid' }) ? null : (s.context.loaded?.rows ?? null);
/** The page of orders the URL asks for (GN9: 20 a page). */
export const selectOrdersPage = (
  s: OrdersSnapshot,
): { rows: OrderItem[]; page: number; pages: number } | null => {
  const rows = selectOrdersRows(s);
  if (!rows) return null;
  return {
    rows: pageOf(rows, s.context.params.page, ORDERS_PAGE_SIZE),
    page: s.context.params.page,
    pages: pageCount(rows.length),
  };
};
export const selectOrdersError = (s: OrdersSnapshot): string | null =>
  s.matches({ list: 'failed' }) ? s.context.listError : null;
export type OrderPhase = OrdersSnapshot['value']['order'];
export const selectOrderPhase = (s: OrdersSnapshot): OrderPhase => s.value.order;
export const selectOrder = (s: OrdersSnapshot): OrderDetails | null => s.context.order;
/** The order the address names (its number shown before it loads, or when there is no such order). */
export const selectOrderId = (s: OrdersSnapshot): string | null => s.context.orderId;
export const selectOrderError = (s: OrdersSnapshot): string | null =>
  s.matches({ order: 'failed' }) ? s.context.orderError : null;
/** The order is on screen (shown, being confirmed or moved, or its move failed). */
export const selectOrderShown = (s: OrdersSnapshot): boolean =>
  s.context.order !== null && !s.matches({ order: 'loading' }) && !s.matches({ order: 'closed' });
/** The statuses the open order may be moved to (GN8), shown with the order (they stay while a move is asked, so
 *  that the focus returns to the button that asked). */
export const selectOrderMoves = (s: OrdersSnapshot): readonly OrderMove[] =>
  selectOrderShown(s) && s.context.order ? nextOrderStatuses(s.context.order.status) : [];
/** A move can be chosen now (nothing else is asked or sent). */
export const selectCanChooseMove = (s: OrdersSnapshot): boolean => s.matches({ order: 'ready' });
/** The move being confirmed or sent, or that failed: where to, busy, the error. */
export const selectStatusStep = (
  s: OrdersSnapshot,
): { to: OrderMove; busy: boolean; error: string | null } | null => {
  const to = s.context.nextStatus;
  if (to === null) return null;
  if (s.matches({ order: 'confirming' })) return { to, busy: false, error: null };
  if (s.hasTag('moving')) return { to, busy: true, error: null };
  if (s.matches({ order: 'moveFailed' })) return { to, busy: false, error: s.context.moveError };
  return null;
};
/**
 * What the move being confirmed does to the money and the numbers (PRM1, PRM2), for the dialog to say before the
 * user confirms: the sum debited (a new-number order marked paid) or refunded (a paid order cancelled), whether the
 * numbers go back on sale, and whether a cancel moves no money at all (a created order). Null when no move is asked.
 */
export const selectMoveEffect = (
  s: OrdersSnapshot,
): { debit: number; refund: number; releases: boolean; noCharge: boolean } | null => {
  const order = s.context.order;
  const to = s.context.nextStatus;
  if (!order || to === null || !isOrderStatus(order.status)) return null;
  const money = moneyOfMove({ kind: order.kind, status: order.status, total: order.total }, to);
  const cancelling = to === 'cancelled';
  return {
    ...money,
    releases: cancelling && order.numbers.length > 0,
    noCharge: cancelling && money.refund === 0,
  };
};

/**
 * The order's refund line (PRM1): the sum returned to the balance and when, or — for an order cancelled before it
 * was paid — that nothing was charged; null for an order that is not cancelled.
 */
export const selectRefundLine = (
  s: OrdersSnapshot,
): { kind: 'refund'; amount: number; at: string } | { kind: 'noCharge' } | null => {
  const order = s.context.order;
  if (!order) return null;
  if (order.refund) return { kind: 'refund', amount: order.refund.amount, at: order.refund.at };
  return order.status === 'cancelled' ? { kind: 'noCharge' } : null;
};
export const selectOrdersExporting = (s: OrdersSnapshot): OrdersExportFormat | null => exportingOf(s);
export const selectOrdersExportError = (s: OrdersSnapshot): string | null => exportErrorOf(s);

/** What the list part of the orders page renders (decisions AR18): read by `useWorkflow` in one selector. */
export const connectOrdersList = (s: OrdersSnapshot) => ({
  state: selectOrdersState(s),
  problem: selectRangeProblem(s),
  loading: selectOrdersLoading(s),
  rows: selectOrdersRows(s),
  page: selectOrdersPage(s),
  ...errorWithRetry(selectOrdersError(s)),
  exporting: selectOrdersExporting(s),
  exportError: selectOrdersExportError(s),
});

/** What the open order's panel renders. */
export const connectOrder = (s: OrdersSnapshot) => ({
  phase: selectOrderPhase(s),
  order: selectOrder(s),
  orderId: selectOrderId(s),
  ...errorWithRetry(selectOrderError(s)),
  shown: selectOrderShown(s),
  moves: selectOrderMoves(s),
  canChoose: selectCanChooseMove(s),
  refund: selectRefundLine(s),
});

/** What the status-move dialog renders. */
export const connectStatusMove = (s: OrdersSnapshot) => ({
  step: selectStatusStep(s),
  order: selectOrder(s),
  effect: selectMoveEffect(s),
});
