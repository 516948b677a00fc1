import type { TFunction } from 'i18next';
import type { Lang } from '@/domain/constants';
import { goldenCategoryOf, isFreeCategory } from '@/domain/golden-categories.rules';
import { formatSum } from '@/domain/money.rules';

/**
 * How every page names a number category and writes its price (docs/decisions.md NC16): the name from the id, in the
 * page's language (the purchase page's texts, `purchase.categories.*`, which the public pages load too), never the
 * wire's name; the price with the portal's money formatter, the free category 122 as the purchase page writes it
 * (spec 3 "Id 122 is shown with withoutVat 'free'").
 */

/** The text key of a category's name by its id (any unknown id is the simple category, spec 3). */
export const categoryNameKey = (id: number) => `purchase.categories.${goldenCategoryOf(id)}` as const;

/** A category's name in the page's language. */
export function categoryName(t: TFunction, id: number): string {
  return t(categoryNameKey(id));
}

/** A category's price: 'бесплатно (без НДС)' for the free category, its sum (VAT included, GN2) for any other. */
export function categoryPriceText(t: TFunction, lang: Lang, id: number, price: number): string {
  return isFreeCategory(id)
    ? `${t('purchase.free')} (${t('purchase.withoutVat')})`
    : formatSum(price, { lang });
}
