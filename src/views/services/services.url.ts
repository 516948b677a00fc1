import {
  type CheckoutParams,
  DEFAULT_SERVICES_PARAMS,
  parseCheckoutParams,
  parseServicesParams,
  type ServicesParams,
} from '@/domain/services.rules';

/**
 * The services page's list, group, package, search and page in the URL (`?list=disconnect&group=daily&package=IP_D1&
 * q=90&page=2`) so reload and Back keep them; defaults are left out. The checkout's `page`, `payerBan` and `action`
 * (spec 2 "/services/checkout (query page, payerBan)").
 */
export function parseServicesSearch(search: string): ServicesParams {
  const sp = new URLSearchParams(search);
  return parseServicesParams((name) => sp.get(name));
}

export function servicesSearch(p: ServicesParams): string {
  const sp = new URLSearchParams();
  if (p.list !== DEFAULT_SERVICES_PARAMS.list) sp.set('list', p.list);
  if (p.group !== DEFAULT_SERVICES_PARAMS.group) sp.set('group', p.group);
  if (p.soc) sp.set('package', p.soc);
  if (p.q !== '') sp.set('q', p.q);
  if (p.page !== 1) sp.set('page', String(p.page));
  return sp.toString();
}

export function parseCheckoutSearch(search: string): CheckoutParams {
  const sp = new URLSearchParams(search);
  return parseCheckoutParams((name) => sp.get(name));
}

/** The checkout's URL for the page's state: what is done, the payer, and the list to come back to. */
export function checkoutHref(p: ServicesParams, c: CheckoutParams & { payerBan: string }): string {
  const sp = new URLSearchParams(servicesSearch(p));
  sp.set('page', String(c.page));
  sp.set('payerBan', c.payerBan);
  sp.set('action', c.action);
  return `/services/checkout?${sp.toString()}`;
}
