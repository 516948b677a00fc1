import { z } from 'zod/mini';
import { defineEndpoint } from './endpoint';
import { amount, digits, wireInt, wirePage, wireSize } from './fields.contract';
// the price categories (golden-number/categories) have the shape the public new-numbers page reads from
// /categories/qr: one schema, in public.contract.ts on zod/mini (NC9, NC14)
import { goldenCategoriesSchema } from './public.contract';

/**
 * Golden (special) numbers (spec 3 "Golden number category", "Order types"; spec 7; spec 9 prices and paging).
 */

/** Category ids (spec 3): 192 bronze, 153 silver, 152 gold, 79 platinum, others simple; 122 is shown 'free'. */
export const GOLDEN_CATEGORY_IDS = { bronze: 192, silver: 153, gold: 152, platinum: 79, free: 122 } as const;

/** How numbers are searched (spec 3 "Order types"). */
export const goldenSearchType = z.enum(['random', 'byNumber', 'byGroup', 'byMask']);
export type GoldenSearchType = z.infer<typeof goldenSearchType>;

/** POST golden-number/{type} params. */
export const goldenSearchParams = z.object({ type: goldenSearchType });

/** POST golden-number/{type} body: page 0, size 16 (spec 9); `number` digits for byNumber, `count` for byGroup
 *  (default 2), `number` as the mask 999-99-99 for byMask; `operatorCode` default 90. */
export const goldenSearchBody = z.object({
  categoryId: wireInt,
  page: wirePage,
  size: wireSize,
  ban: z.optional(digits),
  // byNumber digits, or the byMask mask: digits, `*` any digit, letters a repeated digit (docs/decisions.md GN4)
  number: z.optional(z.string().check(z.regex(/^[\dA-Za-z*-]{1,12}$/))),
  operatorCode: z.optional(z.string().check(z.regex(/^\d{2}$/))),
  count: z.optional(z.int().check(z.minimum(1), z.maximum(100))),
  limit: z.optional(z.int().check(z.minimum(1), z.maximum(1000))),
});
export type GoldenSearchBody = z.input<typeof goldenSearchBody>;

/** A number on offer. */
export const goldenNumberSchema = z.looseObject({
  number: z.string(),
  categoryId: z.nullish(z.int()),
  price: z.nullish(amount),
});
export type GoldenNumber = z.infer<typeof goldenNumberSchema>;

/** A page of numbers (spec 3 "Number page": content, totalElements, totalPages, first, last, size, pageable). */
export const goldenPageSchema = z.looseObject({
  content: z.array(goldenNumberSchema),
  totalElements: z.int().check(z.nonnegative()),
  totalPages: z.int().check(z.nonnegative()),
  first: z.nullish(z.boolean()),
  last: z.nullish(z.boolean()),
  size: z.int().check(z.nonnegative()),
  pageable: z.optional(z.unknown()),
});
export type GoldenPage = z.infer<typeof goldenPageSchema>;

/** POST golden-number/checkout body: the chosen numbers, for the BAN (E031 insufficient balance). */
export const goldenCheckoutBody = z.object({
  ban: z.optional(digits),
  numbers: z.array(digits).check(z.minLength(1), z.maxLength(100)),
  /** language of the order's documents (docs/decisions.md GN10); ru when absent */
  lang: z.optional(z.enum(['ru', 'uz'])),
});
export type GoldenCheckoutBody = z.input<typeof goldenCheckoutBody>;

/** A number an order bought, with the price paid (sums, VAT included). */
export const orderNumberSchema = z.looseObject({
  number: z.string(),
  categoryId: z.nullish(z.int()),
  price: amount,
});
export type OrderNumberWire = z.infer<typeof orderNumberSchema>;

/** checkout result: the created order; the reference server also sends its summary (numbers, total, VAT, status) so
 *  the page can show it without another call (docs/decisions.md GN5). */
export const goldenCheckoutResultSchema = z.looseObject({
  orderId: z.nullish(z.union([z.number(), z.string()])),
  numbers: z.nullish(z.array(orderNumberSchema)),
  total: z.nullish(amount),
  vat: z.nullish(amount),
  status: z.nullish(z.string()),
  createdAt: z.nullish(z.string()),
});
export type GoldenCheckoutResult = z.infer<typeof goldenCheckoutResultSchema>;

/** The golden-number calls, spread into the endpoint table (endpoints.ts). */
export const goldenEndpoints = {
  'golden.categories': defineEndpoint({
    method: 'GET',
    path: 'golden-number/categories',
    result: goldenCategoriesSchema,
    auth: 'session',
    summary: 'price categories of numbers',
  }),
  // checkout before {type}: the router tries routes in this order, and 'checkout' would match {type}
  'golden.checkout': defineEndpoint({
    method: 'POST',
    path: 'golden-number/checkout',
    body: goldenCheckoutBody,
    result: goldenCheckoutResultSchema,
    auth: 'session',
    summary: 'buy the chosen numbers (E031)',
  }),
  'golden.search': defineEndpoint({
    method: 'POST',
    path: 'golden-number/{type}',
    params: goldenSearchParams,
    body: goldenSearchBody,
    result: goldenPageSchema,
    auth: 'session',
    summary: 'a page of numbers on offer (page 0, size 16)',
  }),
} as const;
