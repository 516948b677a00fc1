import { z } from 'zod';
import { amount, digits, numbersOutcome, wireBool } from './fields.contract';

/**
 * Internet packages and roaming (spec 3 "Internet package"; spec 7, all under `internet-package/`).
 */

/** A package (or roaming option) identified by its `soc` code. */
export const internetPackageSchema = z.looseObject({
  name: z.string(),
  soc: z.string(),
  price: amount.nullish(),
  volume: z.union([z.string(), z.number()]).nullish(),
});
export type InternetPackage = z.infer<typeof internetPackageSchema>;
export const internetPackagesSchema = z.array(internetPackageSchema);

/** Package group filter (`ipGroup`). */
export const ipGroupQuery = z.object({ ipGroup: z.string().min(1).max(50) });
export type IpGroupQuery = z.infer<typeof ipGroupQuery>;

/** `isFree` switch of the promotion calls. */
export const isFreeQuery = z.object({ isFree: wireBool });
export type IsFreeQuery = z.input<typeof isFreeQuery>;

/** An employee number of the company with its current package. */
export const ipEmployeeSchema = z.looseObject({
  sn: z.string(),
  name: z.string().nullish(),
  soc: z.string().nullish(),
  packageName: z.string().nullish(),
});
export type IpEmployee = z.infer<typeof ipEmployeeSchema>;
export const ipEmployeesSchema = z.array(ipEmployeeSchema);

/** GET internet-package/checkBalance result: the balance and whether it covers a package. */
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

/** Body of setup / setupFree / delete / setup-roaming / delete-roaming: which package on which numbers
 *  (E031 insufficient balance, E123 limit, E124 already connected, E125 other BAN). */
export const packageActionBody = z.object({
  soc: z.string().min(1).max(50),
  sns: z.array(digits).min(1).max(1000),
});
export type PackageActionBody = z.input<typeof packageActionBody>;

/** Body of deleteAgreement: numbers whose package agreement is cancelled. */
export const deleteAgreementBody = z.object({ sns: z.array(digits).min(1).max(1000) });
export type DeleteAgreementBody = z.input<typeof deleteAgreementBody>;

/** Result of the package actions: per-number outcome. */
export const packageActionResultSchema = numbersOutcome;
export type PackageActionResult = z.infer<typeof packageActionResultSchema>;
