import { z } from 'zod/mini';
import { USER_KINDS, USER_LIST_STATUSES } from '@/domain/constants';
import { ACTIVATION_ROUTES } from '@/domain/recovery-contact.rules';
import { defineEndpoint } from './endpoint';
import { anyId, digits, idParam, noResult, roleCode, wirePage, wireSize } from './fields.contract';
import { branchSchema, regionSchema, userSchema } from './session.contract';

/**
 * User administration (spec 7: user/search, user/get/{user_id}; spec 2 administration search, creation/{type},
 * edit-user/{id}; spec 4 "User row in administration: block, unblock, in process").
 */

/** Tab filter of the user list (spec 2). `pending` = "in process". */
export const userListStatus = z.enum(USER_LIST_STATUSES);
export type UserListStatus = z.infer<typeof userListStatus>;

/** GET user/search query: `q` at least 3 characters (SHORT3), pages from 0, page size 45 (spec 9). */
export const userSearchQuery = z.object({
  q: z.string().check(z.minLength(3), z.maxLength(100)),
  pageNo: wirePage,
  pageSize: wireSize,
  status: z.optional(userListStatus),
});
export type UserSearchQuery = z.input<typeof userSearchQuery>;

/** One row of the user list. `status`: 'active' | 'blocked' | 'pending' (the real backend may add others). */
export const userRowSchema = z.looseObject({
  user_id: anyId,
  user_name: z.string(),
  full_name: z.nullish(z.string()),
  roles: z.nullish(z.array(z.string())),
  ban: z.nullish(z.string()),
  status: z.nullish(z.string()),
});
export type UserRow = z.infer<typeof userRowSchema>;

/** GET user/search result. */
export const userSearchResultSchema = z.looseObject({
  list: z.array(userRowSchema),
  total: z.int().check(z.nonnegative()),
  pageNo: z.int().check(z.nonnegative()),
  pageSize: z.int().check(z.positive()),
});
export type UserSearchResult = z.infer<typeof userSearchResultSchema>;

/** Path params of user/get/{user_id}, user/update/{user_id}, user/block/{user_id}. */
export const userIdParams = z.object({ user_id: idParam });
export type UserIdParams = z.input<typeof userIdParams>;

/** GET user/get/{user_id} result: the editable user with its branch and regions (spec 7). */
export const userDetailsSchema = z.looseObject({
  user_id: anyId,
  user_name: z.string(),
  full_name: z.nullish(z.string()),
  roles: z.array(z.string()),
  ban: z.nullish(z.string()),
  email: z.nullish(z.string()),
  phone: z.nullish(z.string()),
  status: z.nullish(z.string()),
  branch: z.nullish(branchSchema),
  regions: z.nullish(z.array(regionSchema)),
});
export type UserDetails = z.infer<typeof userDetailsSchema>;

/** Kind of user created from administration/creation/{type} (createSubscriber / createAdmin config flags). */
export const userKind = z.enum(USER_KINDS);
export type UserKind = z.infer<typeof userKind>;

/** POST user/create body. Exactly one role: a user cannot hold several roles at once (E130). */
export const userCreateBody = z.object({
  kind: userKind,
  user_name: z.string().check(z.minLength(3), z.maxLength(100)),
  full_name: z.optional(z.string().check(z.maxLength(200))),
  roles: z.array(roleCode).check(z.length(1)),
  ban: z.optional(digits),
  email: z.optional(z.string().check(z.maxLength(200))),
  phone: z.optional(z.string().check(z.maxLength(20))),
  branch_id: z.optional(anyId),
  region_ids: z.optional(z.array(anyId)),
});
export type UserCreateBody = z.input<typeof userCreateBody>;

/** POST user/create result: the new id, and how its activation link travels (docs/decisions.md PRC2; a backend
 *  that does not say, or says something else, is read as saying nothing). */
export const userCreateResultSchema = z.looseObject({
  user_id: anyId,
  activation: z.catch(z.optional(z.enum(ACTIVATION_ROUTES)), undefined),
});
export type UserCreateResult = z.infer<typeof userCreateResultSchema>;

/** POST user/update/{user_id} body: any subset of the editable fields. */
export const userUpdateBody = z.partial(z.omit(userCreateBody, { kind: true, user_name: true }));
export type UserUpdateBody = z.input<typeof userUpdateBody>;

/** POST user/block/{user_id} body. */
export const setBlockedBody = z.object({ blocked: z.boolean() });
export type SetBlockedBody = z.infer<typeof setBlockedBody>;

/** POST user/impersonate body: the subscriber chosen in the search box, by BAN or by number (one of them). */
export const impersonateBody = z
  .object({ ban: z.optional(digits), sn: z.optional(digits) })
  .check(z.refine((b) => (b.ban === undefined) !== (b.sn === undefined), 'exactly one of ban or sn'));
export type ImpersonateBody = z.input<typeof impersonateBody>;

/** The administration calls (users, impersonation), spread into the endpoint table (endpoints.ts). */
export const adminEndpoints = {
  'admin.search': defineEndpoint({
    method: 'GET',
    path: 'user/search',
    query: userSearchQuery,
    result: userSearchResultSchema,
    auth: 'session',
    summary: 'search users (pageNo from 0, pageSize 45)',
  }),
  'admin.get': defineEndpoint({
    method: 'GET',
    path: 'user/get/{user_id}',
    params: userIdParams,
    result: userDetailsSchema,
    auth: 'session',
    summary: 'one user with branch and regions (E014)',
  }),
  'admin.create': defineEndpoint({
    method: 'POST',
    path: 'user/create',
    body: userCreateBody,
    result: userCreateResultSchema,
    auth: 'session',
    summary: 'create a subscriber or admin user (E005, E130)',
  }),
  'admin.update': defineEndpoint({
    method: 'POST',
    path: 'user/update/{user_id}',
    params: userIdParams,
    body: userUpdateBody,
    result: noResult,
    auth: 'session',
    summary: 'edit a user (E005, E014, E135, E136)',
  }),
  'admin.setBlocked': defineEndpoint({
    method: 'POST',
    path: 'user/block/{user_id}',
    params: userIdParams,
    body: setBlockedBody,
    result: noResult,
    auth: 'session',
    summary: 'block or unblock a user (E005, E014)',
  }),
  'admin.impersonate': defineEndpoint({
    method: 'POST',
    path: 'user/impersonate',
    body: impersonateBody,
    result: userSchema,
    auth: 'session',
    summary: 'act as the chosen subscriber; the reply user has backToHeadBan true (E005, E018)',
  }),
  'admin.backToHead': defineEndpoint({
    method: 'POST',
    path: 'user/back-to-head',
    result: userSchema,
    auth: 'session',
    summary: 'leave impersonation and return to the head account',
  }),
} as const;
