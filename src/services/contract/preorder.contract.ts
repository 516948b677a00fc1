import { z } from 'zod';
import { anyId, catalogueItem, digits, wireBool } from './fields.contract';

/**
 * Pre-registration of corporate clients (spec 3 "Pre-order registration", "Client registration draft",
 * "Market code", "Connect types"; spec 4 registration wizard; spec 7 "Pre-order and registration").
 */

/** Services catalogue (online-sales/pre-order/services and pre-order/services): number categories, price plans
 *  and services offered to a new client. */
export const catalogueSchema = z.looseObject({
  numberCategories: z.array(catalogueItem).nullish(),
  pricePlans: z.array(catalogueItem).nullish(),
  services: z.array(catalogueItem).nullish(),
});
export type Catalogue = z.infer<typeof catalogueSchema>;

/** Market code = city of the registration (spec 3 "Market code"). */
export const marketCodeSchema = z.looseObject({
  name: z.string(),
  code: z.string(),
  storage: z.string().nullish(),
  regionId: anyId.nullish(),
  myIdMarkedCodeId: anyId.nullish(),
});
export type MarketCode = z.infer<typeof marketCodeSchema>;

/** GET pre-order/market-codes result. */
export const marketCodesSchema = z.array(marketCodeSchema);

/** GET online-sales/pre-order/banList query: the company's tax id and city. */
export const banListQuery = z.object({ inn: digits, marketCode: z.string().min(1).max(20) });
export type BanListQuery = z.input<typeof banListQuery>;

/** BANs of a company; numbers are accepted and turned into strings. */
export const banListSchema = z.array(z.union([z.string(), z.number()]).transform(String));

/** GET online-sales/pre-order/status query. The wire name `market-code` is kebab-case (spec 7). */
export const preorderStatusQuery = z.object({
  inn: digits,
  'market-code': z.string().min(1).max(20),
  ban: digits.optional(),
});
export type PreorderStatusQuery = z.input<typeof preorderStatusQuery>;

/** Company data from the tax service (spec 3 `data.mySoliqData`). */
export const mySoliqDataSchema = z.looseObject({
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
export type MySoliqData = z.infer<typeof mySoliqDataSchema>;

/** Pre-order registration state of a company (spec 3): `city` is the market code, `esfKey` the tax id. */
export const preorderStatusSchema = z.looseObject({
  city: z.string().nullish(),
  esfKey: z.string().nullish(),
  ban: z.string().nullish(),
  status: z.union([z.string(), z.number()]).nullish(),
  data: z.looseObject({ mySoliqData: mySoliqDataSchema.nullish() }).nullish(),
});
export type PreorderStatus = z.infer<typeof preorderStatusSchema>;

/** An agent a client may connect through (connect type 2). */
export const agentSchema = z.looseObject({ id: anyId, name: z.string() });
export type Agent = z.infer<typeof agentSchema>;
export const agentsSchema = z.array(agentSchema);

/** GET online-sales/pre-order/check-login query. */
export const checkLoginQuery = z.object({ userName: z.string().min(1).max(100) });
export type CheckLoginQuery = z.infer<typeof checkLoginQuery>;

/** check-login result: whether the login is free ('Данный логин занят, выберите другой'). */
export const checkLoginResultSchema = z.looseObject({ free: z.boolean() });
export type CheckLoginResult = z.infer<typeof checkLoginResultSchema>;

/** Connect types (spec 3): 1 self, 2 agent, 3 B2B sales employee. */
export const connectType = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type ConnectType = z.infer<typeof connectType>;

/** Login of a new client: Latin only (spec 5 'ввод должен быть исключительно латиницей'). */
export const latinLogin = z
  .string()
  .min(3)
  .max(50)
  .regex(/^[A-Za-z0-9._-]+$/);

const text = (max = 200) => z.string().max(max);

/** Legal data of the client (draft `user`). `key` is the chosen signing key's serial number. */
export const draftUser = z.object({
  city: z.string().min(1).max(20),
  key: text(100).optional(),
  name: text().min(1),
  tin: digits,
  oked: text(20).optional(),
  regCode: text(50).optional(),
});

/** Business address (draft `business`). */
export const draftBusiness = z.object({
  index: text(20).optional(),
  country: text(100).optional(),
  oblast: text(100).optional(),
  gorod: text(100).optional(),
  rayon: text(100).optional(),
  address: text(300).optional(),
  dom: text(20).optional(),
  kvartira: text(20).optional(),
  phone: text(20).optional(),
});

/** Bank details (draft `bank`). */
export const draftBank = z.object({
  bankName: text().optional(),
  bankAccount: text(40).optional(),
  mfo: text(20).optional(),
});

/** Contact person / director (draft `contactFace`). Email is required (spec 5). Passport data: never logged. */
export const draftContactFace = z.object({
  lastName: text(100).optional(),
  name: text(100).optional(),
  firstName: text(100).optional(),
  doljnost: text(100).optional(),
  birthDay: text(40).optional(),
  passport: text(20).optional(),
  email: z.string().min(3).max(200),
  phone: text(20).optional(),
});

/** A new-number order row (spec 3): count, category, tariff, services, nominal. */
export const orderRowSchema = z.object({
  kolvo: z.number().int().min(1).max(10_000),
  category: anyId,
  tariff: anyId,
  services: z.array(anyId).max(100).default([]),
  nominal: z.number().nonnegative().optional(),
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
  info: z.object({
    connectType,
    agentName: text().optional(),
    b2bOperName: text().optional(),
  }),
  orders: z.array(orderRowSchema).max(100).optional(),
  licenceAccepted: wireBool.pipe(z.literal(true)),
  pkcs7: z.string().max(200_000).optional(),
});
export type PreorderCreateBody = z.input<typeof preorderCreateBody>;

/** POST pre-order/create result. */
export const preorderCreateResultSchema = z.looseObject({
  id: anyId,
  ban: z.string().nullish(),
  status: z.union([z.string(), z.number()]).nullish(),
});
export type PreorderCreateResult = z.infer<typeof preorderCreateResultSchema>;

// ── public onboarding: the proved key, the tax-service call and the staff list (docs/decisions.md NC3, NC4, NC8) ─────

/** A proof token: opens the company data, banList and status of one TIN (NC3). */
const proofToken = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/);

/** POST online-sales/pre-order/prove body: the TIN and the CMS of a `preregister` document over `{user:{tin}}`
 *  under a challenge of online-sales/pre-order/signing-challenge (NC3). */
export const proveBody = z.object({ tin: z.string().regex(/^\d{9}$/), pcs7: z.string().min(1).max(200_000) });
export type ProveBody = z.input<typeof proveBody>;

/** The proof of holding a key of `tin`, valid until `expiresAt` (ms since the epoch). */
export const proveResultSchema = z.looseObject({ proof: proofToken, expiresAt: z.number() });
export type ProveResult = z.infer<typeof proveResultSchema>;

/** GET online-sales/pre-order/company query: the tax service's data of a company (NC4; the spec names no call). */
export const companyQuery = z.object({ inn: z.string().regex(/^\d{9}$/), proof: proofToken });
export type CompanyQuery = z.input<typeof companyQuery>;

/** banList and status, answered on the public page only with a proof for that TIN (NC3). */
export const provedBanListQuery = banListQuery.extend({ proof: proofToken.optional() });
export const provedStatusQuery = preorderStatusQuery.extend({ proof: proofToken.optional() });

/** Pre-order statuses of the reference backend (NC6): new → review → registered (or rejected). */
export const preorderStatusValue = z.enum(['new', 'review', 'registered', 'rejected']);
export type PreorderStatusValue = z.infer<typeof preorderStatusValue>;

/** POST pre-order/create result as the wizard reads it: the id, the status and the phone reservation flag. */
export const preorderCreatedSchema = preorderCreateResultSchema.extend({
  phoneReserved: z.boolean().nullish(),
});

/** A created pre-order as staff see it (GET pre-order/list, NC8). */
export const preorderRowSchema = z.looseObject({
  id: z.number(),
  tin: z.string(),
  companyName: z.string(),
  marketCode: z.string(),
  login: z.string(),
  connectType: connectType,
  status: preorderStatusValue,
  phoneReserved: z.boolean(),
  createdAt: z.number(),
});
export type PreorderRow = z.infer<typeof preorderRowSchema>;
export const preorderListSchema = z.looseObject({ rows: z.array(preorderRowSchema), total: z.number() });
export const preorderListQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });

/** POST pre-order/{id}/status params and body: where staff move a pre-order (NC12, `nextPreorderStatuses`). */
export const preorderIdParams = z.object({ id: z.string().regex(/^\d{1,12}$/) });
export const preorderMoveBody = z.object({ status: z.enum(['review', 'registered', 'rejected']) });
/** POST pre-order/{id}/status result: the status and the reservation flag the pre-order now has. */
export const preorderMovedSchema = z.looseObject({
  id: z.number(),
  status: preorderStatusValue,
  phoneReserved: z.boolean(),
});
