import { z } from 'zod/mini';
import { amountMini, anyIdMini, digitsMini, roleCodeMini } from './mini-fields';

/**
 * Session and user shapes (spec 3 "User", "Profile"; spec 7 "Session and user").
 * Wire names are kept exactly as the backend spells them (snake_case and camelCase mixed).
 * Replies are loose objects: unknown extra fields pass through untouched.
 *
 * Written with `zod/mini` (docs/decisions.md LB5): these are the first calls of every visit, so the login route
 * carries this module; the rest of the endpoint table is fetched after sign-in. Every contract module is on `zod/mini`
 * now, so no module of classic `zod` is bundled at all (tests/app/no-classic-zod.test.ts). Mini schemas parse exactly
 * as the classic ones (the same core), only their builder API differs (`z.nullish(x)` for `x.nullish()`, checks
 * through `.check(…)`). The other areas' contracts nest them.
 */

// The wire primitives in `zod/mini` live in mini-fields.ts (the public pages' slice uses them too, without this one).
export { amountMini, anyIdMini, digitsMini, roleCodeMini } from './mini-fields';

const anyId = anyIdMini;
const amount = amountMini;
/** A string of `min`…`max` characters. */
const text = (min: number, max: number) => z.string().check(z.minLength(min), z.maxLength(max));

/** Region a user or profile belongs to (spec 3 `regions`; shape not shown, decided: id + name). */
export const regionSchema = z.looseObject({
  id: anyId,
  name: z.nullish(z.string()),
});
export type Region = z.infer<typeof regionSchema>;

/** Branch (filial) of a user or profile (spec 3 `branches`, spec 7 `result.branch`; decided: id + name). */
export const branchSchema = z.looseObject({
  id: anyId,
  name: z.nullish(z.string()),
  regionId: z.nullish(anyId),
});
export type Branch = z.infer<typeof branchSchema>;

/** `ban_data` of a profile: the account status (same codes as number status). */
export const banDataSchema = z.looseObject({ status: z.nullish(z.string()) });

/** `fin_data` of a profile (spec 3): balance, mobile budget, unbilled amount (type 16 only). Sums. */
export const finDataSchema = z.looseObject({
  balance: z.nullish(amount),
  budget: z.nullish(amount),
  unbilled_amnt: z.nullish(amount),
});
export type FinData = z.infer<typeof finDataSchema>;

/**
 * Profile of a BAN or a number (spec 3).
 * - `at`: account type code (5, 15, 16, 20, 40, …); 5/15/40 are ban-type.
 * - `status`: A and O active, S blocked, N terminated, T tentative.
 * - `employee_data`: present (non-null) when the profile has employees (dispatcher flag).
 */
export const profileSchema = z.looseObject({
  at: z.int(),
  sn: z.nullish(z.string()),
  ban: z.nullish(z.string()),
  status: z.nullish(z.string()),
  ban_data: z.nullish(banDataSchema),
  fin_data: z.nullish(finDataSchema),
  employee_data: z.nullish(z.unknown()),
  can_buy_number: z.nullish(z.boolean()),
  branches: z.nullish(z.array(branchSchema)),
  regions: z.nullish(z.array(regionSchema)),
  phone_number: z.nullish(z.string()),
  feedback_type: z.nullish(z.string()),
  email_address: z.nullish(z.string()),
  company_name: z.nullish(z.string()),
  tin: z.nullish(z.string()),
  /** Decision U9: a block or restore of this account (or number) that waits to take effect. */
  block_pending: z.nullish(z.enum(['block', 'restore'])),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * The session user (spec 3 "User"). `roles`: the first is the active one (spec 6).
 * `chosenRole`: the role stored for this session by `session.saveChosenRole` (null until chosen); the session
 * machine compares it with `roles` to decide whether the role picker must be shown.
 * `backToHeadBan`: true while an administrator is impersonating a subscriber (way back to `headBan`).
 * Config flags (administration, search, …) are not on the wire: src/domain derives them from `roles`.
 */
export const userSchema = z.looseObject({
  user_name: z.string(),
  user_id: anyId,
  roles: z.array(z.string()),
  profile: z.nullish(profileSchema),
  settings: z.optional(z.unknown()),
  ban: z.nullish(z.string()),
  headBan: z.nullish(z.string()),
  backToHeadBan: z.nullish(z.boolean()),
  employees: z.optional(z.unknown()),
  force_change_password: z.nullish(z.boolean()),
  chosenRole: z.nullish(z.string()),
  /** U11: the password to change is the temporary one the registration sent by SMS. */
  temporary_password_by_sms: z.nullish(z.boolean()),
  /** U11: set on the SMS-code step's reply only: the registration has just succeeded. */
  registered: z.nullish(z.boolean()),
});
export type User = z.infer<typeof userSchema>;

/** POST user/login body. */
export const loginBody = z.object({
  login: text(1, 100),
  password: text(1, 200),
});
export type LoginBody = z.infer<typeof loginBody>;

/** Phone as typed in the registration form: digits only after the client strips formatting. */
export const phoneField = z.pipe(digitsMini, text(9, 12));

/** The language of the page a message was asked from: the SMS or e-mail is written in it (default ru, decisions MSG1). */
const messageLang = z.optional(z.enum(['ru', 'uz']));

/** POST user/register body: the phone that receives the SMS code (E004 already registered, E008 wrong phone,
 *  E025 more than 5 numbers, E142 the SMS could not be sent). */
export const registerBody = z.object({ phone: phoneField, lang: messageLang });
export type RegisterBody = z.infer<typeof registerBody>;

/** POST user/check body: the SMS code (E003 wrong, E006 expired); `phone` repeats the registering phone. */
export const checkBody = z.object({
  phone: z.optional(phoneField),
  /** the temporary password's SMS is written in it */
  lang: messageLang,
  code: z.string().check(z.regex(/^\d{4,8}$/)),
});
export type CheckBody = z.infer<typeof checkBody>;

/** POST user/resend-code body. */
export const resendCodeBody = z.object({ phone: z.optional(phoneField), lang: messageLang });
export type ResendCodeBody = z.infer<typeof resendCodeBody>;

/** POST user/forgot body: the login whose recovery link is sent (E086 login does not exist). */
export const forgotBody = z.object({
  login: text(1, 100),
  /** U14: the language of the page the link was asked from; the link opens in it and the message is written in it. */
  lang: messageLang,
});
export type ForgotBody = z.infer<typeof forgotBody>;

/** POST user/restore body: `r` is the token from the recovery link's query (E024 temporary password expired). */
export const restoreBody = z.object({
  r: text(1, 500),
  password: text(1, 200),
  confirm: text(1, 200),
});
export type RestoreBody = z.infer<typeof restoreBody>;

/** What POST user/restore/check says of a recovery / activation link (RL1); the schemas are in restore-link.contract.ts,
 *  out of the login page's scripts. */
export type RestoreLinkState = 'valid' | 'used' | 'expired' | 'unknown';

/** POST user/change-password body. */
export const changePasswordBody = z.object({
  current: text(1, 200),
  password: text(1, 200),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** POST v1/adfs/save-chosen-role body: the role chosen for this session (E130, E133, E134). */
export const saveChosenRoleBody = z.object({ updatedValue: roleCodeMini });
export type SaveChosenRoleBody = z.infer<typeof saveChosenRoleBody>;

/** Path (relative to /api/) of the corporate single-sign-on link (spec 7 "initialise-authorization"). It is a
 *  browser navigation, not a JSON call, so it is not in the endpoint table. */
export const SSO_INIT_PATH = 'v1/adfs/initialise-authorization' as const;
