import { z } from 'zod/mini';
import { defineEndpoint } from './endpoint';
import { amount, digits, numbersOutcome, wireBool } from './fields.contract';

/**
 * Block/restore of numbers and the server side of signing (spec 3 "Block-check result", "Block/restore result";
 * spec 4 block and signing flows; spec 7 "Block/restore").
 */

/** GET client/isPrivilegedLock query: the account whose lock is checked; `sn` narrows it to one number. `action`
 *  (decision U7) asks how many numbers a block or a restore of the whole account would change. */
export const privilegedLockQuery = z.object({
  ban: digits,
  sn: z.optional(digits),
  action: z.optional(z.enum(['block', 'restore'])),
});
export type PrivilegedLockQuery = z.input<typeof privilegedLockQuery>;

/** GET client/isPrivilegedLock result: a privileged lock is free; otherwise blocking costs `price` sums a month.
 *  `lopBan` tells whether the account is a LOP BAN; it is echoed as `isLopBan` to suspend/restore. */
export const privilegedLockSchema = z.looseObject({
  price: z.nullish(amount),
  privileged: z.boolean(),
  lopBan: z.nullish(z.boolean()),
  /** U7: how many numbers the asked action changes (the account's active numbers for a block); the price is per
   *  number, so the dialog shows price × numbers. Absent from a backend that does not count them. */
  numbers: z.nullish(z.int().check(z.minimum(0))),
});
export type PrivilegedLock = z.infer<typeof privilegedLockSchema>;

/** GET client/suspend and client/restore query (spec 7): a number (`sn`) or a whole account (`ban` alone). */
export const blockQuery = z.object({
  sn: z.optional(digits),
  ban: digits,
  isLopBan: z.optional(wireBool),
});
export type BlockQuery = z.input<typeof blockQuery>;

/** Company data of the signer echoed back for the suspend document (spec 3 "companyInfo"). */
export const companyInfoSchema = z.looseObject({
  keySerialId: z.nullish(z.string()),
  companyName: z.nullish(z.string()),
  companyTin: z.nullish(z.string()),
  companyDirectorKeyName: z.nullish(z.string()),
  clientSignDate: z.nullish(z.string()),
  clientSign: z.nullish(z.string()),
});
export type CompanyInfo = z.infer<typeof companyInfoSchema>;

/** Result of client/suspend and client/restore: the numbers that failed and those accepted. A non-OKOK status
 *  with a description is the "Причина - {description}" failure of spec 8. */
export const blockResultSchema = z.extend(numbersOutcome, {
  companyInfo: z.nullish(companyInfoSchema),
  /** U7: numbers left as they were and why (terminated, tentative, in process, …); they are not failures. */
  skippedNumbers: z.nullish(z.array(z.looseObject({ sn: z.string(), reason: z.string() }))),
});
export type BlockResult = z.infer<typeof blockResultSchema>;

/** POST online-sales/documents/verify body: the detached-or-attached PKCS#7 made by the signing module, base64.
 *  The wire name `pcs7` (sic) is the backend's spelling. */
export const verifyBody = z.object({ pcs7: z.string().check(z.minLength(1), z.maxLength(200_000)) });
export type VerifyBody = z.infer<typeof verifyBody>;

/** Verify result: `code` 1 means the signature is valid; then `pkcs7b64WithTimestamp` is the timestamped copy. */
export const verifyResultSchema = z.looseObject({
  code: z.union([z.number(), z.pipe(z.string().check(z.regex(/^-?\d+$/)), z.transform(Number))]),
  pkcs7b64WithTimestamp: z.nullish(z.string()),
});
export type VerifyResult = z.infer<typeof verifyResultSchema>;

/** The code of a valid signature. */
export const VERIFY_OK_CODE = 1 as const;

/** GET client/tax-id result (path decided): the tax id (ИНН) of the signing company; null when it has none
 *  ('У вас не имеется ИНН.'). Must start with 2 or 3 (else E026) — checked by the domain. */
export const taxIdSchema = z.looseObject({ tin: z.nullish(z.string()) });
export type TaxId = z.infer<typeof taxIdSchema>;

/** The block/restore calls and the signature check, spread into the endpoint table (endpoints.ts). */
export const blockEndpoints = {
  'block.isPrivilegedLock': defineEndpoint({
    method: 'GET',
    path: 'client/isPrivilegedLock',
    query: privilegedLockQuery,
    result: privilegedLockSchema,
    auth: 'session',
    summary: 'price per month of blocking, or privileged (free) lock',
  }),
  'block.suspend': defineEndpoint({
    method: 'GET',
    path: 'client/suspend',
    query: blockQuery,
    result: blockResultSchema,
    auth: 'session',
    mutating: true,
    summary: 'block a number or a BAN (takes effect after 00:00)',
  }),
  'block.restore': defineEndpoint({
    method: 'GET',
    path: 'client/restore',
    query: blockQuery,
    result: blockResultSchema,
    auth: 'session',
    mutating: true,
    summary: 'restore a number or a BAN (5-10 minutes)',
  }),
  'signing.verify': defineEndpoint({
    method: 'POST',
    path: 'online-sales/documents/verify',
    body: verifyBody,
    result: verifyResultSchema,
    auth: 'session',
    summary: 'verify a signature; code 1 = ok, returns the timestamped signature',
  }),
  'signing.taxId': defineEndpoint({
    method: 'GET',
    path: 'client/tax-id',
    result: taxIdSchema,
    auth: 'session',
    summary: 'tax id of the signing company (path decided; spec: not shown)',
  }),
} as const;
