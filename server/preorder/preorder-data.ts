/**
 * Reference data of the public onboarding on the reference backend: cities (spec 3 "Market code"), agents and
 * the services catalogue of step two (spec 3 "Order/pre-order"). The number categories are not here: every call takes
 * them from the one catalogue (src/domain/golden-categories.rules.ts, docs/decisions.md NC16).
 */
import { catalogueCategories } from '../../src/domain/golden-categories.rules';

export const MARKET_CODES = [
  { name: 'Toshkent', code: 'TAS', storage: 'TAS01', regionId: 1, myIdMarkedCodeId: 11 },
  { name: 'Samarqand', code: 'SKD', storage: 'SKD01', regionId: 12, myIdMarkedCodeId: 12 },
  { name: 'Buxoro', code: 'BHK', storage: 'BHK01', regionId: 3, myIdMarkedCodeId: 13 },
  { name: 'Namangan', code: 'NMA', storage: 'NMA01', regionId: 8, myIdMarkedCodeId: 14 },
  { name: 'Fargʻona', code: 'FEG', storage: 'FEG01', regionId: 13, myIdMarkedCodeId: 15 },
] as const;

export const AGENTS = [
  { id: 1, name: 'Aloqa Servis Agent MChJ' },
  { id: 2, name: 'Raqamli Yechimlar MChJ' },
] as const;

export const CATALOGUE = {
  numberCategories: catalogueCategories(),
  pricePlans: [
    { id: 'BIZ50', name: 'Biznes 50', price: 50_000 },
    { id: 'BIZ100', name: 'Biznes 100', price: 100_000 },
  ],
  services: [
    { id: 'roaming', name: 'Roaming', price: 0 },
    { id: 'ip', name: 'Internet-paket 10 GB', price: 40_000 },
  ],
} as const;

/** Example numbers a QR category carries (NC9: up to 20, the page shows three). */
export const QR_EXAMPLES = 20;
