import { z } from 'zod';
import { emptyResult } from './envelope';

/**
 * Wire primitives shared by the area contracts.
 *
 * Query strings and path segments arrive at the server as text, while the client holds numbers and booleans; these
 * schemas accept both spellings and output the typed value, so the client and the reference server validate with
 * the very same schema.
 */

/** Integer carried in a query string or path: `3` or `'3'` → `3`. */
export const wireInt = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d{1,15}$/)
    .transform(Number),
]);

/** Non-negative page index (pages count from 0, spec 7 and 9). */
export const wirePage = wireInt.pipe(z.number().int().min(0));

/** Page size: positive integer (45 for users, 16 for golden numbers). */
export const wireSize = wireInt.pipe(z.number().int().min(1).max(1000));

/** Boolean carried in a query string: `true` / `'true'` / `false` / `'false'`. */
export const wireBool = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** A digits-only identifier (sn, BAN, tax id) given as a string or a number; output is the digit string. */
export const digits = z
  .union([z.string(), z.number().int().nonnegative()])
  .transform(String)
  .pipe(z.string().regex(/^\d{1,20}$/));

/** Identifier in a path or query: `user_id` and friends may be numbers or strings on the real backend; the
 *  output is always the string, which is what the server reads off the URL. */
export const idParam = z.union([z.number().int(), z.string().min(1).max(100)]).transform(String);

/** An id as the server sends it: number or string. */
export const anyId = z.union([z.number(), z.string()]);

/** Role code R000…R034 (spec 6). */
export const roleCode = z.string().regex(/^R\d{3}$/);

/** Money amount in sums; the real backend sometimes sends numbers as strings. */
export const amount = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);

/** Date as sent on the wire (ISO `YYYY-MM-DD` or a timestamp string); parsed by the domain, not here. */
export const wireDate = z.string().min(1).max(40);

/** Reply with no payload ('OKOK alone means success, also task accepted'). */
export const noResult = emptyResult;

/** A list of integers in a query string, sent comma-joined (`'8,10,11'`); a single number is a list of one. */
export const wireIntList = z
  .union([
    z.number().int(),
    z.array(z.number().int()),
    z
      .string()
      .regex(/^-?\d{1,15}(,-?\d{1,15})*$/)
      .transform((s) => s.split(',').map(Number)),
  ])
  .transform((v) => (Array.isArray(v) ? v : [v]))
  .pipe(z.array(z.number().int()).min(1).max(50));

/** Per-number outcome of a bulk action (block/restore, internet packages): numbers without the +99 prefix. */
export const numbersOutcome = z.looseObject({
  failedNumbers: z.array(z.string()).nullish(),
  acceptedNumbers: z.array(z.string()).nullish(),
});

/** An item of a catalogue (service, price plan, number category, agent…): id and name, anything else loose. */
export const catalogueItem = z.looseObject({
  id: anyId,
  name: z.string().nullish(),
  price: amount.nullish(),
});

/** `result` of a download endpoint (`reply: 'blob'`): the body itself, not an envelope. */
export const blobResult = z.instanceof(Blob);
