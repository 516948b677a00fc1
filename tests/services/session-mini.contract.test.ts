import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import ru from '@/i18n/ru.json';
import { type ApiError, ApiFailure, errorCode } from '@/services/api/api-error';
import { createApiClient } from '@/services/api/client';
import { emptyResult, errorEnvelope, okEnvelope } from '@/services/contract/envelope';
import {
  amountMini,
  anyIdMini,
  checkBody,
  digitsMini,
  forgotBody,
  loginBody,
  phoneField,
  profileSchema,
  registerBody,
  roleCodeMini,
  saveChosenRoleBody,
  userSchema,
} from '@/services/contract/session.contract';
import { amount, anyId, digits, roleCode } from '../support/classic-fields';
import { fakeFetch, json } from '../support/fake-fetch';

/**
 * The session slice and the reply envelope are written with `zod/mini` (docs/decisions.md LB5) so that the login route
 * does not carry full `zod`. These tests pin that the mini schemas parse as the classic ones did: the wire primitives
 * against their classic twins (tests/support/classic-fields.ts: fields.contract.ts as it was in classic `zod`), the
 * session shapes on good and broken replies, and the client's contract break (shown as E001) for a broken session
 * reply.
 */

const VALUES: unknown[] = [
  0,
  7,
  -3,
  1.5,
  Number.NaN,
  Number.MAX_SAFE_INTEGER + 2,
  '',
  '0',
  '12',
  '-4.25',
  '4.',
  '1e3',
  '901234567',
  '+998901234567',
  '1'.repeat(21),
  'R001',
  'R01',
  'r001',
  'R0011',
  'abc',
  null,
  undefined,
  true,
  [],
  {},
];

const outcome = (schema: { safeParse(v: unknown): { success: boolean; data?: unknown } }, v: unknown) => {
  const r = schema.safeParse(v);
  return r.success ? { ok: true, data: r.data } : { ok: false };
};

describe('session slice on zod/mini: the wire primitives match their classic twins', () => {
  const pairs = [
    ['anyId', anyIdMini, anyId],
    ['amount', amountMini, amount],
    ['digits', digitsMini, digits],
    ['roleCode', roleCodeMini, roleCode],
  ] as const;
  it.each(pairs)('%s accepts and rejects the same values, with the same output', (_, mini, classic) => {
    const accepted = VALUES.filter((v) => classic.safeParse(v).success);
    expect(accepted.length).toBeGreaterThan(0);
    expect(accepted.length).toBeLessThan(VALUES.length);
    for (const v of VALUES) expect(outcome(mini, v), String(v)).toEqual(outcome(classic, v));
  });
});

describe('session slice on zod/mini: shapes', () => {
  const user = { user_name: 'ivanov', user_id: '7', roles: ['R004'], profile: null };

  it('a user reply keeps unknown fields and accepts nullish optional ones', () => {
    const parsed = userSchema.parse({ ...user, chosenRole: null, extra: { a: 1 } });
    expect(parsed).toEqual({ ...user, chosenRole: null, extra: { a: 1 } });
  });

  it('a user reply missing user_name or with roles of the wrong type is rejected', () => {
    expect(userSchema.safeParse({ user_id: 1, roles: [] }).success).toBe(false);
    expect(userSchema.safeParse({ ...user, roles: 'R004' }).success).toBe(false);
    expect(userSchema.safeParse({ ...user, user_id: true }).success).toBe(false);
  });

  it('a profile converts string amounts, needs an integer account type and a known pending action', () => {
    const p = profileSchema.parse({ at: 16, fin_data: { balance: '-12.5', budget: 3 } });
    expect(p.fin_data).toEqual({ balance: -12.5, budget: 3 });
    expect(profileSchema.safeParse({ at: 1.5 }).success).toBe(false);
    expect(profileSchema.safeParse({ at: 16, fin_data: { balance: '12,5' } }).success).toBe(false);
    expect(profileSchema.safeParse({ at: 16, block_pending: 'maybe' }).success).toBe(false);
    expect(profileSchema.safeParse({ at: 16, block_pending: 'block' }).success).toBe(true);
  });

  it('request bodies keep their lengths, patterns and the phone digits', () => {
    expect(loginBody.safeParse({ login: 'a', password: 'b' }).success).toBe(true);
    expect(loginBody.safeParse({ login: '', password: 'b' }).success).toBe(false);
    expect(loginBody.safeParse({ login: 'a'.repeat(101), password: 'b' }).success).toBe(false);
    expect(phoneField.parse(901234567)).toBe('901234567');
    expect(phoneField.safeParse('12345678').success).toBe(false);
    expect(phoneField.safeParse('1234567890123').success).toBe(false);
    expect(registerBody.safeParse({ phone: '99890123456a' }).success).toBe(false);
    expect(checkBody.safeParse({ code: '123' }).success).toBe(false);
    expect(checkBody.safeParse({ code: '1234' }).success).toBe(true);
    expect(forgotBody.safeParse({ login: 'a', lang: 'en' }).success).toBe(false);
    expect(saveChosenRoleBody.safeParse({ updatedValue: 'R004' }).success).toBe(true);
    expect(saveChosenRoleBody.safeParse({ updatedValue: 'admin' }).success).toBe(false);
  });

  it('classic schemas of the other areas nest the mini ones (one core)', () => {
    const nested = z.looseObject({ user: z.nullish(userSchema), list: z.array(profileSchema) });
    expect(nested.safeParse({ user, list: [{ at: 5 }] }).success).toBe(true);
    expect(nested.safeParse({ user: { ...user, roles: 1 }, list: [] }).success).toBe(false);
  });
});

describe('reply envelope on zod/mini', () => {
  it('an error envelope needs a code-like status other than OKOK and drops a description of another type', () => {
    expect(errorEnvelope.safeParse({ status: 'OKOK' }).success).toBe(false);
    expect(errorEnvelope.safeParse({ status: 'E 1' }).success).toBe(false);
    expect(errorEnvelope.parse({ status: 'E012', description: 42 })).toEqual({ status: 'E012' });
  });

  it('a success envelope needs OKOK and a result of the schema', () => {
    expect(okEnvelope(userSchema).safeParse({ status: 'OKOK', result: { user_name: 'a' } }).success).toBe(
      false,
    );
    expect(okEnvelope(emptyResult).safeParse({ status: 'OKOK' }).success).toBe(true);
    expect(okEnvelope(emptyResult).safeParse({ status: 'E001' }).success).toBe(false);
  });
});

describe('the client on the mini session slice', () => {
  async function failureOf(p: Promise<unknown>): Promise<ApiError> {
    try {
      await p;
    } catch (e) {
      expect(e).toBeInstanceOf(ApiFailure);
      return (e as ApiFailure).error;
    }
    throw new Error('expected the call to fail');
  }

  it('a session reply that breaks the contract is a contract failure, shown as E001', async () => {
    const { fetch } = fakeFetch(() => json({ status: 'OKOK', result: { user_name: 'a', roles: [] } }));
    const err = await failureOf(createApiClient({ fetch }).call('session.user'));
    expect(err).toMatchObject({ kind: 'contract', direction: 'reply' });
    expect(errorCode(err)).toBe('contract');
    // the pseudo code 'contract' reads as the catalogue's E001 (src/domain/errors.ts)
    const errors = (ru as unknown as { errors: Record<string, string> }).errors;
    expect(errors.contract).toBe(errors.E001);
  });

  it('a session body that breaks the contract is refused before it is sent', async () => {
    const { fetch, requests } = fakeFetch(() => json({ status: 'OKOK' }));
    const err = await failureOf(
      createApiClient({ fetch }).call('session.login', { body: { login: '', password: 'x' } }),
    );
    expect(err).toMatchObject({ kind: 'contract', direction: 'request' });
    expect(requests).toHaveLength(0);
  });

  it('the modules the login route carries import zod/mini, never full zod', () => {
    for (const file of ['session.contract.ts', 'session.endpoints.ts', 'envelope.ts', 'endpoint.ts']) {
      const source = readFileSync(new URL(`../../src/services/contract/${file}`, import.meta.url), 'utf8');
      const runtimeZod = source.match(/^import (?!type )[^;]*from 'zod[^']*';/gm) ?? [];
      for (const line of runtimeZod) expect(line, file).toContain("from 'zod/mini'");
      expect(source, file).not.toMatch(/from '\.\/fields\.contract'/);
    }
  });
});
