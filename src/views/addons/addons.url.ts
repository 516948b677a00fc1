import {
  type AddonsParams,
  type CheckoutParams,
  DEFAULT_SERVICES_PARAMS,
  parseAddonsParams,
  parseCheckoutParams,
} from '@/domain/addons.rules';
import { readListSearch, writeListSearch } from '@/views/common/list-url';

/**
 * The services page's list, group, package, search and page in the URL (`?list=disconnect&group=daily&package=IP_D1&
 * q=90&page=2`) so reload and Back keep them; defaults are left out. The checkout's `page`, `payerBan` and `action`
 * (spec 2 "/services/checkout (query page, payerBan)").
 */
export const parseAddonsSearch = (search: string): AddonsParams => readListSearch(search, parseAddonsParams);

export function addonsSearch(p: AddonsParams): string {
  const d = DEFAULT_SERVICES_PARAMS;
  return writeListSearch([
    ['list', p.list, d.list],
    ['group', p.group, d.group],
    ['package', p.soc ?? '', ''],
    ['q', p.q, ''],
    ['page', String(p.page), '1'],
  ]);
}

export const parseCheckoutSearch = (search: string): CheckoutParams =>
  readListSearch(search, parseCheckoutParams);

/** The checkout's URL for the page's state: what is done, the payer, and the list to come back to. */
export function checkoutHref(p: AddonsParams, c: CheckoutParams & { payerBan: string }): string {
  const sp = new URLSearchParams(addonsSearch(p));
  sp.set('page', String(c.page));
  sp.set('payerBan', c.payerBan);
  sp.set('action', c.action);
  return `/services/checkout?${sp.toString()}`;
}
