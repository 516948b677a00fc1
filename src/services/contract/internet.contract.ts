import { z } from 'zod';
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
  group: z.string().nullish(),
  price: amount.nullish(),
  volume: z.union([z.string(), z.number()]).nullish(),
  period: z.number().int().nullish(),
  isFree: z.boolean().nullish(),
  /** getPackages: the number has this package now */
  connected: z.boolean().nullish(),
});
export type InternetPackage = z.infer<typeof internetPackageSchema>;
export const internetPackagesSchema = z.array(internetPackageSchema);

/** Package group filter (`ipGroup`). */
export const ipGroupQuery = z.object({ ipGroup: z.string().min(1).max(50) });
export type IpGroupQuery = z.infer<typeof ipGroupQuery>;

/** `isFree` switch of the promotion calls. */
export const isFreeQuery = z.object({ isFree: wireBool });
export type IsFreeQuery = z.input<typeof isFreeQuery>;

/** A package connected on a number. */
export const connectedPackageSchema = z.looseObject({ soc: z.string(), name: z.string() });

/** An employee number of the company with what it has connected (the group's packages) and roaming. */
export const ipEmployeeSchema = z.looseObject({
  sn: z.string(),
  name: z.string().nullish(),
  pricePlan: z.string().nullish(),
  soc: z.string().nullish(),
  packageName: z.string().nullish(),
  packages: z.array(connectedPackageSchema).nullish(),
  roaming: z.boolean().nullish(),
});
export type IpEmployee = z.infer<typeof ipEmployeeSchema>;
export const ipEmployeesSchema = z.array(ipEmployeeSchema);

/** GET employees?ipGroup: searched (`q`: digits of a number or part of a name) and paged on the server (SV3). */
export const employeesQuery = z.object({
  ipGroup: z.string().min(1).max(50),
  q: z.string().max(50).optional(),
  page: wirePage.optional(),
  size: wireSize.optional(),
});
export type EmployeesQuery = z.input<typeof employeesQuery>;

/** GET employeesPromotionIp?isFree: the promotion's numbers, searched and paged like the employees (SV5). */
export const promotionQuery = z.object({
  isFree: wireBool,
  q: z.string().max(50).optional(),
  page: wirePage.optional(),
  size: wireSize.optional(),
});
export type PromotionQuery = z.input<typeof promotionQuery>;

/** Which list "select all filtered" reads: every employee, those with a package of the group, the promotion's. */
export const employeeListKind = z.enum(['connect', 'disconnect', 'promo']);
export type EmployeeListKind = z.infer<typeof employeeListKind>;

/** GET employees/numbers query. */
export const employeeNumbersQuery = z.object({
  ipGroup: z.string().min(1).max(50),
  list: employeeListKind,
  q: z.string().max(50).optional(),
});
export type EmployeeNumbersQuery = z.input<typeof employeeNumbersQuery>;

/** A page of employees. */
export const employeesPageSchema = z.looseObject({
  content: ipEmployeesSchema,
  totalElements: z.number().int().nonnegative(),
  totalPages: z.number().int().nonnegative(),
});
export type EmployeesPage = z.infer<typeof employeesPageSchema>;

/** GET employees/numbers?ipGroup,q: every number of the filter, for "select all filtered" (SV3; not in the spec). */
export const employeeNumbersSchema = z.looseObject({
  sns: z.array(z.string()),
  total: z.number().int().nonnegative(),
});
export type EmployeeNumbers = z.infer<typeof employeeNumbersSchema>;

/** GET internet-package/checkBalance result: the balance a package is paid from. */
export const checkBalanceSchema = z.looseObject({
  balance: amount.nullish(),
  enough: z.boolean().nullish(),
});
export type CheckBalance = z.infer<typeof checkBalanceSchema>;

/** GET internet-package/getPackages query. */
export const getPackagesQuery = z.object({ sn: digits, pricePlan: z.string().min(1).max(50) });
export type GetPackagesQuery = z.input<typeof getPackagesQuery>;

/** GET internet-package/has-deposit result. */
export const hasDepositSchema = z.looseObject({ hasDeposit: z.boolean() });
export type HasDeposit = z.infer<typeof hasDepositSchema>;

/** Body of setup / setupFree / delete / setup-roaming / delete-roaming: which package on which numbers, paid by
 *  which BAN (E031 insufficient balance, E123 limit, E124 already connected, E125 other BAN). */
export const packageActionBody = z.object({
  soc: z.string().min(1).max(50),
  sns: z.array(digits).min(1).max(1000),
  payerBan: digits.optional(),
  /** the language the issued services document is written in (SV8) */
  lang: z.enum(['ru', 'uz']).optional(),
});
export type PackageActionBody = z.input<typeof packageActionBody>;

/** Body of deleteAgreement: numbers whose package agreement is cancelled. */
export const deleteAgreementBody = z.object({
  sns: z.array(digits).min(1).max(1000),
  payerBan: digits.optional(),
  lang: z.enum(['ru', 'uz']).optional(),
});
export type DeleteAgreementBody = z.input<typeof deleteAgreementBody>;

/** One number's outcome as the server confirmed it: `accepted` or a catalogue code (SV7). */
export const numberOutcomeSchema = z.looseObject({ sn: z.string(), code: z.string() });

/** Result of the package actions: per-number outcome, the balance left and the services document issued (SV7, SV8). */
export const packageActionResultSchema = numbersOutcome.extend({
  outcomes: z.array(numberOutcomeSchema).nullish(),
  balance: amount.nullish(),
  documentId: z.number().int().nullish(),
});
export type PackageActionResult = z.infer<typeof packageActionResultSchema>;

/** The internet calls of spec 7 (the endpoint table's slice, docs/decisions.md AR7). */
export const internetEndpoints = {
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
