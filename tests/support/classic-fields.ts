import { z } from 'zod';

/**
 * Classic `zod` twins of wire primitives, as src/services/contract/fields.contract.ts wrote them before the contracts
 * moved to `zod/mini` (docs/decisions.md LB5, NC14). The mini contract tests (session-mini, public-mini) compare the
 * mini schemas against these classic references, so the references must stay classic: never import them from src/.
 */

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

/** A digits-only identifier (sn, BAN, tax id) given as a string or a number; output is the digit string. */
export const digits = z
  .union([z.string(), z.number().int().nonnegative()])
  .transform(String)
  .pipe(z.string().regex(/^\d{1,20}$/));

/** Boolean carried in a query string: `true` / `'true'` / `false` / `'false'`. */
export const wireBool = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** An item of a catalogue (service, price plan, number category, agent…): id and name, anything else loose. */
export const catalogueItem = z.looseObject({
  id: anyId,
  name: z.string().nullish(),
  price: amount.nullish(),
});
