import { z } from 'zod/mini';
import { defineEndpoint } from './endpoint';
import { connectType } from './public.contract';

/**
 * Pre-orders as B2B staff see and move them (docs/decisions.md NC8, NC12). The public onboarding's shapes and calls
 * (the draft, the catalogue, market codes, the proved key, the tax data) are in public.contract.ts, on `zod/mini`
 * (NC14), so the public pages load none of full `zod`.
 */

/** Pre-order statuses of the reference backend (NC6): new → review → registered (or rejected). */
export const preorderStatusValue = z.enum(['new', 'review', 'registered', 'rejected']);
export type PreorderStatusValue = z.infer<typeof preorderStatusValue>;

/** A created pre-order as staff see it (GET pre-order/list, NC8). */
export const preorderRowSchema = z.looseObject({
  id: z.number(),
  tin: z.string(),
  companyName: z.string(),
  marketCode: z.string(),
  login: z.string(),
  connectType: connectType,
  status: preorderStatusValue,
  phoneReserved: z.boolean(),
  createdAt: z.number(),
});
export type PreorderRow = z.infer<typeof preorderRowSchema>;
export const preorderListSchema = z.looseObject({ rows: z.array(preorderRowSchema), total: z.number() });
export const preorderListQuery = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000)), 1),
});

/** POST pre-order/{id}/status params and body: where staff move a pre-order (NC12, `nextPreorderStatuses`). */
export const preorderIdParams = z.object({ id: z.string().check(z.regex(/^\d{1,12}$/)) });
export const preorderMoveBody = z.object({ status: z.enum(['review', 'registered', 'rejected']) });
/** POST pre-order/{id}/status result: the status and the reservation flag the pre-order now has. */
export const preorderMovedSchema = z.looseObject({
  id: z.number(),
  status: preorderStatusValue,
  phoneReserved: z.boolean(),
});

/** The staff's pre-order calls (paths decided, NC8, NC12). */
export const preorderEndpoints = {
  'preorder.list': defineEndpoint({
    method: 'GET',
    path: 'pre-order/list',
    query: preorderListQuery,
    result: preorderListSchema,
    auth: 'session',
    summary: 'created pre-orders with their status, for B2B staff (path decided, NC8)',
  }),
  'preorder.setStatus': defineEndpoint({
    method: 'POST',
    path: 'pre-order/{id}/status',
    params: preorderIdParams,
    body: preorderMoveBody,
    result: preorderMovedSchema,
    auth: 'session',
    summary:
      'staff move a pre-order along its statuses; registered or rejected releases the numbers (path decided, NC12; E013, E101)',
  }),
} as const;
