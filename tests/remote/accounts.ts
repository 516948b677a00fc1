/**
 * What the black-box security suite needs to know about a target (`SECURITY_ACCOUNTS`, a JSON file): one account per
 * role it signs in as, and the ids of a few accounts and companies its checks aim at. The suite never creates or
 * keeps anything with them: every check is a refusal it expects, or a call that changes nothing when it is accepted,
 * or one it undoes (see README "Security suite over HTTP"). tests/remote/accounts.example.json is this file for the
 * reference backend's demo accounts (server/db/demo-accounts.ts).
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';

const credentials = z.object({ login: z.string().min(1), password: z.string().min(1) });
const userId = z.number().int().positive();
const ban = z.string().regex(/^\d{9}$/, 'a BAN: 9 digits');

export const securityAccountsSchema = z.object({
  accounts: z.object({
    /** R000 (spec 6 admin group) */
    admin: credentials,
    /** R002 (helpdesk: editUser and createAdmin, not search) */
    helpdesk: credentials,
    /** R003 (call centre: search, editUser, createSubscriber; not createAdmin) */
    callcenter: credentials,
    /** R004, a curator of `targets.ownBan` */
    curator: credentials,
    /** R007, the key owner of a company other than `targets.ownBan` */
    keyowner: credentials,
    /** R001, a subscriber (one number) of a company other than `targets.ownBan` */
    subscriber: credentials,
    /** a staff account with two roles (finding 10); without it that check is skipped */
    multirole: credentials.optional(),
  }),
  targets: z.object({
    /** an administrator (R000/R030) account: call centre and helpdesk must not edit or block it */
    adminUserId: userId,
    /** a helpdesk (R002) account: call centre must not block it */
    helpdeskUserId: userId,
    /** a staff account below the administrators (e.g. a seller): helpdesk must not make it an administrator */
    staffUserId: userId,
    /** a client account (R004/R007): staff must not change its e-mail or phone */
    clientUserId: userId,
    /** the curator's own BAN */
    ownBan: ban,
    /** a BAN of another company: the curator, key owner and subscriber must not read its data */
    otherBan: ban,
  }),
});

export type SecurityAccounts = z.infer<typeof securityAccountsSchema>;

/** Reads and checks the file; a one-line reason naming the file and the first wrong fields when it does not fit. */
export function readSecurityAccounts(path: string): SecurityAccounts {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new Error(`SECURITY_ACCOUNTS ${path}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const r = securityAccountsSchema.safeParse(json);
  if (!r.success)
    throw new Error(
      `SECURITY_ACCOUNTS ${path}: ${r.error.issues
        .slice(0, 5)
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}`,
    );
  return r.data;
}
