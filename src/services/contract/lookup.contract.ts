import { z } from 'zod';
import { digits, wirePage, wireSize } from './fields.contract';

/**
 * Subscriber lookup (spec 7: GET client/sn/{n}, client/ban/{n} → status, result) and the number list of a BAN.
 * The lookup result is the looked-up profile (session.contract `profileSchema`).
 */

/** Path params of client/sn/{n} and client/ban/{n}: digits only (the search box strips everything else). */
export const lookupParams = z.object({ n: digits });
export type LookupParams = z.input<typeof lookupParams>;

/** Status filter of the number list tabs (spec 2: active, pending, blocked, all). */
export const numberListStatus = z.enum(['active', 'pending', 'blocked', 'all']);
export type NumberListStatus = z.infer<typeof numberListStatus>;

/** GET client/numbers query (decided, spec silent): numbers of a BAN page by page, optional digits filter. */
export const numbersQuery = z.object({
  ban: digits,
  status: numberListStatus.optional(),
  page: wirePage,
  size: wireSize,
  q: z.string().max(20).optional(),
});
export type NumbersQuery = z.input<typeof numbersQuery>;

/** One number of a BAN. `status`: A/O active, S blocked, N terminated, T tentative (spec 4). */
export const numberRowSchema = z.looseObject({
  sn: z.string(),
  status: z.string().nullish(),
  pricePlan: z.string().nullish(),
  name: z.string().nullish(),
});
export type NumberRow = z.infer<typeof numberRowSchema>;

/** A page of numbers (Spring-style page like the golden-number page of spec 3). */
export const numbersPageSchema = z.looseObject({
  content: z.array(numberRowSchema),
  totalElements: z.number().int().nonnegative(),
  totalPages: z.number().int().nonnegative(),
  page: z.number().int().nonnegative(),
  size: z.number().int().positive(),
  /** U19: how many numbers each status tab lists with the same filter (the tabs show them); absent: not shown. */
  counts: z
    .looseObject({
      active: z.number().int().nonnegative(),
      pending: z.number().int().nonnegative(),
      blocked: z.number().int().nonnegative(),
      all: z.number().int().nonnegative(),
    })
    .nullish(),
});
export type NumbersPage = z.infer<typeof numbersPageSchema>;
