import { z } from 'zod';
import { SUCCESS_STATUS } from '@/domain/constants';

/** The one reply envelope of every `/api/` call (spec 7–8): `status` is `'OKOK'` on success, otherwise an error
 *  code from the catalogue (E001…E136) with an optional `description`; the payload sits in `result`.
 *  Extra fields are tolerated (`looseObject`), missing required ones are a contract break. */
export const OK_STATUS = SUCCESS_STATUS;

/** Error reply: any code-like status (letters, digits, `._-`) other than OKOK. A `description` of an unexpected type is dropped rather
 *  than turning a perfectly good error code into a contract break. */
export const errorEnvelope = z.looseObject({
  status: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/)
    .refine((s) => s !== OK_STATUS, 'error envelope must not be OKOK'),
  description: z.string().nullish().catch(undefined),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** Success envelope carrying `result` of the given schema. */
export const okEnvelope = <T extends z.ZodType>(result: T) =>
  z.looseObject({
    status: z.literal(OK_STATUS),
    description: z.string().nullish(),
    result,
  });

/** Reply of a call with no payload ('OKOK alone means success, also task accepted'). */
export const emptyResult = z.unknown().optional();

/** Builds a success reply (used by the reference server and by tests). */
export const okReply = <T>(result: T) => ({ status: OK_STATUS, result });

/** Builds an error reply (used by the reference server and by tests). */
export const errorReply = (code: string, description?: string) =>
  description === undefined ? { status: code } : { status: code, description };
