import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/services/api/client';
import { createHarness, type Harness } from './harness';

/**
 * One catalogue of number categories on every call (docs/decisions.md NC16): spec 3 "Ids: 192 bronze, 153 silver, 152
 * gold, 79 platinum, others simple", "Id 122 is shown with withoutVat 'free'"; spec 9 "Number category prices in
 * sums: simple 0, bronze 84200, silver 210500, gold 421000, platinum 1263000"; GN2 VAT 12 %, prices include it. The
 * public QR page, the wizard's step two, the curator's purchase and the new-number order answer the same ids and
 * prices, read through the real client (every reply parsed with its contract schema).
 */
const SPEC = [
  { id: 122, price: 0 },
  { id: 192, price: 84_200 },
  { id: 153, price: 210_500 },
  { id: 152, price: 421_000 },
  { id: 79, price: 1_263_000 },
];

function client(h: Harness) {
  return createApiClient({
    baseURL: 'http://portal.test/api/',
    fetch: h.agent().fetch,
    onSessionExpired: () => {},
  });
}

const idsAndPrices = (items: readonly { id: string | number; price?: string | number | null }[]) =>
  items.map((c) => ({ id: Number(c.id), price: Number(c.price) }));

describe('every call answers the one catalogue of categories', () => {
  it('golden-number/categories/qr (public): the spec ids and prices, 122 free without VAT, VAT 12 %', async () => {
    const r = await client(createHarness()).call('golden.categoriesQr', undefined);
    expect(idsAndPrices(r.categories)).toEqual(SPEC);
    expect(r.categories.filter((c) => c.withoutVat === 'free').map((c) => c.id)).toEqual([122]);
    expect(r.taxPayer).toBe(true);
    expect(r.taxPercent).toBe(12);
    for (const c of r.categories) expect(c.examples?.length ?? 0).toBeGreaterThanOrEqual(3);
  });

  it('the QR page and the purchase page answer the same categories, names and VAT', async () => {
    const h = createHarness();
    const curator = client(h);
    await curator.call('session.login', { body: { login: 'curator', password: 'Demo-2026' } });
    const bought = await curator.call('golden.categories', {});
    const qr = await client(h).call('golden.categoriesQr', undefined);
    const { categories, ...rest } = qr;
    expect({ ...rest, categories: categories.map(({ examples: _, ...c }) => c) }).toEqual(bought);
    expect(bought.categories.map((c) => c.name)).toEqual(['simple', 'bronze', 'silver', 'gold', 'platinum']);
  });

  it.each(['preorder.onlineServices', 'preorder.services'] as const)(
    '%s (the wizard and the new-number order): the spec ids and prices, no id 0',
    async (call) => {
      const r = await client(createHarness()).call(call, undefined);
      expect(idsAndPrices(r.numberCategories ?? [])).toEqual(SPEC);
    },
  );

  it('online-sales/pre-order/services and pre-order/services answer one catalogue: categories, plans, services', async () => {
    const h = createHarness();
    const online = await client(h).call('preorder.onlineServices', undefined);
    const order = await client(h).call('preorder.services', undefined);
    expect(online).toEqual(order);
    // the new-number order sells what its row rule accepts: both name price plans and services, not empty lists
    expect(order.pricePlans?.length).toBeGreaterThan(0);
    expect(order.services?.length).toBeGreaterThan(0);
  });
});
