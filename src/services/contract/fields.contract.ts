import { z } from 'zod/mini';
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
  z.int(),
  z.pipe(z.string().check(z.regex(/^-?\d{1,15}$/)), z.transform(Number)),
]);

/** Non-negative page index (pages count from 0, spec 7 and 9). */
export const wirePage = z.pipe(wireInt, z.int().check(z.minimum(0)));

/** Page size: positive integer (45 for users, 16 for golden numbers). */
export const wireSize = z.pipe(wireInt, z.int().check(z.minimum(1), z.maximum(1000)));

/** Boolean carried in a query string: `true` / `'true'` / `false` / `'false'`. */
export const wireBool = z.union([
  z.boolean(),
  z.pipe(
    z.enum(['true', 'false']),
    z.transform((v) => v === 'true'),
  ),
]);

/** A digits-only identifier (sn, BAN, tax id) given as a string or a number; output is the digit string. */
export const digits = z.pipe(
  z.pipe(z.union([z.string(), z.int().check(z.nonnegative())]), z.transform(String)),
  z.string().check(z.regex(/^\d{1,20}$/)),
);

/** Identifier in a path or query: `user_id` and friends may be numbers or strings on the real backend; the
 *  output is always the string, which is what the server reads off the URL. */
export const idParam = z.pipe(
  z.union([z.int(), z.string().check(z.minLength(1), z.maxLength(100))]),
  z.transform(String),
);

/** An id as the server sends it: number or string. */
export const anyId = z.union([z.number(), z.string()]);

/** Role code R000…R034 (spec 6). */
export const roleCode = z.string().check(z.regex(/^R\d{3}$/));

/** Money amount in sums; the real backend sometimes sends numbers as strings. */
export const amount = z.union([
  z.number(),
  z.pipe(z.string().check(z.regex(/^-?\d+(\.\d+)?$/)), z.transform(Number)),
]);

/** Date as sent on the wire (ISO `YYYY-MM-DD` or a timestamp string); parsed by the domain, not here. */
export const wireDate = z.string().check(z.minLength(1), z.maxLength(40));

/** Reply with no payload ('OKOK alone means success, also task accepted'). */
export const noResult = emptyResult;

/** A list of integers in a query string, sent comma-joined (`'8,10,11'`); a single number is a list of one. */
export const wireIntList = z.pipe(
  z.pipe(
    z.union([
      z.int(),
      z.array(z.int()),
      z.pipe(
        z.string().check(z.regex(/^-?\d{1,15}(,-?\d{1,15})*$/)),
        z.transform((s) => s.split(',').map(Number)),
      ),
    ]),
    z.transform((v) => (Array.isArray(v) ? v : [v])),
  ),
  z.array(z.int()).check(z.minLength(1), z.maxLength(50)),
);

/** Per-number outcome of a bulk action (block/restore, internet packages): numbers without the +99 prefix. */
export const numbersOutcome = z.looseObject({
  failedNumbers: z.nullish(z.array(z.string())),
  acceptedNumbers: z.nullish(z.array(z.string())),
});

/** An item of a catalogue (service, price plan, number category, agent…): id and name, anything else loose. */
export const catalogueItem = z.looseObject({
  id: anyId,
  name: z.nullish(z.string()),
  price: z.nullish(amount),
});

/** `result` of a download endpoint (`reply: 'blob'`): the body itself, not an envelope. */
export const blobResult = z.instanceof(Blob);
