import { z } from 'zod';
import { amount, digits, wireInt, wirePage, wireSize } from './fields.contract';

/**
 * Golden (special) numbers (spec 3 "Golden number category", "Order types"; spec 7; spec 9 prices and paging).
 */

/** Category ids (spec 3): 192 bronze, 153 silver, 152 gold, 79 platinum, others simple; 122 is shown 'free'. */
export const GOLDEN_CATEGORY_IDS = { bronze: 192, silver: 153, gold: 152, platinum: 79, free: 122 } as const;

/** A price category of numbers. `price` in sums. */
export const goldenCategorySchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  price: amount,
  withoutVat: z.union([z.string(), z.number(), z.boolean()]).nullish(),
  /** a few example numbers of the category (the public new-numbers page, golden-number/categories/qr; NC9) */
  examples: z
    .array(z.string().regex(/^\d{9}$/))
    .max(20)
    .nullish(),
});
export type GoldenCategory = z.infer<typeof goldenCategorySchema>;

/** GET golden-number/categories (and /categories/qr) result. */
export const goldenCategoriesSchema = z.looseObject({
  categories: z.array(goldenCategorySchema),
  taxPayer: z.boolean().nullish(),
  taxPercent: z.number().nullish(),
});
export type GoldenCategories = z.infer<typeof goldenCategoriesSchema>;

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
  ban: digits.optional(),
  number: z
    .string()
    .regex(/^[\d-]{1,12}$/)
    .optional(),
  operatorCode: z
    .string()
    .regex(/^\d{2}$/)
    .optional(),
  count: z.number().int().min(1).max(100).optional(),
  limit: z.number().int().min(1).max(1000).optional(),
});
export type GoldenSearchBody = z.input<typeof goldenSearchBody>;

/** A number on offer. */
export const goldenNumberSchema = z.looseObject({
  number: z.string(),
  categoryId: z.number().int().nullish(),
  price: amount.nullish(),
});
export type GoldenNumber = z.infer<typeof goldenNumberSchema>;

/** A page of numbers (spec 3 "Number page": content, totalElements, totalPages, first, last, size, pageable). */
export const goldenPageSchema = z.looseObject({
  content: z.array(goldenNumberSchema),
  totalElements: z.number().int().nonnegative(),
  totalPages: z.number().int().nonnegative(),
  first: z.boolean().nullish(),
  last: z.boolean().nullish(),
  size: z.number().int().nonnegative(),
  pageable: z.unknown().optional(),
});
export type GoldenPage = z.infer<typeof goldenPageSchema>;

/** POST golden-number/checkout body: the chosen numbers, for the BAN (E031 insufficient balance). */
export const goldenCheckoutBody = z.object({
  ban: digits.optional(),
  numbers: z.array(digits).min(1).max(100),
});
export type GoldenCheckoutBody = z.input<typeof goldenCheckoutBody>;

/** checkout result: the created order. */
export const goldenCheckoutResultSchema = z.looseObject({
  orderId: z.union([z.number(), z.string()]).nullish(),
});
export type GoldenCheckoutResult = z.infer<typeof goldenCheckoutResultSchema>;
