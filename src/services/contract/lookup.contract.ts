import { z } from 'zod/mini';
import { defineEndpoint } from './endpoint';
import { digits, wirePage, wireSize } from './fields.contract';
import { profileSchema } from './session.contract';

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
  status: z.optional(numberListStatus),
  page: wirePage,
  size: wireSize,
  q: z.optional(z.string().check(z.maxLength(20))),
});
export type NumbersQuery = z.input<typeof numbersQuery>;

/** One number of a BAN. `status`: A/O active, S blocked, N terminated, T tentative (spec 4). */
export const numberRowSchema = z.looseObject({
  sn: z.string(),
  status: z.nullish(z.string()),
  pricePlan: z.nullish(z.string()),
  name: z.nullish(z.string()),
});
export type NumberRow = z.infer<typeof numberRowSchema>;

/** A page of numbers (Spring-style page like the golden-number page of spec 3). */
export const numbersPageSchema = z.looseObject({
  content: z.array(numberRowSchema),
  totalElements: z.int().check(z.nonnegative()),
  totalPages: z.int().check(z.nonnegative()),
  page: z.int().check(z.nonnegative()),
  size: z.int().check(z.positive()),
  /** U19: how many numbers each status tab lists with the same filter (the tabs show them); absent: not shown. */
  counts: z.nullish(
    z.looseObject({
      active: z.int().check(z.nonnegative()),
      pending: z.int().check(z.nonnegative()),
      blocked: z.int().check(z.nonnegative()),
      all: z.int().check(z.nonnegative()),
    }),
  ),
});
export type NumbersPage = z.infer<typeof numbersPageSchema>;

/** The lookup calls (a number or BAN profile, the numbers of a BAN), spread into the endpoint table (endpoints.ts). */
export const lookupEndpoints = {
  'lookup.sn': defineEndpoint({
    method: 'GET',
    path: 'client/sn/{n}',
    params: lookupParams,
    result: profileSchema,
    auth: 'session',
    summary: 'profile of a number (E016, E018)',
  }),
  'lookup.ban': defineEndpoint({
    method: 'GET',
    path: 'client/ban/{n}',
    params: lookupParams,
    result: profileSchema,
    auth: 'session',
    summary: 'profile of a BAN (E018, E052)',
  }),
  'profile.numbers': defineEndpoint({
    method: 'GET',
    path: 'client/numbers',
    query: numbersQuery,
    result: numbersPageSchema,
    auth: 'session',
    summary: 'numbers of a BAN by status tab, page by page',
  }),
} as const;
