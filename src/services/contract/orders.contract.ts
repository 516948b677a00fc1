import { z } from 'zod/mini';
import { ORDER_NOMINAL_MAX, ORDER_ROW_MAX_COUNT, ORDER_STATUSES } from '@/domain/orders.rules';
import { defineEndpoint } from './endpoint';
import { amount, anyId, digits, idParam, wireDate } from './fields.contract';
import { orderNumberSchema } from './golden.contract';

/**
 * Orders of new numbers (spec 3 "New-number order row", "Order/pre-order"; spec 7 "Golden numbers and orders").
 */

/** GET orders/address result: the delivery address on file. */
export const orderAddressSchema = z.looseObject({ address: z.nullish(z.string()) });
export type OrderAddress = z.infer<typeof orderAddressSchema>;

/** GET orders/inn result: the tax id (INN) of the ordering company. */
export const orderInnSchema = z.looseObject({ inn: z.nullish(z.string()) });
export type OrderInn = z.infer<typeof orderInnSchema>;

/** GET orders/balance result, sums. */
export const orderBalanceSchema = z.looseObject({ balance: z.nullish(amount) });
export type OrderBalance = z.infer<typeof orderBalanceSchema>;

/**
 * A row of `POST orders/` (spec 3 "New-number order row: kolvo (count), category, tariff, services, nominal"): a whole
 * count from 1 to ORDER_ROW_MAX_COUNT, a nominal in whole sums from 0 to ORDER_NOMINAL_MAX (PRM3, PRM4; the schema
 * stores integers). Whether the ids are ones the catalogue offers is the row rule's (`orderProblems`), which the
 * server applies after this shape.
 */
export const newOrderRowSchema = z.object({
  kolvo: z.int().check(z.minimum(1), z.maximum(ORDER_ROW_MAX_COUNT)),
  category: anyId,
  tariff: anyId,
  services: z._default(z.array(anyId).check(z.maxLength(100)), []),
  nominal: z.optional(z.int().check(z.minimum(0), z.maximum(ORDER_NOMINAL_MAX))),
});
export type NewOrderRow = z.input<typeof newOrderRowSchema>;

/** POST orders/ body: at least one row (the repeater cannot go below one, spec 5). */
export const orderCreateBody = z.object({
  ban: z.optional(digits),
  rows: z.array(newOrderRowSchema).check(z.minLength(1), z.maxLength(100)),
  address: z.optional(z.string().check(z.maxLength(300))),
  comment: z.optional(z.string().check(z.maxLength(1000))),
});
export type OrderCreateBody = z.input<typeof orderCreateBody>;

/** POST orders/ result. */
export const orderCreateResultSchema = z.looseObject({ id: anyId });
export type OrderCreateResult = z.infer<typeof orderCreateResultSchema>;

/** GET orders/orderDetails query: date range (required) and an optional BAN filter. */
export const orderDetailsQuery = z.object({
  from: wireDate,
  to: wireDate,
  searchBan: z.optional(digits),
});
export type OrderDetailsQuery = z.input<typeof orderDetailsQuery>;

/** A document of an order (the documents area renders and downloads it; spec 3 types 4, 5, 6). */
export const orderDocumentSchema = z.looseObject({
  id: anyId,
  documentType: z.int(),
  /** the title as issued (the language it was made in); the panel builds its own from the type and `number` */
  title: z.nullish(z.string()),
  /** the document's number its title is built with (docs/decisions.md DOC14) */
  number: z.nullish(z.string()),
});

/** The refund of a cancelled paid order (PRM1): the sum returned to the company's balance and when (ISO instant). */
export const orderRefundSchema = z.looseObject({ amount, at: z.string() });
export type OrderRefund = z.infer<typeof orderRefundSchema>;

/** An order as listed in AllOrders / shown in SingleOrder. `kind` golden (checkout) or new (new-number order);
 *  sums VAT included, `vat` its VAT part (docs/decisions.md GN2). */
export const orderSchema = z.looseObject({
  id: anyId,
  ban: z.nullish(z.string()),
  company: z.nullish(z.string()),
  kind: z.nullish(z.string()),
  status: z.nullish(z.union([z.string(), z.number()])),
  createdAt: z.nullish(z.string()),
  rows: z.nullish(z.array(z.looseObject({}))),
  numbers: z.nullish(z.array(orderNumberSchema)),
  total: z.nullish(amount),
  vat: z.nullish(amount),
  address: z.nullish(z.string()),
  tin: z.nullish(z.string()),
  refund: z.nullish(orderRefundSchema),
  documents: z.nullish(z.array(orderDocumentSchema)),
});
export type Order = z.infer<typeof orderSchema>;

/** GET orders/orderDetails result. */
export const orderListSchema = z.array(orderSchema);

/** GET orders/{id} params. */
export const orderIdParams = z.object({ id: z.pipe(idParam, z.string().check(z.regex(/^\d{1,12}$/))) });

/** POST orders/{id}/status body: where staff move an order (GN8 lifecycle, `canMoveOrder`; GN13). */
export const orderStatusBody = z.object({ status: z.enum(ORDER_STATUSES) });
export type OrderStatusBody = z.input<typeof orderStatusBody>;

/** POST orders/{id}/status result: the order's id, the status it now has and, for a cancelled paid order, its
 *  refund (PRM1). */
export const orderStatusResultSchema = z.looseObject({
  id: anyId,
  status: z.enum(ORDER_STATUSES),
  refund: z.nullish(orderRefundSchema),
});
export type OrderStatusResult = z.infer<typeof orderStatusResultSchema>;

/** POST orders/{id}/cancel result: the company's own order, now cancelled (GN15). */
export const orderCancelResultSchema = z.looseObject({
  id: anyId,
  status: z.literal('cancelled'),
});
export type OrderCancelResult = z.infer<typeof orderCancelResultSchema>;

/** The orders calls of spec 7 "Golden numbers and orders", spread into the endpoint table (endpoints.ts). */
export const ordersEndpoints = {
  'orders.address': defineEndpoint({
    method: 'GET',
    path: 'orders/address',
    result: orderAddressSchema,
    auth: 'session',
    summary: 'delivery address',
  }),
  'orders.inn': defineEndpoint({
    method: 'GET',
    path: 'orders/inn',
    result: orderInnSchema,
    auth: 'session',
    summary: 'tax id of the ordering company',
  }),
  'orders.create': defineEndpoint({
    method: 'POST',
    path: 'orders/',
    body: orderCreateBody,
    result: orderCreateResultSchema,
    auth: 'session',
    summary: 'order new numbers',
  }),
  'orders.details': defineEndpoint({
    method: 'GET',
    path: 'orders/orderDetails',
    query: orderDetailsQuery,
    result: orderListSchema,
    auth: 'session',
    summary: 'orders in a date range',
  }),
  'orders.balance': defineEndpoint({
    method: 'GET',
    path: 'orders/balance',
    result: orderBalanceSchema,
    auth: 'session',
    summary: 'balance available for orders',
  }),
  'orders.setStatus': defineEndpoint({
    method: 'POST',
    path: 'orders/{id}/status',
    params: orderIdParams,
    body: orderStatusBody,
    result: orderStatusResultSchema,
    auth: 'session',
    summary:
      'staff move an order along its lifecycle (GN8, GN13; E013 no such order, E101 a move the lifecycle forbids; ' +
      'paid debits a new-number order, E031 when the balance does not cover it; cancelling a paid order refunds it, PRM1)',
  }),
  'orders.cancel': defineEndpoint({
    method: 'POST',
    path: 'orders/{id}/cancel',
    params: orderIdParams,
    result: orderCancelResultSchema,
    auth: 'session',
    summary:
      'the company that placed an order cancels it while it is created (GN15; E005 not its order, E013 no such ' +
      'order, E101 no longer created)',
  }),
  'orders.get': defineEndpoint({
    method: 'GET',
    path: 'orders/{id}',
    params: orderIdParams,
    result: orderSchema,
    auth: 'session',
    summary:
      'one order with its rows or numbers, sums, status and documents (E005 not yours, E013 no such order)',
  }),
} as const;
