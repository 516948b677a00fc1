import { z } from 'zod/mini';
import { SUCCESS_STATUS } from '@/domain/constants';
import type { Schema } from './endpoint';

/** Written with `zod/mini` (docs/decisions.md LB5): the client parses every reply with these, the login route's
 *  replies included, so they must not pull full `zod` into the first scripts. Parsing is the same as with the classic
 *  builders (one core). */

/** The one reply envelope of every `/api/` call (spec 7–8): `status` is `'OKOK'` on success, otherwise an error
 *  code from the catalogue (E001…E136) with an optional `description`; the payload sits in `result`.
 *  Extra fields are tolerated (`looseObject`), missing required ones are a contract break. */
export const OK_STATUS = SUCCESS_STATUS;

/** Error reply: any code-like status (letters, digits, `._-`) other than OKOK. A `description` of an unexpected type is dropped rather
 *  than turning a perfectly good error code into a contract break. */
export const errorEnvelope = z.looseObject({
  status: z.string().check(
    z.regex(/^[A-Za-z0-9._-]{1,64}$/),
    z.refine((s) => s !== OK_STATUS, 'error envelope must not be OKOK'),
  ),
  description: z.catch(z.nullish(z.string()), undefined),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** Success envelope carrying `result` of the given schema. */
export const okEnvelope = <T extends Schema>(result: T) =>
  z.looseObject({
    status: z.literal(OK_STATUS),
    description: z.nullish(z.string()),
    result,
  });

/** Reply of a call with no payload ('OKOK alone means success, also task accepted'). */
export const emptyResult = z.optional(z.unknown());

/** Builds a success reply (used by the reference server and by tests). */
export const okReply = <T>(result: T) => ({ status: OK_STATUS, result });

/** Builds an error reply (used by the reference server and by tests). */
export const errorReply = (code: string, description?: string) =>
  description === undefined ? { status: code } : { status: code, description };
