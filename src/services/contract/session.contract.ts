import { z } from 'zod';
import { amount, anyId, digits, roleCode } from './fields.contract';

/**
 * Session and user shapes (spec 3 "User", "Profile"; spec 7 "Session and user").
 * Wire names are kept exactly as the backend spells them (snake_case and camelCase mixed).
 * Replies are loose objects: unknown extra fields pass through untouched.
 */

/** Region a user or profile belongs to (spec 3 `regions`; shape not shown, decided: id + name). */
export const regionSchema = z.looseObject({
  id: anyId,
  name: z.string().nullish(),
});
export type Region = z.infer<typeof regionSchema>;

/** Branch (filial) of a user or profile (spec 3 `branches`, spec 7 `result.branch`; decided: id + name). */
export const branchSchema = z.looseObject({
  id: anyId,
  name: z.string().nullish(),
  regionId: anyId.nullish(),
});
export type Branch = z.infer<typeof branchSchema>;

/** `ban_data` of a profile: the account status (same codes as number status). */
export const banDataSchema = z.looseObject({ status: z.string().nullish() });

/** `fin_data` of a profile (spec 3): balance, mobile budget, unbilled amount (type 16 only). Sums. */
export const finDataSchema = z.looseObject({
  balance: amount.nullish(),
  budget: amount.nullish(),
  unbilled_amnt: amount.nullish(),
});
export type FinData = z.infer<typeof finDataSchema>;

/**
 * Profile of a BAN or a number (spec 3).
 * - `at`: account type code (5, 15, 16, 20, 40, …); 5/15/40 are ban-type.
 * - `status`: A and O active, S blocked, N terminated, T tentative.
 * - `employee_data`: present (non-null) when the profile has employees (dispatcher flag).
 */
export const profileSchema = z.looseObject({
  at: z.number().int(),
  sn: z.string().nullish(),
  ban: z.string().nullish(),
  status: z.string().nullish(),
  ban_data: banDataSchema.nullish(),
  fin_data: finDataSchema.nullish(),
  employee_data: z.unknown().nullish(),
  can_buy_number: z.boolean().nullish(),
  branches: z.array(branchSchema).nullish(),
  regions: z.array(regionSchema).nullish(),
  phone_number: z.string().nullish(),
  feedback_type: z.string().nullish(),
  email_address: z.string().nullish(),
  company_name: z.string().nullish(),
  tin: z.string().nullish(),
  /** Decision U9: a block or restore of this account (or number) that waits to take effect. */
  block_pending: z.enum(['block', 'restore']).nullish(),
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
  profile: profileSchema.nullish(),
  settings: z.unknown().optional(),
  ban: z.string().nullish(),
  headBan: z.string().nullish(),
  backToHeadBan: z.boolean().nullish(),
  employees: z.unknown().optional(),
  force_change_password: z.boolean().nullish(),
  chosenRole: z.string().nullish(),
  /** U11: the password to change is the temporary one the registration sent by SMS. */
  temporary_password_by_sms: z.boolean().nullish(),
  /** U11: set on the SMS-code step's reply only: the registration has just succeeded. */
  registered: z.boolean().nullish(),
});
export type User = z.infer<typeof userSchema>;

/** POST user/login body. */
export const loginBody = z.object({
  login: z.string().min(1).max(100),
  password: z.string().min(1).max(200),
});
export type LoginBody = z.infer<typeof loginBody>;

/** Phone as typed in the registration form: digits only after the client strips formatting. */
export const phoneField = digits.pipe(z.string().min(9).max(12));

/** POST user/register body: the phone that receives the SMS code (E004 already registered, E008 wrong phone,
 *  E025 more than 5 numbers). */
export const registerBody = z.object({ phone: phoneField });
export type RegisterBody = z.infer<typeof registerBody>;

/** POST user/check body: the SMS code (E003 wrong, E006 expired); `phone` repeats the registering phone. */
export const checkBody = z.object({
  phone: phoneField.optional(),
  code: z.string().regex(/^\d{4,8}$/),
});
export type CheckBody = z.infer<typeof checkBody>;

/** POST user/resend-code body. */
export const resendCodeBody = z.object({ phone: phoneField.optional() });
export type ResendCodeBody = z.infer<typeof resendCodeBody>;

/** POST user/forgot body: the login whose recovery link is sent (E086 login does not exist). */
export const forgotBody = z.object({
  login: z.string().min(1).max(100),
  /** U14: the language of the page the link was asked from; the link opens in it (default ru). */
  lang: z.enum(['ru', 'uz']).optional(),
});
export type ForgotBody = z.infer<typeof forgotBody>;

/** POST user/restore body: `r` is the token from the recovery link's query (E024 temporary password expired). */
export const restoreBody = z.object({
  r: z.string().min(1).max(500),
  password: z.string().min(1).max(200),
  confirm: z.string().min(1).max(200),
});
export type RestoreBody = z.infer<typeof restoreBody>;

/** POST user/change-password body. */
export const changePasswordBody = z.object({
  current: z.string().min(1).max(200),
  password: z.string().min(1).max(200),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** POST v1/adfs/save-chosen-role body: the role chosen for this session (E130, E133, E134). */
export const saveChosenRoleBody = z.object({ updatedValue: roleCode });
export type SaveChosenRoleBody = z.infer<typeof saveChosenRoleBody>;

/** Path (relative to /api/) of the corporate single-sign-on link (spec 7 "initialise-authorization"). It is a
 *  browser navigation, not a JSON call, so it is not in the endpoint table. */
export const SSO_INIT_PATH = 'v1/adfs/initialise-authorization' as const;
