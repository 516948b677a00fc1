import { z } from 'zod/mini';
import { defineEndpoint } from './endpoint';
import { wirePage, wireSize } from './fields.contract';

/**
 * The company's activity log (docs/decisions.md AL1-AL6), a call of the portal's own (not spec 7; the
 * `activityLog` capability). The company is the one in view (the session's own BAN, or the BAN a staff user views):
 * the query names no BAN.
 */

/** GET activity/list query (AL4): Tashkent days `from`..`to` (both included, at most a year), an action, a login,
 *  0-based page, size. */
export const activityListQuery = z.object({
  from: z.string().check(z.maxLength(10)),
  to: z.string().check(z.maxLength(10)),
  type: z.optional(z.string().check(z.maxLength(40))),
  user: z.optional(z.string().check(z.maxLength(101))),
  page: z.optional(wirePage),
  size: z.optional(wireSize),
});
export type ActivityListQuery = z.input<typeof activityListQuery>;

/**
 * Who acted (AL2): a login and the role they acted in. A staff user as a client sees them is `staff: true` with the
 * login null ("operator staff (role)", AL3); staff see each other's logins. The server's own timer (a planned action
 * carried out) has neither login nor role.
 */
export const activityActorSchema = z.looseObject({
  login: z.nullable(z.string()),
  role: z.nullable(z.string()),
  staff: z.boolean(),
});
export type ActivityActorWire = z.infer<typeof activityActorSchema>;

/** One target of an entry: its kind (a number in the server's 9-digit form, a BAN, a login, an order id…) and id. */
export const activityTargetSchema = z.looseObject({
  kind: z.string(),
  id: z.string(),
});
export type ActivityTargetWire = z.infer<typeof activityTargetSchema>;

/**
 * One entry (AL2): when (an ISO instant; the page shows it in Tashkent time), who, whether a staff user did it acting
 * in the company's account, what, to what, with which result (and the targets that failed), the serial of the key
 * that signed it, the request id.
 */
export const activityEntrySchema = z.looseObject({
  id: z.int(),
  at: z.string(),
  action: z.string(),
  actor: activityActorSchema,
  impersonated: z.boolean(),
  targets: z.array(activityTargetSchema),
  result: z.enum(['ok', 'partial', 'failed']),
  failed: z.array(z.string()),
  keySerial: z.nullable(z.string()),
  requestId: z.nullable(z.string()),
});
export type ActivityEntryWire = z.infer<typeof activityEntrySchema>;

/** A page of the log, newest first, with the count of the whole filter. */
export const activityListSchema = z.looseObject({
  content: z.array(activityEntrySchema),
  totalElements: z.int().check(z.nonnegative()),
  totalPages: z.int().check(z.nonnegative()),
});
export type ActivityList = z.infer<typeof activityListSchema>;

export const activityEndpoints = {
  'activity.list': defineEndpoint({
    method: 'GET',
    path: 'activity/list',
    query: activityListQuery,
    result: activityListSchema,
    auth: 'session',
    summary:
      "the company's activity log: who did what, when, under which signature; filtered and paged (AL4)",
  }),
} as const;
