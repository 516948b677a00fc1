import type { TFunction } from 'i18next';
import { pricePlanOf } from '@/domain/price-plans.rules';

/**
 * How every page names a price plan (docs/decisions.md NC17): the name from the id in the page's language
 * (`purchase.pricePlans.*`), never the bare id; an id the catalogue does not hold (a plan withdrawn since) keeps the
 * name the server sent, or else its id.
 */
export function pricePlanName(t: TFunction, id: string | number, wireName?: string | null): string {
  const kind = pricePlanOf(id);
  return kind ? t(`purchase.pricePlans.${kind}`) : (wireName ?? String(id));
}
