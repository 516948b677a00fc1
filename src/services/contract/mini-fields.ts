import { z } from 'zod/mini';

// The wire primitives of fields.contract.ts that the zod/mini slices (session.contract.ts, public.contract.ts) need,
// with the same rules: tests/services/session-mini.contract.test.ts checks they accept and reject the same values as
// the classic ones (tests/support/classic-fields.ts). A module of their own, so the public pages' slice brings
// neither the session's nor the rest of fields.contract.ts.

/** An id as the server sends it: number or string. */
export const anyIdMini = z.union([z.number(), z.string()]);
/** Money amount in sums; the real backend sometimes sends numbers as strings. */
export const amountMini = z.union([
  z.number(),
  z.pipe(z.string().check(z.regex(/^-?\d+(\.\d+)?$/)), z.transform(Number)),
]);
/** A digits-only identifier given as a string or a number; output is the digit string. */
export const digitsMini = z.pipe(
  z.pipe(z.union([z.string(), z.int().check(z.nonnegative())]), z.transform(String)),
  z.string().check(z.regex(/^\d{1,20}$/)),
);
/** Role code R000…R034 (spec 6). */
export const roleCodeMini = z.string().check(z.regex(/^R\d{3}$/));
