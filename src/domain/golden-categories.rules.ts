/**
 * The one catalogue of number categories (docs/decisions.md NC16): ids from spec 3 "Golden number category" ("Ids:
 * 192 bronze, 153 silver, 152 gold, 79 platinum, others simple"; "Id 122 is shown with withoutVat 'free'"), prices
 * from spec 9 ("Number category prices in sums: simple 0, bronze 84200, silver 210500, gold 421000, platinum
 * 1263000"), and the VAT rule of the purchase page (GN2: prices include VAT at `DEFAULT_TAX_PERCENT`). Every call
 * that names categories answers this list (golden-number/categories and /categories/qr, both pre-order services
 * calls, the new-number order's check), so a visitor and a client see the same figures. The pages name a category
 * from its id in their own language (src/i18n `purchase.categories.*`); the wire's `name` is the kind, no text.
 */

/** The categories from the cheapest (spec 9's order). */
export const GOLDEN_KINDS = ['simple', 'bronze', 'silver', 'gold', 'platinum'] as const;

/** Name of a golden-number category. */
export type GoldenCategory = (typeof GOLDEN_KINDS)[number];

/** Category id shown with withoutVat 'free' (spec 3): the one id of the simple category everywhere. */
export const FREE_CATEGORY_ID = 122;

/** Golden-number price categories (spec 3 ids, spec 9 prices in sums). Any other id reads as 'simple'. */
export const GOLDEN_CATEGORIES: {
  readonly [K in GoldenCategory]: { readonly id: number; readonly price: number };
} = {
  simple: { id: FREE_CATEGORY_ID, price: 0 },
  bronze: { id: 192, price: 84_200 },
  silver: { id: 153, price: 210_500 },
  gold: { id: 152, price: 421_000 },
  platinum: { id: 79, price: 1_263_000 },
};

/** VAT rate of Uzbekistan that the categories reply carries (GN2): prices include it. */
export const DEFAULT_TAX_PERCENT = 12;

/** Maps a category id to its named price category; every unknown id is 'simple' (spec 3 'others simple'). */
export function goldenCategoryOf(id: number): GoldenCategory {
  return GOLDEN_KINDS.find((k) => k !== 'simple' && GOLDEN_CATEGORIES[k].id === id) ?? 'simple';
}

/** True for the category shown as free (withoutVat), id 122 (spec 3). */
export function isFreeCategory(id: number): boolean {
  return id === FREE_CATEGORY_ID;
}

/** The category id the pool stores and the wire carries for a named category. */
export function categoryIdOf(kind: GoldenCategory): number {
  return GOLDEN_CATEGORIES[kind].id;
}

/** Price in sums of a named category (spec 9), VAT included. */
export function categoryPrice(kind: GoldenCategory): number {
  return GOLDEN_CATEGORIES[kind].price;
}

/** The VAT part of a VAT-inclusive amount in whole sums (GN2): round(total × p / (100 + p)). */
export function vatOf(total: number, taxPercent: number): number {
  if (!(taxPercent > 0)) return 0;
  return Math.round((total * taxPercent) / (100 + taxPercent));
}

/** A category as every call carries it: id, kind as its name, price in sums; the free one marked withoutVat. */
export type CatalogueCategory = {
  readonly id: number;
  readonly name: GoldenCategory;
  readonly price: number;
  readonly withoutVat?: 'free';
};

/** The catalogue's categories, the cheapest first. */
export function catalogueCategories(): CatalogueCategory[] {
  return GOLDEN_KINDS.map((k) => ({
    id: GOLDEN_CATEGORIES[k].id,
    name: k,
    price: GOLDEN_CATEGORIES[k].price,
    ...(GOLDEN_CATEGORIES[k].id === FREE_CATEGORY_ID ? { withoutVat: 'free' as const } : {}),
  }));
}

/** The categories reply (spec 3 "Categories response: categories, taxPayer, taxPercent"; GN2: every company a VAT
 *  payer at `DEFAULT_TAX_PERCENT`). */
export function categoriesReply(): {
  categories: CatalogueCategory[];
  taxPayer: boolean;
  taxPercent: number;
} {
  return { categories: catalogueCategories(), taxPayer: true, taxPercent: DEFAULT_TAX_PERCENT };
}
