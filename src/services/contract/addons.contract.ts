import { z } from 'zod/mini';
import { defineEndpoint } from './endpoint';
import { amount, digits, numbersOutcome, wireBool, wirePage, wireSize } from './fields.contract';

/**
 * Internet packages and roaming (spec 3 "Internet package"; spec 7, all under `internet-package/`; docs/decisions.md
 * "Services"). Field names beyond the spec's `name`, `soc`, `ipGroup`, `sn`, `pricePlan`, `isFree` are ours (SV2-SV8).
 */

/** A package (or roaming option) identified by its `soc` code: volume in MB (null: unlimited), price in sums, period
 *  in days (SV2). */
export const internetPackageSchema = z.looseObject({
  name: z.string(),
  soc: z.string(),
  group: z.nullish(z.string()),
  price: z.nullish(amount),
  volume: z.nullish(z.union([z.string(), z.number()])),
  period: z.nullish(z.int()),
  isFree: z.nullish(z.boolean()),
  /** getPackages: the number has this package now */
  connected: z.nullish(z.boolean()),
});
export type InternetPackage = z.infer<typeof internetPackageSchema>;
export const internetPackagesSchema = z.array(internetPackageSchema);

/** Package group filter (`ipGroup`). */
export const ipGroupQuery = z.object({ ipGroup: z.string().check(z.minLength(1), z.maxLength(50)) });
export type IpGroupQuery = z.infer<typeof ipGroupQuery>;

/** `isFree` switch of the promotion calls. */
export const isFreeQuery = z.object({ isFree: wireBool });
export type IsFreeQuery = z.input<typeof isFreeQuery>;

/** A package connected on a number. */
export const connectedPackageSchema = z.looseObject({ soc: z.string(), name: z.string() });

/** An employee number of the company with what it has connected (the group's packages) and roaming. */
export const ipEmployeeSchema = z.looseObject({
  sn: z.string(),
  name: z.nullish(z.string()),
  pricePlan: z.nullish(z.string()),
  soc: z.nullish(z.string()),
  packageName: z.nullish(z.string()),
  packages: z.nullish(z.array(connectedPackageSchema)),
  roaming: z.nullish(z.boolean()),
});
export type IpEmployee = z.infer<typeof ipEmployeeSchema>;
export const ipEmployeesSchema = z.array(ipEmployeeSchema);

/** GET employees?ipGroup: searched (`q`: digits of a number or part of a name) and paged on the server (SV3). */
export const employeesQuery = z.object({
  ipGroup: z.string().check(z.minLength(1), z.maxLength(50)),
  q: z.optional(z.string().check(z.maxLength(50))),
  page: z.optional(wirePage),
  size: z.optional(wireSize),
});
export type EmployeesQuery = z.input<typeof employeesQuery>;

/** GET employeesPromotionIp?isFree: the promotion's numbers, searched and paged like the employees (SV5). */
export const promotionQuery = z.object({
  isFree: wireBool,
  q: z.optional(z.string().check(z.maxLength(50))),
  page: z.optional(wirePage),
  size: z.optional(wireSize),
});
export type PromotionQuery = z.input<typeof promotionQuery>;

/** Which list "select all filtered" reads: every employee, those with a package of the group, the promotion's. */
export const employeeListKind = z.enum(['connect', 'disconnect', 'promo']);
export type EmployeeListKind = z.infer<typeof employeeListKind>;

/** GET employees/numbers query. */
export const employeeNumbersQuery = z.object({
  ipGroup: z.string().check(z.minLength(1), z.maxLength(50)),
  list: employeeListKind,
  q: z.optional(z.string().check(z.maxLength(50))),
});
export type EmployeeNumbersQuery = z.input<typeof employeeNumbersQuery>;

/** A page of employees. */
export const employeesPageSchema = z.looseObject({
  content: ipEmployeesSchema,
  totalElements: z.int().check(z.nonnegative()),
  totalPages: z.int().check(z.nonnegative()),
});
export type EmployeesPage = z.infer<typeof employeesPageSchema>;

/** GET employees/numbers?ipGroup,q: every number of the filter, for "select all filtered" (SV3; not in the spec). */
export const employeeNumbersSchema = z.looseObject({
  sns: z.array(z.string()),
  total: z.int().check(z.nonnegative()),
});
export type EmployeeNumbers = z.infer<typeof employeeNumbersSchema>;

/** GET internet-package/checkBalance result: the balance a package is paid from. */
export const checkBalanceSchema = z.looseObject({
  balance: z.nullish(amount),
  enough: z.nullish(z.boolean()),
});
export type CheckBalance = z.infer<typeof checkBalanceSchema>;

/** GET internet-package/getPackages query. */
export const getPackagesQuery = z.object({
  sn: digits,
  pricePlan: z.string().check(z.minLength(1), z.maxLength(50)),
});
export type GetPackagesQuery = z.input<typeof getPackagesQuery>;

/** GET internet-package/has-deposit result. */
export const hasDepositSchema = z.looseObject({ hasDeposit: z.boolean() });
export type HasDeposit = z.infer<typeof hasDepositSchema>;

/** Body of setup / setupFree / delete / setup-roaming / delete-roaming: which package on which numbers, paid by
 *  which BAN (E031 insufficient balance, E123 limit, E124 already connected, E125 other BAN). */
export const packageActionBody = z.object({
  soc: z.string().check(z.minLength(1), z.maxLength(50)),
  sns: z.array(digits).check(z.minLength(1), z.maxLength(1000)),
  payerBan: z.optional(digits),
  /** the language the issued services document is written in (SV8) */
  lang: z.optional(z.enum(['ru', 'uz'])),
});
export type PackageActionBody = z.input<typeof packageActionBody>;

/** POST internet-package/quote body (SV12; not in the spec): the action, the package (`ROAM` for roaming) and the chosen
 *  numbers, before the review. */
export const quoteBody = z.object({
  action: z.enum(['connect', 'connectFree', 'roamingOn']),
  soc: z.string().check(z.minLength(1), z.maxLength(50)),
  sns: z.array(digits).check(z.minLength(1), z.maxLength(5000)),
  payerBan: z.optional(digits),
});
export type QuoteBody = z.input<typeof quoteBody>;

/** POST internet-package/quote result: the numbers that have it already (left out), the numbers the order goes to,
 *  and the total the server charges for them. */
export const quoteResultSchema = z.looseObject({
  already: z.array(z.string()),
  sns: z.array(z.string()),
  total: amount,
});
export type QuoteResult = z.infer<typeof quoteResultSchema>;

/** Body of deleteAgreement: numbers whose package agreement is cancelled. */
export const deleteAgreementBody = z.object({
  sns: z.array(digits).check(z.minLength(1), z.maxLength(1000)),
  payerBan: z.optional(digits),
  lang: z.optional(z.enum(['ru', 'uz'])),
});
export type DeleteAgreementBody = z.input<typeof deleteAgreementBody>;

/** One number's outcome as the server confirmed it: `accepted` or a catalogue code (SV7). */
export const numberOutcomeSchema = z.looseObject({ sn: z.string(), code: z.string() });

/** Result of the package actions: per-number outcome, the balance left and the services document issued (SV7, SV8). */
export const packageActionResultSchema = z.extend(numbersOutcome, {
  outcomes: z.nullish(z.array(numberOutcomeSchema)),
  balance: z.nullish(amount),
  documentId: z.nullish(z.int()),
});
export type PackageActionResult = z.infer<typeof packageActionResultSchema>;

/** The internet calls of spec 7 (the endpoint table's slice, docs/decisions.md AR7). */
export const addonsEndpoints = {
  'internet.services': defineEndpoint({
    method: 'GET',
    path: 'internet-package/services',
    query: ipGroupQuery,
    result: internetPackagesSchema,
    auth: 'session',
    summary: 'packages of a group',
  }),
  'internet.forConPp': defineEndpoint({
    method: 'GET',
    path: 'internet-package/internet-package-services/for-con-pp',
    result: internetPackagesSchema,
    auth: 'session',
    summary: 'packages for the connection price plan',
  }),
  'internet.employees': defineEndpoint({
    method: 'GET',
    path: 'internet-package/employees',
    query: employeesQuery,
    result: employeesPageSchema,
    auth: 'session',
    summary: 'employee numbers and their packages, searched and paged (SV3)',
  }),
  'internet.employeesPromotion': defineEndpoint({
    method: 'GET',
    path: 'internet-package/employeesPromotionIp',
    query: promotionQuery,
    result: employeesPageSchema,
    auth: 'session',
    summary: 'employee numbers with a promotional free package to take (isFree) or taken (SV5)',
  }),
  'internet.employeesDeactivate': defineEndpoint({
    method: 'GET',
    path: 'internet-package/employees/deactivate',
    query: employeesQuery,
    result: employeesPageSchema,
    auth: 'session',
    summary: 'employee numbers whose package of the group can be switched off',
  }),
  'internet.employeeNumbers': defineEndpoint({
    method: 'GET',
    path: 'internet-package/employees/numbers',
    query: employeeNumbersQuery,
    result: employeeNumbersSchema,
    auth: 'session',
    summary: 'every number of a list filter, for "select all filtered" (SV3; not in the spec)',
  }),
  'internet.checkBalance': defineEndpoint({
    method: 'GET',
    path: 'internet-package/checkBalance',
    result: checkBalanceSchema,
    auth: 'session',
    summary: 'balance check before connecting',
  }),
  'internet.packages': defineEndpoint({
    method: 'GET',
    path: 'internet-package/getPackages',
    query: getPackagesQuery,
    result: internetPackagesSchema,
    auth: 'session',
    summary: 'packages available for a number',
  }),
  'internet.hasDeposit': defineEndpoint({
    method: 'GET',
    path: 'internet-package/has-deposit',
    result: hasDepositSchema,
    auth: 'session',
    summary: 'whether the company has a deposit',
  }),
  'internet.quote': defineEndpoint({
    method: 'POST',
    path: 'internet-package/quote',
    body: quoteBody,
    result: quoteResultSchema,
    auth: 'session',
    summary: 'which chosen numbers have it already, and the total of the rest (SV12; not in the spec)',
  }),
  'internet.setup': defineEndpoint({
    method: 'POST',
    path: 'internet-package/setup',
    body: packageActionBody,
    result: packageActionResultSchema,
    auth: 'session',
    summary: 'connect a package (E031, E123, E124, E125)',
  }),
  'internet.setupFree': defineEndpoint({
    method: 'POST',
    path: 'internet-package/setupFree',
    query: isFreeQuery,
    body: packageActionBody,
    result: packageActionResultSchema,
    auth: 'session',
    summary: 'connect a promotion package',
  }),
  'internet.delete': defineEndpoint({
    method: 'POST',
    path: 'internet-package/delete',
    body: packageActionBody,
    result: packageActionResultSchema,
    auth: 'session',
    summary: 'disconnect a package',
  }),
  'internet.deleteAgreement': defineEndpoint({
    method: 'POST',
    path: 'internet-package/deleteAgreement',
    body: deleteAgreementBody,
    result: packageActionResultSchema,
    auth: 'session',
    summary: 'cancel the package agreement',
  }),
  'internet.setupRoaming': defineEndpoint({
    method: 'POST',
    path: 'internet-package/setup-roaming',
    body: packageActionBody,
    result: packageActionResultSchema,
    auth: 'session',
    summary: 'connect roaming',
  }),
  'internet.deleteRoaming': defineEndpoint({
    method: 'POST',
    path: 'internet-package/delete-roaming',
    body: packageActionBody,
    result: packageActionResultSchema,
    auth: 'session',
    summary: 'disconnect roaming',
  }),
} as const;
