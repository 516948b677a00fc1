import type { ChartOracle, Ctx } from '../../support/oracle';
import { codeOf, done, failed } from './oracle-helpers';

/**
 * Expected behaviour of the orders chart, written from spec 2 (AllOrders, SingleOrder), spec 5 ("Date range
 * required: 'Выберите начальную и конечную дату'", "'Некорректная дата'"), spec 7 (`orders/orderDetails?from,to,
 * searchBan`, `orders/{id}`), spec 8 and decisions GN7-GN10 (the range and filter live in the URL; the list is
 * loaded once per range and paged in the page; one order opens from the URL; CSV/XLSX export of the range).
 */

/** Spec 5 and GN9: both dates present, real days, in order and at most 366 days apart; the BAN filter empty or 9
 *  digits. */
const rangeProblem = (p: Ctx): string | null => {
  if (p.from === '' || p.to === '') return 'dateRange';
  const real = (d: string) =>
    /^\d{4}-\d{2}-\d{2}$/.test(d) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);
  if (!real(p.from) || !real(p.to) || p.from > p.to) return 'badDate';
  if (Date.parse(p.to) - Date.parse(p.from) > 366 * 24 * 3600 * 1000) return 'badDate';
  if (p.ban !== '' && !/^\d{9}$/.test(p.ban)) return 'ban';
  return null;
};
/** GN9: the same range and BAN filter as the orders on hand (only the page differs). */
const sameRange = (c: Ctx, p: Ctx) =>
  c.loaded !== null &&
  c.loaded.range.from === p.from &&
  c.loaded.range.to === p.to &&
  c.loaded.range.ban === p.ban;

const ORDER_STATES = [
  'order.closed',
  'order.loading',
  'order.ready',
  'order.failed',
  'order.confirming',
  'order.moving',
  'order.moveFailed',
];

/** GN8, written out: where an order may go next (created → paid → issued, cancelled before it is issued). */
const LIFECYCLE: Record<string, readonly string[]> = {
  created: ['paid', 'cancelled'],
  paid: ['issued', 'cancelled'],
  issued: [],
  cancelled: [],
};

export const ordersOracle: ChartOracle = {
  id: 'orders',
  initial: { to: ['list.invalid', 'order.closed', 'export.idle'] },
  // GN9: before the URL is read there is no range (spec 5 'Выберите начальную и конечную дату'); nothing is loaded,
  // open, being moved or exported
  context: () => ({
    params: { from: '', to: '', ban: '', page: 1 },
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
  }),
  invokes: {
    // spec 7 GET orders/orderDetails?from,to,searchBan
    'list.loading': { fetchOrders: (c) => ({ from: c.params.from, to: c.params.to, ban: c.params.ban }) },
    // spec 7 GET orders/{id}
    'order.loading': { fetchOrder: (c) => ({ id: c.orderId }) },
    // GN13 POST orders/{id}/status with the confirmed status
    'order.moving': { moveOrder: (c) => ({ id: c.orderId, status: c.nextStatus }) },
    // GN9 the range's orders as a file
    'export.exporting': {
      exportOrders: (c) => ({ rows: c.loaded?.rows ?? [], params: c.params, format: c.exportFormat }),
    },
  },
  rows: [
    {
      from: 'list.*',
      event: 'params.changed',
      when: (_, ev) => rangeProblem(ev.params) !== null,
      to: 'list.invalid',
      ctx: (_, ev) => ({ params: ev.params, problem: rangeProblem(ev.params) }),
      spec: "spec 5 'Выберите начальную и конечную дату' / 'Некорректная дата': nothing is asked",
    },
    {
      from: 'list.*',
      event: 'params.changed',
      when: (c, ev) => sameRange(c, ev.params),
      to: 'list.ready',
      ctx: (_, ev) => ({ params: ev.params, problem: null }),
      spec: 'GN9 another page of the same range: paged in the page, nothing asked',
    },
    {
      from: 'list.*',
      event: 'params.changed',
      to: 'list.loading',
      reenter: true,
      ctx: (_, ev) => ({ params: ev.params, problem: null }),
      spec: 'spec 7 orders/orderDetails for the new range and BAN filter (GN9 from the URL)',
    },
    {
      from: 'list.loading',
      event: done('fetchOrders'),
      to: 'list.ready',
      ctx: (c, ev) => ({ loaded: { range: c.params, rows: ev.output }, listError: null }),
      spec: 'spec 2 AllOrders: the orders of the range with their status',
    },
    {
      from: 'list.loading',
      event: failed('fetchOrders'),
      to: 'list.failed',
      ctx: (_, ev) => ({ listError: codeOf(ev) }),
      spec: 'spec 8 a failed call shows an error, with a retry',
    },
    {
      from: 'list.failed',
      event: 'list.retry',
      to: 'list.loading',
      ctx: () => ({ listError: null }),
      spec: 'spec 8 retry the list',
    },
    {
      from: ORDER_STATES,
      event: 'order.open',
      when: (c, ev) => c.orderId !== ev.id,
      to: 'order.loading',
      // another order while one loads: that one is asked for afresh, the first one's answer never read
      reenter: 'order.loading',
      ctx: (_, ev) => ({ orderId: ev.id, order: null, orderError: null, nextStatus: null, moveError: null }),
      spec: 'spec 2 SingleOrder /orders/{id}',
    },
    {
      from: ORDER_STATES,
      event: 'order.close',
      to: 'order.closed',
      ctx: () => ({ orderId: null, order: null, orderError: null, nextStatus: null, moveError: null }),
      spec: 'GN9 back to the list: no order open',
    },
    {
      from: 'order.loading',
      event: done('fetchOrder'),
      to: 'order.ready',
      ctx: (_, ev) => ({ order: ev.output, orderError: null }),
      spec: "spec 2 SingleOrder: the order's rows, numbers, sums, status and documents",
    },
    {
      from: 'order.loading',
      event: failed('fetchOrder'),
      to: 'order.failed',
      ctx: (_, ev) => ({ orderError: codeOf(ev) }),
      spec: 'spec 8 a failed call shows an error (E013 no such order), with a retry',
    },
    {
      from: 'order.failed',
      event: 'order.retry',
      to: 'order.loading',
      ctx: () => ({ orderError: null }),
      spec: 'spec 8 retry the order',
    },
    {
      from: 'order.ready',
      event: 'status.choose',
      when: (c, ev) => c.order !== null && (LIFECYCLE[c.order.status] ?? []).includes(ev.status),
      to: 'order.confirming',
      ctx: (_, ev) => ({ nextStatus: ev.status, moveError: null }),
      spec: 'GN8/GN13 a move the lifecycle allows is confirmed first, naming the order (guide: say what will happen)',
    },
    {
      from: 'order.confirming',
      event: 'status.cancel',
      to: 'order.ready',
      ctx: () => ({ nextStatus: null, moveError: null }),
      spec: 'GN13 the confirmation declined: nothing is sent',
    },
    {
      from: 'order.confirming',
      event: 'status.confirm',
      to: 'order.moving',
      spec: 'GN13 POST orders/{id}/status',
    },
    {
      from: 'order.moving',
      event: done('moveOrder'),
      to: 'order.ready',
      ctx: (c, ev) => ({
        // PRM1: a cancelled paid order carries the refund the server answered
        order: { ...c.order, status: ev.output.status, refund: ev.output.refund ?? c.order.refund },
        loaded:
          c.loaded === null
            ? null
            : {
                ...c.loaded,
                rows: c.loaded.rows.map((r: Ctx) =>
                  r.id === c.orderId ? { ...r, status: ev.output.status } : r,
                ),
              },
        nextStatus: null,
        moveError: null,
      }),
      spec: 'GN8 the order, and its row in the list, show the status the server answered; PRM1 and its refund',
    },
    {
      from: 'order.moving',
      event: failed('moveOrder'),
      to: 'order.moveFailed',
      ctx: (_, ev) => ({ moveError: codeOf(ev) }),
      spec: 'spec 8 a refused call shows an error (E101 moved meanwhile, GN13)',
    },
    {
      from: 'order.moveFailed',
      event: 'status.dismiss',
      to: 'order.loading',
      ctx: () => ({ nextStatus: null, moveError: null }),
      spec: 'GN13 closing the error shows the order as it now is (loaded again)',
    },
    {
      from: 'export.idle',
      event: 'export.start',
      when: (c) => c.loaded !== null,
      to: 'export.exporting',
      ctx: (_, ev) => ({ exportFormat: ev.format, exportError: null }),
      spec: 'GN9 CSV/XLSX export of the loaded range, like debt control (DC7); nothing before a range is loaded',
    },
    {
      from: 'export.failed',
      event: 'export.start',
      to: 'export.exporting',
      ctx: (_, ev) => ({ exportFormat: ev.format, exportError: null }),
      spec: 'GN9 CSV/XLSX export of the loaded range, like debt control (DC7); nothing before a range is loaded',
    },
    {
      from: 'export.exporting',
      event: done('exportOrders'),
      to: 'export.idle',
      ctx: () => ({ exportFormat: null, exportError: null }),
      spec: 'GN9 the file is downloaded',
    },
    {
      from: 'export.exporting',
      event: failed('exportOrders'),
      to: 'export.failed',
      ctx: (_, ev) => ({ exportError: codeOf(ev) }),
      spec: 'spec 8 a failed export shows an error',
    },
    {
      from: 'export.failed',
      event: 'export.dismiss',
      to: 'export.idle',
      ctx: () => ({ exportFormat: null, exportError: null }),
      spec: 'GN9 the export error is closed',
    },
  ],
};
