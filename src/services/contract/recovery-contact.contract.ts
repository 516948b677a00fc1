import { z } from 'zod/mini';
import { defineEndpoint } from './endpoint';
import { anyId, idParam } from './fields.contract';

/**
 * The recovery contacts of a company's accounts, changed by its key owner with an E-IMZO signature (docs/decisions.md
 * PRC4-PRC6; docs/security.md finding 21). The spec has no such call; the paths are decided there.
 */

/** One client account of the company with the contact its recovery link goes to (null = none of its own). */
export const companyAccountSchema = z.looseObject({
  user_id: anyId,
  user_name: z.string(),
  full_name: z.nullish(z.string()),
  roles: z.array(z.string()),
  status: z.nullish(z.string()),
  email: z.nullish(z.string()),
  phone: z.nullish(z.string()),
});
export type CompanyAccountWire = z.infer<typeof companyAccountSchema>;

/** GET user/company-accounts: the key owner's company and its client accounts, by login. */
export const companyAccountsSchema = z.looseObject({
  ban: z.string(),
  accounts: z.array(companyAccountSchema),
});
export type CompanyAccountsWire = z.infer<typeof companyAccountsSchema>;

/** POST user/recovery-contact/{user_id} body: exactly the contact the signature names (e-mail trimmed, phone as
 *  digits with the country code; null = none). */
export const recoveryContactBody = z.object({
  email: z.nullable(z.string().check(z.maxLength(200))),
  phone: z.nullable(z.string().check(z.regex(/^\d{9,15}$/))),
});
export type RecoveryContactBody = z.input<typeof recoveryContactBody>;

/** Path params of user/recovery-contact/{user_id}. */
export const recoveryContactParams = z.object({ user_id: idParam });

/** The change is made; a pending account's activation link went to the new contact (`activation_sent`). */
export const recoveryContactResultSchema = z.looseObject({ activation_sent: z.boolean() });
export type RecoveryContactResult = z.infer<typeof recoveryContactResultSchema>;

export const recoveryContactEndpoints = {
  'recovery.accounts': defineEndpoint({
    method: 'GET',
    path: 'user/company-accounts',
    result: companyAccountsSchema,
    auth: 'session',
    summary: "the key owner's company accounts with their recovery contacts (PRC4; E005)",
  }),
  'recovery.setContact': defineEndpoint({
    method: 'POST',
    path: 'user/recovery-contact/{user_id}',
    params: recoveryContactParams,
    body: recoveryContactBody,
    result: recoveryContactResultSchema,
    auth: 'session',
    summary:
      "sets one company account's recovery contact under the key owner's signature for exactly it (E005, E013)",
  }),
} as const;
