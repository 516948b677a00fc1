import type { AnyEventObject } from 'xstate';
import type { OrderDetails, OrderItem } from '@/machines/orders.machine';
import { ApiFailure } from '@/services/api/api-error';
import type { EventPayloads } from '../support/model-universe';

/**
 * Realistic events and actor results of the orders chart. Guards see both outcomes: a valid and an incomplete
 * range; the loaded range asked again (a new page) and a new range; the shown order asked again and another one.
 */

export const today = { from: '2026-11-24', to: '2026-11-24', ban: '', page: 1 };
export const nextPage = { ...today, page: 2 };
export const noRange = { from: '', to: '2026-11-24', ban: '', page: 1 };
export const byBan = { ...today, ban: '100234561' };
/** Spec 5 / GN9 at the boundary: a range of exactly 366 days is read, one of 367 days is 'Некорректная дата'. */
export const longestRange = { ...today, from: '2025-11-23' };
export const overLongRange = { ...today, from: '2025-11-22' };

export const goldenOrder: OrderItem = {
  id: '41',
  ban: '100234561',
  company: 'Toshkent Savdo Invest',
  kind: 'golden',
  status: 'paid',
  total: 168_400,
  vat: 18_043,
  createdAt: '2026-11-24T09:05:00.000Z',
};
/**
 * The range's orders: the golden order first and twenty more (not order 42), so the list pages (20 a page, GN9) into
 * a full first page and one row on the second: a page size of 19 or 21 shows on both.
 */
export const rangeOrders: OrderItem[] = [
  goldenOrder,
  ...Array.from({ length: 20 }, (_, i) => ({
    ...goldenOrder,
    id: String(1001 + i),
    kind: 'new' as const,
    status: 'created' as const,
    total: 10_000 * (i + 1),
    vat: 1_071 * (i + 1),
  })),
];
export const orderDetails: OrderDetails = {
  ...goldenOrder,
  numbers: [
    { number: '901234500', categoryId: 192, price: 84_200 },
    { number: '907770011', categoryId: 192, price: 84_200 },
  ],
  rows: [],
  address: null,
  tin: '302145876',
  refund: null,
  documents: [
    { id: '7', type: 4, title: 'Договор поставки к заказу № 41 от 24.11.2026', number: '41' },
    { id: '8', type: 5, title: 'Акт передачи номеров к заказу № 41 от 24.11.2026', number: '41' },
    { id: '9', type: 6, title: 'Счёт-фактура к заказу № 41 от 24.11.2026', number: '41' },
  ],
};

export const offline = new ApiFailure({ kind: 'network' });
export const noOrder = new ApiFailure({ kind: 'server', code: 'E013' });
/** The order moved by someone else meanwhile: the lifecycle refuses the move (GN13). */
export const staleMove = new ApiFailure({ kind: 'server', code: 'E101' });

const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, error: unknown): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error });

export const ordersPayloads: EventPayloads = {
  'params.changed': [
    { type: 'params.changed', params: today },
    { type: 'params.changed', params: nextPage },
    { type: 'params.changed', params: noRange },
    // the BAN filter: what is asked carries it
    { type: 'params.changed', params: byBan },
    { type: 'params.changed', params: longestRange },
    { type: 'params.changed', params: overLongRange },
  ],
  // another order opened while one is on screen: the first one's data is not shown for it
  'order.open': [
    { type: 'order.open', id: '41' },
    { type: 'order.open', id: '42' },
  ],
  'export.start': [{ type: 'export.start', format: 'xlsx' }],
  // a move the paid order allows (issued) and one its lifecycle forbids (paid again)
  'status.choose': [
    { type: 'status.choose', status: 'issued' },
    { type: 'status.choose', status: 'paid' },
  ],
  'xstate.done.actor.fetchOrders': [done('fetchOrders', rangeOrders)],
  'xstate.error.actor.fetchOrders': [fail('fetchOrders', offline)],
  'xstate.done.actor.fetchOrder': [done('fetchOrder', orderDetails)],
  'xstate.error.actor.fetchOrder': [fail('fetchOrder', noOrder)],
  'xstate.done.actor.moveOrder': [done('moveOrder', { status: 'issued', refund: null })],
  'xstate.error.actor.moveOrder': [fail('moveOrder', staleMove)],
  'xstate.done.actor.exportOrders': [done('exportOrders', undefined)],
  'xstate.error.actor.exportOrders': [fail('exportOrders', offline)],
};

/** The model-test entry of the orders chart (tests/support/model-registry.ts). */
export const ordersModelEntry = {
  id: 'orders',
  payloads: ordersPayloads,
  // three parallel regions: a failed list beside a move in flight and a failed export takes a long uniform walk to
  // come up, longer with the two ranges at spec 5's year (seeds 1-3 miss it at 40 000 steps)
  walkSteps: 60000,
} as const;
