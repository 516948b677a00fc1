import { z } from 'zod/mini';
import { blockResultSchema } from './block.contract';
import { defineEndpoint } from './endpoint';
import { digits } from './fields.contract';

/**
 * The one-time signing challenge and the batch block/restore (docs/security.md, "signature replay"). The signed
 * document itself is described in src/domain/signing-document.rules.ts; `signingDocumentSchema` reads it back.
 */

const sn = z.string().check(z.regex(/^\d{9}$/));
const ban = z.string().check(z.regex(/^\d{1,20}$/));

/** The targets of a signature (one number, numbers of one account, a whole account, a pre-registration draft). */
export const signingTargetsSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('number'), ban, sn }),
  z.object({
    kind: z.literal('numbers'),
    ban,
    sns: z.readonly(z.array(sn).check(z.minLength(1), z.maxLength(500))),
  }),
  z.object({ kind: z.literal('ban'), ban }),
  z.object({ kind: z.literal('draft'), draftHash: z.string().check(z.regex(/^[0-9a-f]{64}$/)) }),
  // one account of the company and its exact new recovery contact (docs/decisions.md PRC5)
  z.object({
    kind: z.literal('contact'),
    ban,
    userId: z.string().check(z.regex(/^\d{1,15}$/)),
    login: z.string().check(z.minLength(1), z.maxLength(100)),
    email: z.nullable(z.string().check(z.maxLength(200))),
    phone: z.nullable(z.string().check(z.regex(/^\d{9,15}$/))),
  }),
]);

export const signingActionSchema = z.enum(['block', 'restore', 'preregister', 'contact-change', 'key-proof']);

/** When a planned block/restore runs (a Tashkent day, an hour 0-23): a plan's signature names it (SP2). */
export const signingWhenSchema = z.object({
  date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  hour: z.int().check(z.minimum(0), z.maximum(23)),
});

/** POST signing/challenge body: what the coming signature will authorise; `when` for a plan (block/restore only). */
export const challengeBody = z.object({
  action: signingActionSchema,
  targets: signingTargetsSchema,
  when: z.optional(signingWhenSchema),
});
export type ChallengeBody = z.input<typeof challengeBody>;

/** A one-time challenge, valid until `expiresAt` (ms since the epoch). */
export const challengeResultSchema = z.looseObject({
  challenge: z.string().check(z.minLength(16), z.maxLength(200)),
  expiresAt: z.number(),
});
export type ChallengeResult = z.infer<typeof challengeResultSchema>;

const signingDocumentFields = {
  action: signingActionSchema,
  targets: signingTargetsSchema,
  sn: z.nullable(sn),
  ban: z.nullable(ban),
  challenge: z.nullable(z.string().check(z.maxLength(200))),
  text: z.string().check(z.minLength(1), z.maxLength(20_000)),
};

/** The signed document as the server reads it back from a CMS: version 1, or version 2 of a plan, which also names
 *  when it runs (docs/decisions.md SP2). */
export const signingDocumentSchema = z.discriminatedUnion('format', [
  z.object({ format: z.literal('b2b-portal.signing/1'), ...signingDocumentFields }),
  z.object({ format: z.literal('b2b-portal.signing/2'), ...signingDocumentFields, when: signingWhenSchema }),
]);

/** POST client/batch body: block or restore a list of numbers of one account under one signature. */
export const blockBatchBody = z.object({
  action: z.enum(['block', 'restore']),
  ban: digits,
  sns: z.array(digits).check(z.minLength(1), z.maxLength(500)),
  isLopBan: z.optional(z.boolean()),
});
export type BlockBatchBody = z.input<typeof blockBatchBody>;

/** This slice of the endpoint table. */
export const signingEndpoints = {
  'signing.challenge': defineEndpoint({
    method: 'POST',
    path: 'signing/challenge',
    body: challengeBody,
    result: challengeResultSchema,
    auth: 'session',
    summary: 'a one-time challenge for one signature of this session (action + targets)',
  }),
  'block.batch': defineEndpoint({
    method: 'POST',
    path: 'client/batch',
    body: blockBatchBody,
    result: blockResultSchema,
    auth: 'session',
    summary: 'block or restore a list of numbers of one account under one signature',
  }),
} as const;
