/**
 * The one catalogue of price plans (tariffs) the portal sells (docs/decisions.md NC17): the ids the wire carries in an
 * order row's `tariff` and in get-price-plans, each with its monthly price in sums. The pages name a plan from its id
 * in their own language (src/i18n `purchase.pricePlans.*`), never show the bare id; the wire's `name` is the Uzbek
 * brand name the reference server answers with.
 */

/** Names of the price plans, cheapest first by kind of client. */
export const PRICE_PLAN_KINDS = ['bizStart', 'bizPro', 'corp25', 'corpUnlimited'] as const;

/** Name of a price plan. */
export type PricePlanKind = (typeof PRICE_PLAN_KINDS)[number];

/** Price plans by name: wire id and monthly price in sums. */
export const PRICE_PLANS: { readonly [K in PricePlanKind]: { readonly id: number; readonly price: number } } =
  {
    bizStart: { id: 1, price: 45_000 },
    bizPro: { id: 2, price: 79_000 },
    corp25: { id: 3, price: 25_000 },
    corpUnlimited: { id: 4, price: 149_000 },
  };

/** The named price plan of a wire id (a string or a number), or null for an id the catalogue does not hold. */
export function pricePlanOf(id: string | number): PricePlanKind | null {
  return PRICE_PLAN_KINDS.find((k) => String(PRICE_PLANS[k].id) === String(id)) ?? null;
}
