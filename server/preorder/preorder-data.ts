/**
 * Reference data of the public onboarding on the reference backend: cities (spec 3 "Market code"), agents and
 * the services catalogue of step two (spec 3 "Order/pre-order") and of a new-number order. The number categories are not here: every call takes
 * them from the one catalogue (src/domain/golden-categories.rules.ts, docs/decisions.md NC16).
 */
import { catalogueCategories } from '../../src/domain/golden-categories.rules';
import { IP_CATALOGUE } from '../db/addons-seed';
import { AT39_PRICE_PLANS } from '../db/at39-seed';

/** The cities of the one catalogue (NC18). */
export { MARKET_CODES } from '../../src/domain/market-codes.rules';

export const AGENTS = [
  { id: 1, name: 'Aloqa Servis Agent MChJ' },
  { id: 2, name: 'Raqamli Yechimlar MChJ' },
] as const;

/**
 * The one services catalogue both `online-sales/pre-order/services` (the wizard) and `pre-order/services` (the
 * new-number order) answer (PU1): the number categories of the one catalogue (NC16), the price plans and services the
 * reference server sells elsewhere (AT 39 price plans, the internet packages of SV2). `POST orders/` checks a row
 * against the same ids (PRM3). A fresh object each call: a caller may not change the next caller's answer.
 */
export function servicesCatalogue() {
  return {
    numberCategories: catalogueCategories(),
    pricePlans: AT39_PRICE_PLANS.map((p) => ({ id: p.id, name: p.name, price: p.price })),
    services: IP_CATALOGUE.map((p) => ({ id: p.soc, name: p.name, price: p.price })),
  };
}

/** Example numbers a QR category carries (NC9: up to 20, the page shows three). */
export const QR_EXAMPLES = 20;
