/**
 * Reference data of the public onboarding on the reference backend: cities (spec 3 "Market code"), agents and
 * the services catalogue of step two (spec 3 "Order/pre-order"). The number categories are not here: every call takes
 * them from the one catalogue (src/domain/golden-categories.rules.ts, docs/decisions.md NC16).
 */
import { catalogueCategories } from '../../src/domain/golden-categories.rules';

/** The cities of the one catalogue (NC18). */
export { MARKET_CODES } from '../../src/domain/market-codes.rules';

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
