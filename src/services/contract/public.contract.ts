import { z } from 'zod/mini';
import { LOGIN_CHARS, LOGIN_MAX, LOGIN_MIN } from '@/domain/credentials.rules';
import { defineEndpoint } from './endpoint';
import { amountMini as amount, anyIdMini as anyId, digitsMini as digits } from './mini-fields';

/**
 * The public onboarding pages' calls and shapes (spec 3 "Pre-order registration", "Client registration draft",
 * "Market code", "Connect types"; spec 4 registration wizard; spec 7 "Pre-order and registration"; the QR sale's
 * categories of the new-numbers page): what a visitor of /new-client and /new-numbers calls, without a session.
 *
 * Written with `zod/mini` (docs/decisions.md NC14), like the session slice: the API client loads this slice on its
 * own, so the public pages carry neither full `zod` nor the signed-in areas' schemas of the endpoint table. Mini
 * schemas parse exactly as the classic ones (the same core); tests/services/public-mini.contract.test.ts holds the
 * classic definitions these replaced and checks both parse the same values alike.
 */

/** A string of at most `max` characters (`min` at least). */
const text = (max = 200, min = 0) =>
  min > 0 ? z.string().check(z.minLength(min), z.maxLength(max)) : z.string().check(z.maxLength(max));
/** A string matching `re`. */
const matching = (re: RegExp) => z.string().check(z.regex(re));
/** Boolean carried in a query string: `true` / `'true'` / `false` / `'false'` (fields.contract.ts `wireBool`). */
const wireBool = z.union([
  z.boolean(),
  z.pipe(
    z.enum(['true', 'false']),
    z.transform((v) => v === 'true'),
  ),
]);
/** An item of a catalogue (service, price plan, number category): id and name, anything else loose. */
const catalogueItem = z.looseObject({ id: anyId, name: z.nullish(z.string()), price: z.nullish(amount) });
/** A status the server sends as a string or a number. */
const looseStatus = z.nullish(z.union([z.string(), z.number()]));

/** Services catalogue (online-sales/pre-order/services and pre-order/services): number categories, price plans
 *  and services offered to a new client. */
export const catalogueSchema = z.looseObject({
  numberCategories: z.nullish(z.array(catalogueItem)),
  pricePlans: z.nullish(z.array(catalogueItem)),
  services: z.nullish(z.array(catalogueItem)),
});
export type Catalogue = z.infer<typeof catalogueSchema>;

/** Market code = city of the registration (spec 3 "Market code"). */
export const marketCodeSchema = z.looseObject({
  name: z.string(),
  code: z.string(),
  storage: z.nullish(z.string()),
  regionId: z.nullish(anyId),
  myIdMarkedCodeId: z.nullish(anyId),
});
export type MarketCode = z.infer<typeof marketCodeSchema>;

/** GET pre-order/market-codes result. */
export const marketCodesSchema = z.array(marketCodeSchema);

/** A market code in a query. */
const marketCode = text(20, 1);

/** GET online-sales/pre-order/banList query: the company's tax id and city. */
export const banListQuery = z.object({ inn: digits, marketCode });
export type BanListQuery = z.input<typeof banListQuery>;

/** BANs of a company; numbers are accepted and turned into strings. */
export const banListSchema = z.array(z.pipe(z.union([z.string(), z.number()]), z.transform(String)));

/** GET online-sales/pre-order/status query. The wire name `market-code` is kebab-case (spec 7). */
export const preorderStatusQuery = z.object({
  inn: digits,
  'market-code': marketCode,
  ban: z.optional(digits),
});
export type PreorderStatusQuery = z.input<typeof preorderStatusQuery>;

/** Company data from the tax service (spec 3 `data.mySoliqData`). */
export const mySoliqDataSchema = z.looseObject({
  CompanyName: z.nullish(z.string()),
  CompanyInn: z.nullish(z.string()),
  Oked: z.nullish(z.string()),
  vatCode: z.nullish(z.string()),
  CompanyAddress: z.nullish(z.string()),
  bankName: z.nullish(z.string()),
  accountNumber: z.nullish(z.string()),
  bankMFO: z.nullish(z.string()),
  director: z.nullish(z.string()),
  taxPayerTypeName: z.nullish(z.string()),
});
export type MySoliqData = z.infer<typeof mySoliqDataSchema>;

/** Pre-order registration state of a company (spec 3): `city` is the market code, `esfKey` the tax id. */
export const preorderStatusSchema = z.looseObject({
  city: z.nullish(z.string()),
  esfKey: z.nullish(z.string()),
  ban: z.nullish(z.string()),
  status: looseStatus,
  data: z.nullish(z.looseObject({ mySoliqData: z.nullish(mySoliqDataSchema) })),
});
export type PreorderStatus = z.infer<typeof preorderStatusSchema>;

/** An agent a client may connect through (connect type 2). */
export const agentSchema = z.looseObject({ id: anyId, name: z.string() });
export type Agent = z.infer<typeof agentSchema>;
export const agentsSchema = z.array(agentSchema);

/** GET online-sales/pre-order/check-login query. */
export const checkLoginQuery = z.object({ userName: text(100, 1) });
export type CheckLoginQuery = z.infer<typeof checkLoginQuery>;

/** check-login result: whether the login is free ('Данный логин занят, выберите другой'). */
export const checkLoginResultSchema = z.looseObject({ free: z.boolean() });
export type CheckLoginResult = z.infer<typeof checkLoginResultSchema>;

/** Connect types (spec 3): 1 self, 2 agent, 3 B2B sales employee. */
export const connectType = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type ConnectType = z.infer<typeof connectType>;

/** Login of a new client: the wizard's own rule (`newLoginProblem`: Latin letters, digits, `._-`, 3 to LOGIN_MAX). */
export const latinLogin = z
  .string()
  .check(z.minLength(LOGIN_MIN), z.maxLength(LOGIN_MAX), z.regex(LOGIN_CHARS));

/** Legal data of the client (draft `user`). `key` is the chosen signing key's serial number. */
export const draftUser = z.object({
  city: text(20, 1),
  key: z.optional(text(100)),
  name: text(200, 1),
  tin: digits,
  oked: z.optional(text(20)),
  regCode: z.optional(text(50)),
});

/** Business address (draft `business`). */
export const draftBusiness = z.object({
  index: z.optional(text(20)),
  country: z.optional(text(100)),
  oblast: z.optional(text(100)),
  gorod: z.optional(text(100)),
  rayon: z.optional(text(100)),
  address: z.optional(text(300)),
  dom: z.optional(text(20)),
  kvartira: z.optional(text(20)),
  phone: z.optional(text(20)),
});

/** Bank details (draft `bank`). */
export const draftBank = z.object({
  bankName: z.optional(text()),
  bankAccount: z.optional(text(40)),
  mfo: z.optional(text(20)),
});

/** Contact person / director (draft `contactFace`). Email is required (spec 5). Passport data: never logged. */
export const draftContactFace = z.object({
  lastName: z.optional(text(100)),
  name: z.optional(text(100)),
  firstName: z.optional(text(100)),
  doljnost: z.optional(text(100)),
  birthDay: z.optional(text(40)),
  passport: z.optional(text(20)),
  email: text(200, 3),
  phone: z.optional(text(20)),
});

/** A new-number order row (spec 3): count, category, tariff, services, nominal. */
export const orderRowSchema = z.object({
  kolvo: z.int().check(z.minimum(1), z.maximum(10_000)),
  category: anyId,
  tariff: anyId,
  services: z._default(z.array(anyId).check(z.maxLength(100)), []),
  nominal: z.optional(z.number().check(z.nonnegative())),
});
export type OrderRow = z.input<typeof orderRowSchema>;

/** POST pre-order/create body: the client registration draft (spec 3) with the chosen login, connect info,
 *  ordered numbers and the signature of the application. */
export const preorderCreateBody = z.object({
  user: draftUser,
  business: draftBusiness,
  bank: draftBank,
  contactFace: draftContactFace,
  account: z.object({ login: latinLogin }),
  info: z.object({ connectType, agentName: z.optional(text()), b2bOperName: z.optional(text()) }),
  orders: z.optional(z.array(orderRowSchema).check(z.maxLength(100))),
  licenceAccepted: z.pipe(wireBool, z.literal(true)),
  pkcs7: z.optional(text(200_000)),
});
export type PreorderCreateBody = z.input<typeof preorderCreateBody>;

/** POST pre-order/create result. */
export const preorderCreateResultSchema = z.looseObject({
  id: anyId,
  ban: z.nullish(z.string()),
  status: looseStatus,
});
export type PreorderCreateResult = z.infer<typeof preorderCreateResultSchema>;

/** POST pre-order/create result as the wizard reads it: the id, the status and the phone reservation flag. */
export const preorderCreatedSchema = z.extend(preorderCreateResultSchema, {
  phoneReserved: z.nullish(z.boolean()),
});

// ── the proved key and the tax-service call (docs/decisions.md NC3, NC4) ─────────────────────────────────────────────

/** A company's tax id as the public calls take it: nine digits. */
const tin9 = matching(/^\d{9}$/);

/** A proof token: opens the company data, banList and status of one TIN (NC3). */
const proofToken = matching(/^[A-Za-z0-9_-]{20,100}$/);

/** POST online-sales/pre-order/prove body: the TIN and the CMS of a `preregister` document over `{user:{tin}}`
 *  under a challenge of online-sales/pre-order/signing-challenge (NC3). */
export const proveBody = z.object({ tin: tin9, pcs7: text(200_000, 1) });
export type ProveBody = z.input<typeof proveBody>;

/** The proof of holding a key of `tin`, valid until `expiresAt` (ms since the epoch). */
export const proveResultSchema = z.looseObject({ proof: proofToken, expiresAt: z.number() });
export type ProveResult = z.infer<typeof proveResultSchema>;

/** GET online-sales/pre-order/company query: the tax service's data of a company (NC4; the spec names no call). */
export const companyQuery = z.object({ inn: tin9, proof: proofToken });
export type CompanyQuery = z.input<typeof companyQuery>;

/** banList and status, answered on the public page only with a proof for that TIN (NC3). */
export const provedBanListQuery = z.extend(banListQuery, { proof: z.optional(proofToken) });
export const provedStatusQuery = z.extend(preorderStatusQuery, { proof: z.optional(proofToken) });

/** POST online-sales/pre-order/signing-challenge body: the draft the signature will cover (no session yet); the
 *  draft names at least its company's tax id (spec 3 "Client registration draft", `user.tin`). */
export const draftChallengeBody = z.object({
  draft: z.looseObject({ user: z.looseObject({ tin: tin9 }) }),
  /** which signature the challenge is for (NC22): the key proof of step one or the application (the default) */
  action: z.optional(z.enum(['key-proof', 'preregister'])),
});

/** The pre-registration challenge: one-time, valid until `expiresAt`, naming the draft hash the signed document's
 *  targets must carry (signing.contract.ts `challengeResultSchema` plus `draftHash`). */
export const draftChallengeResultSchema = z.looseObject({
  challenge: text(200, 16),
  expiresAt: z.number(),
  draftHash: matching(/^[0-9a-f]{64}$/),
});

// ── the QR sale's categories (the new-numbers page, NC9) ──────────────────────────────────────────────────────────────

/** A price category of numbers (golden-number/categories and /categories/qr). */
export const goldenCategorySchema = z.looseObject({
  id: z.int(),
  name: z.string(),
  price: amount,
  withoutVat: z.nullish(z.union([z.string(), z.number(), z.boolean()])),
  /** a few example numbers of the category (the public new-numbers page, golden-number/categories/qr; NC9) */
  examples: z.nullish(z.array(matching(/^\d{9}$/)).check(z.maxLength(20))),
});
export type GoldenCategory = z.infer<typeof goldenCategorySchema>;

/** GET golden-number/categories (and /categories/qr) result. */
export const goldenCategoriesSchema = z.looseObject({
  categories: z.array(goldenCategorySchema),
  taxPayer: z.nullish(z.boolean()),
  taxPercent: z.nullish(z.number()),
});
export type GoldenCategories = z.infer<typeof goldenCategoriesSchema>;

/**
 * The public pages' slice of the endpoint table, spread into `endpoints.ts`. The API client fetches it as a chunk of
 * its own on the first of these calls (src/services/api/client.ts), not the whole table.
 */
export const publicEndpoints = {
  'preorder.onlineServices': defineEndpoint({
    method: 'GET',
    path: 'online-sales/pre-order/services',
    result: catalogueSchema,
    auth: 'public',
    summary: 'number categories, price plans and services for a pre-order',
  }),
  'preorder.banList': defineEndpoint({
    method: 'GET',
    path: 'online-sales/pre-order/banList',
    query: provedBanListQuery,
    result: banListSchema,
    auth: 'public',
    summary: 'BANs of a company in a city (public page: only with a proof of the key of that TIN, NC3)',
  }),
  'preorder.status': defineEndpoint({
    method: 'GET',
    path: 'online-sales/pre-order/status',
    query: provedStatusQuery,
    result: preorderStatusSchema,
    auth: 'public',
    summary:
      'pre-order registration state of a company (E026; only with a proof of the key of that TIN, NC3)',
  }),
  'preorder.agents': defineEndpoint({
    method: 'GET',
    path: 'online-sales/pre-order/agents',
    result: agentsSchema,
    auth: 'public',
    summary: 'agents a client may connect through',
  }),
  'preorder.checkLogin': defineEndpoint({
    method: 'GET',
    path: 'online-sales/pre-order/check-login',
    query: checkLoginQuery,
    result: checkLoginResultSchema,
    auth: 'public',
    summary: 'whether a login is free',
  }),
  'preorder.marketCodes': defineEndpoint({
    method: 'GET',
    path: 'pre-order/market-codes',
    result: marketCodesSchema,
    auth: 'public',
    summary: 'cities (market codes)',
  }),
  'preorder.services': defineEndpoint({
    method: 'GET',
    path: 'pre-order/services',
    result: catalogueSchema,
    auth: 'public',
    summary: 'services catalogue of step two of the wizard',
  }),
  'preorder.create': defineEndpoint({
    method: 'POST',
    path: 'pre-order/create',
    body: preorderCreateBody,
    result: preorderCreatedSchema,
    auth: 'public',
    summary: 'submit the client registration, signed with E-IMZO (NC5)',
  }),
  'preorder.prove': defineEndpoint({
    method: 'POST',
    path: 'online-sales/pre-order/prove',
    body: proveBody,
    result: proveResultSchema,
    auth: 'public',
    summary: 'a signed challenge proves holding a key of the TIN (path decided, NC3)',
  }),
  'preorder.company': defineEndpoint({
    method: 'GET',
    path: 'online-sales/pre-order/company',
    query: companyQuery,
    result: mySoliqDataSchema,
    auth: 'public',
    summary: 'company data from the tax service (mySoliqData) for a proved TIN (path decided, NC4)',
  }),
  'preorder.signingChallenge': defineEndpoint({
    method: 'POST',
    path: 'online-sales/pre-order/signing-challenge',
    body: draftChallengeBody,
    result: draftChallengeResultSchema,
    auth: 'public',
    summary: 'a one-time challenge bound to a pre-registration draft (no session yet)',
  }),
  'golden.categoriesQr': defineEndpoint({
    method: 'GET',
    path: 'golden-number/categories/qr',
    result: goldenCategoriesSchema,
    auth: 'public',
    summary: 'price categories for the QR sale',
  }),
} as const;
