import { z } from 'zod/mini';
import { activityActorSchema } from './activity.contract';
import { defineEndpoint } from './endpoint';
import { amount, digits, idParam, wirePage, wireSize } from './fields.contract';

/**
 * Blocks and restores planned for a later day (docs/decisions.md SP1-SP8), calls of the portal's own
 * (not spec 7; the `scheduledActions` capability). The company is the one in view for the list; a plan names its
 * account (`ban`) and, unless it is the whole account, its numbers.
 */

export const planActionSchema = z.enum(['block', 'restore']);
export const planStatusSchema = z.enum(['scheduled', 'applying', 'done', 'partial', 'failed', 'cancelled']);
export type PlanStatus = z.infer<typeof planStatusSchema>;

/** POST block-plans body: what, on what (numbers of one account, or the whole account when `sns` is absent), on which
 *  Tashkent day; a restore also at which hour (a block takes effect at 00:00 of the day, spec 4). */
export const planCreateBody = z.object({
  action: planActionSchema,
  ban: digits,
  sns: z.optional(z.array(digits).check(z.minLength(1), z.maxLength(500))),
  date: z.string().check(z.maxLength(10)),
  hour: z.optional(z.int().check(z.minimum(0), z.maximum(23))),
});
export type PlanCreateBody = z.input<typeof planCreateBody>;

/** What a carried-out plan did: numbers changed, numbers that failed, numbers left alone with why (as U7). */
export const planResultSchema = z.looseObject({
  accepted: z.array(z.string()),
  failed: z.array(z.string()),
  skipped: z.array(z.looseObject({ sn: z.string(), reason: z.string() })),
});

/** One plan: its target, when it runs (ISO instant; the day and hour in Tashkent), its status and result. */
export const planSchema = z.looseObject({
  id: z.int(),
  action: planActionSchema,
  ban: z.string(),
  /** the numbers, sorted; null: the whole account */
  sns: z.nullable(z.array(z.string())),
  /** how many numbers it concerns (the account's, counted when planned) */
  numbers: z.int().check(z.nonnegative()),
  date: z.string(),
  hour: z.int(),
  runAt: z.string(),
  status: planStatusSchema,
  createdAt: z.string(),
  createdBy: activityActorSchema,
  /** the serial of the key that signed it (null: a type 20 account, no signature) */
  keySerial: z.nullable(z.string()),
  /** sums a month per number while blocked (spec 4: not privileged); null for a restore or a privileged lock */
  price: z.nullable(amount),
  result: z.nullable(planResultSchema),
  /** why a plan failed (the signer's rights gone, the price changed, the account closed) */
  reason: z.nullable(z.string()),
  cancelledAt: z.nullable(z.string()),
});
export type PlanWire = z.infer<typeof planSchema>;

/** GET block-plans query: a status, 0-based page, size. */
export const plansListQuery = z.object({
  status: z.optional(planStatusSchema),
  page: z.optional(wirePage),
  size: z.optional(wireSize),
});

export const plansListSchema = z.looseObject({
  content: z.array(planSchema),
  totalElements: z.int().check(z.nonnegative()),
  totalPages: z.int().check(z.nonnegative()),
});

export const plansEndpoints = {
  'plans.list': defineEndpoint({
    method: 'GET',
    path: 'block-plans',
    query: plansListQuery,
    result: plansListSchema,
    auth: 'session',
    summary: "the company's planned blocks and restores, newest run first (SP5)",
  }),
  'plans.create': defineEndpoint({
    method: 'POST',
    path: 'block-plans',
    body: planCreateBody,
    result: planSchema,
    auth: 'session',
    summary: 'plan a block or restore for a later Tashkent day, under one signature (SP2)',
  }),
  'plans.cancel': defineEndpoint({
    method: 'POST',
    path: 'block-plans/{id}/cancel',
    params: z.object({ id: idParam }),
    result: planSchema,
    auth: 'session',
    summary: 'cancel a plan that has not started (SP6)',
  }),
} as const;
