import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as mini from '@/services/contract/public.contract';
import { amount, anyId, catalogueItem, digits, wireBool } from '../support/classic-fields';

/**
 * The public pages' contract moved from classic `zod` to `zod/mini` (docs/decisions.md NC14), so that a visitor of
 * /new-client or /new-numbers loads no full `zod`. The reference server validates with the same schemas, so a
 * translation slip would change what the server accepts. Below are the classic definitions as they were
 * (preorder.contract.ts, signing.contract.ts, golden.contract.ts before the move): every mini schema must accept and
 * reject the same values and give the same output, over valid samples and every sample with one leaf replaced by
 * an odd value.
 */
const text = (max = 200) => z.string().max(max);
const marketCodeSchema = z.looseObject({
  name: z.string(),
  code: z.string(),
  storage: z.string().nullish(),
  regionId: anyId.nullish(),
  myIdMarkedCodeId: anyId.nullish(),
});
const banListQuery = z.object({ inn: digits, marketCode: z.string().min(1).max(20) });
const preorderStatusQuery = z.object({
  inn: digits,
  'market-code': z.string().min(1).max(20),
  ban: digits.optional(),
});
const mySoliqDataSchema = z.looseObject({
  CompanyName: z.string().nullish(),
  CompanyInn: z.string().nullish(),
  Oked: z.string().nullish(),
  vatCode: z.string().nullish(),
  CompanyAddress: z.string().nullish(),
  bankName: z.string().nullish(),
  accountNumber: z.string().nullish(),
  bankMFO: z.string().nullish(),
  director: z.string().nullish(),
  taxPayerTypeName: z.string().nullish(),
});
const connectType = z.union([z.literal(1), z.literal(2), z.literal(3)]);
const orderRowSchema = z.object({
  kolvo: z.number().int().min(1).max(10_000),
  category: anyId,
  tariff: anyId,
  services: z.array(anyId).max(100).default([]),
  nominal: z.number().nonnegative().optional(),
});
const preorderCreateResultSchema = z.looseObject({
  id: anyId,
  ban: z.string().nullish(),
  status: z.union([z.string(), z.number()]).nullish(),
});
const proofToken = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/);
const challengeResultSchema = z.looseObject({
  challenge: z.string().min(16).max(200),
  expiresAt: z.number(),
});
const goldenCategorySchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  price: amount,
  withoutVat: z.union([z.string(), z.number(), z.boolean()]).nullish(),
  examples: z
    .array(z.string().regex(/^\d{9}$/))
    .max(20)
    .nullish(),
});

const CLASSIC = {
  catalogueSchema: z.looseObject({
    numberCategories: z.array(catalogueItem).nullish(),
    pricePlans: z.array(catalogueItem).nullish(),
    services: z.array(catalogueItem).nullish(),
  }),
  marketCodesSchema: z.array(marketCodeSchema),
  banListQuery,
  banListSchema: z.array(z.union([z.string(), z.number()]).transform(String)),
  preorderStatusQuery,
  mySoliqDataSchema,
  preorderStatusSchema: z.looseObject({
    city: z.string().nullish(),
    esfKey: z.string().nullish(),
    ban: z.string().nullish(),
    status: z.union([z.string(), z.number()]).nullish(),
    data: z.looseObject({ mySoliqData: mySoliqDataSchema.nullish() }).nullish(),
  }),
  agentsSchema: z.array(z.looseObject({ id: anyId, name: z.string() })),
  checkLoginQuery: z.object({ userName: z.string().min(1).max(100) }),
  checkLoginResultSchema: z.looseObject({ free: z.boolean() }),
  connectType,
  orderRowSchema,
  preorderCreateBody: z.object({
    user: z.object({
      city: z.string().min(1).max(20),
      key: text(100).optional(),
      name: text().min(1),
      tin: digits,
      oked: text(20).optional(),
      regCode: text(50).optional(),
    }),
    business: z.object({
      index: text(20).optional(),
      country: text(100).optional(),
      oblast: text(100).optional(),
      gorod: text(100).optional(),
      rayon: text(100).optional(),
      address: text(300).optional(),
      dom: text(20).optional(),
      kvartira: text(20).optional(),
      phone: text(20).optional(),
    }),
    bank: z.object({
      bankName: text().optional(),
      bankAccount: text(40).optional(),
      mfo: text(20).optional(),
    }),
    contactFace: z.object({
      lastName: text(100).optional(),
      name: text(100).optional(),
      firstName: text(100).optional(),
      doljnost: text(100).optional(),
      birthDay: text(40).optional(),
      passport: text(20).optional(),
      email: z.string().min(3).max(200),
      phone: text(20).optional(),
    }),
    account: z.object({
      login: z
        .string()
        .min(3)
        // the wizard's own rule since the login rule became one (newLoginProblem: up to LOGIN_MAX, 100, not 50)
        .max(100)
        .regex(/^[A-Za-z0-9._-]*$/),
    }),
    info: z.object({ connectType, agentName: text().optional(), b2bOperName: text().optional() }),
    orders: z.array(orderRowSchema).max(100).optional(),
    licenceAccepted: wireBool.pipe(z.literal(true)),
    pkcs7: z.string().max(200_000).optional(),
  }),
  preorderCreatedSchema: preorderCreateResultSchema.extend({ phoneReserved: z.boolean().nullish() }),
  proveBody: z.object({ tin: z.string().regex(/^\d{9}$/), pcs7: z.string().min(1).max(200_000) }),
  proveResultSchema: z.looseObject({ proof: proofToken, expiresAt: z.number() }),
  companyQuery: z.object({ inn: z.string().regex(/^\d{9}$/), proof: proofToken }),
  provedBanListQuery: banListQuery.extend({ proof: proofToken.optional() }),
  provedStatusQuery: preorderStatusQuery.extend({ proof: proofToken.optional() }),
  draftChallengeBody: z.object({
    draft: z.looseObject({ user: z.looseObject({ tin: z.string().regex(/^\d{9}$/) }) }),
  }),
  draftChallengeResultSchema: challengeResultSchema.extend({ draftHash: z.string().regex(/^[0-9a-f]{64}$/) }),
  goldenCategoriesSchema: z.looseObject({
    categories: z.array(goldenCategorySchema),
    taxPayer: z.boolean().nullish(),
    taxPercent: z.number().nullish(),
  }),
} as const;

const PROOF = 'p'.repeat(32);
const HASH = 'ab'.repeat(32);
const DRAFT = {
  user: {
    city: 'BHK',
    key: '7a3c0009',
    name: 'Buxoro Yangi Texnologiyalar MChJ',
    tin: '305120788',
    oked: '62010',
  },
  business: { address: 'Buxoro sh.', phone: '998652001122', index: '200100', dom: '12' },
  bank: { bankName: 'Hamkorbank', bankAccount: '20208000905512345001', mfo: '00083' },
  contactFace: {
    lastName: 'Rahimova',
    name: 'Dilnoza',
    doljnost: 'direktor',
    birthDay: '1985-04-12',
    passport: 'AB1234567',
    email: 'info@buxorotech.uz',
    phone: '998901112233',
  },
  account: { login: 'buxorotech' },
  info: { connectType: 2, agentName: 'Agent' },
  orders: [
    { kolvo: 3, category: 192, tariff: '7', services: [1, '2'], nominal: 0 },
    { kolvo: 1, category: 1, tariff: 2 },
  ],
  licenceAccepted: 'true',
  pkcs7: 'MIIB',
};

/** Valid (or nearly valid) samples of each schema. */
const SAMPLES: Record<keyof typeof CLASSIC, unknown[]> = {
  catalogueSchema: [
    {
      numberCategories: [{ id: 1, name: 'A', price: '12.5' }],
      pricePlans: null,
      services: [{ id: 's', x: 1 }],
    },
    {},
  ],
  marketCodesSchema: [
    [{ name: 'Buxoro', code: 'BHK', storage: 'S', regionId: 3, myIdMarkedCodeId: '4' }],
    [],
  ],
  banListQuery: [{ inn: 305120788, marketCode: 'BHK' }],
  banListSchema: [['1', 2, '0003']],
  preorderStatusQuery: [{ inn: '305120788', 'market-code': 'BHK', ban: 12 }],
  mySoliqDataSchema: [{ CompanyName: 'X', CompanyInn: '305120788', director: null, other: 1 }],
  preorderStatusSchema: [
    { city: 'BHK', esfKey: '305120788', ban: '1', status: 2, data: { mySoliqData: { CompanyName: 'X' } } },
  ],
  agentsSchema: [[{ id: 1, name: 'Agent' }]],
  checkLoginQuery: [{ userName: 'buxorotech' }],
  checkLoginResultSchema: [{ free: true }],
  connectType: [1, 2, 3],
  orderRowSchema: [{ kolvo: 10_000, category: 1, tariff: 't', services: [], nominal: 5.5 }],
  preorderCreateBody: [DRAFT],
  preorderCreatedSchema: [{ id: 7, ban: '100', status: 'new', phoneReserved: true }],
  proveBody: [{ tin: '305120788', pcs7: 'MIIB' }],
  proveResultSchema: [{ proof: PROOF, expiresAt: 1 }],
  companyQuery: [{ inn: '305120788', proof: PROOF }],
  provedBanListQuery: [{ inn: '305120788', marketCode: 'BHK', proof: PROOF }],
  provedStatusQuery: [{ inn: '305120788', 'market-code': 'BHK', proof: PROOF }],
  draftChallengeBody: [{ draft: { user: { tin: '305120788', x: 1 }, other: true } }],
  draftChallengeResultSchema: [{ challenge: 'c'.repeat(16), expiresAt: 5, draftHash: HASH }],
  goldenCategoriesSchema: [
    {
      categories: [
        { id: 192, name: 'Bronze', price: '100000', withoutVat: 'false', examples: ['901234567'] },
      ],
      taxPayer: false,
      taxPercent: 12,
    },
  ],
};

/** Values a leaf is replaced with: wrong types, bounds, spellings the wire uses. */
const ODD: unknown[] = [
  undefined,
  null,
  '',
  'ab',
  'x'.repeat(21),
  'x'.repeat(101),
  'x'.repeat(201),
  'x'.repeat(301),
  'Кириллица',
  '12',
  '-4',
  '1.5',
  'true',
  'false',
  0,
  -1,
  1.5,
  4,
  10_001,
  Number.MAX_SAFE_INTEGER + 2,
  true,
  false,
  [],
  {},
  PROOF,
  HASH,
];

/** The sample with the value at `path` replaced (or removed, for undefined). */
function replaced(sample: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(sample) ? [...sample] : { ...(sample as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = replaced(copy[head], rest, value);
  if (value === undefined && rest.length === 0 && !Array.isArray(copy)) delete copy[head];
  return copy;
}

/** Every path to a leaf or a container of `sample` (the root included). */
function paths(sample: unknown, at: (string | number)[] = []): (string | number)[][] {
  const out = [at];
  if (sample !== null && typeof sample === 'object')
    for (const [k, v] of Object.entries(sample))
      out.push(...paths(v, [...at, Array.isArray(sample) ? Number(k) : k]));
  return out;
}

/** How a schema takes a value: the output, or that it refused it. */
function outcome(
  schema: { safeParse: (v: unknown) => { success: boolean; data?: unknown } },
  value: unknown,
) {
  const r = schema.safeParse(value);
  return r.success ? { ok: JSON.stringify(r.data) } : { refused: true };
}

describe('the public pages’ contract on zod/mini parses as the classic one did', () => {
  it.each(Object.keys(CLASSIC) as (keyof typeof CLASSIC)[])('%s', (name) => {
    const classic = CLASSIC[name];
    const now = (mini as unknown as Record<string, typeof classic>)[name];
    expect(now, name).toBeDefined();
    let accepted = 0;
    let refused = 0;
    for (const sample of SAMPLES[name]) {
      expect(outcome(classic, sample), `${name}: the sample itself is valid`).toHaveProperty('ok');
      for (const path of paths(sample)) {
        for (const value of ODD) {
          const input = replaced(sample, path, value);
          const want = outcome(classic, input);
          expect(
            outcome(now as never, input),
            `${name} with ${path.join('.')} = ${JSON.stringify(value)}`,
          ).toEqual(want);
          if ('ok' in want) accepted++;
          else refused++;
        }
      }
    }
    // the odd values probe both ways: some are taken, most are refused
    expect(refused).toBeGreaterThan(0);
    if (name !== 'connectType') expect(accepted).toBeGreaterThan(0);
  });
});
