/**
 * The new-number order and the order lifecycle on the reference backend (docs/decisions.md GN7, GN8, GN12, GN13):
 * the catalogue the rows choose from, the order recorded `created` with its rows and sum, E031 over the balance,
 * who may order (the purchase page's policy), and the staff's status moves along `canMoveOrder`.
 */
import { describe, expect, it } from 'vitest';
import { tashkentDay } from '../../src/domain/dates.rules';
import { categoryIdOf } from '../../src/domain/golden-categories.rules';
import { ApiFailure } from '../../src/services/api/api-error';
import { createApiClient } from '../../src/services/api/client';
import { createHarness, type Harness } from './harness';

async function clientAs(h: Harness, login: string) {
  const api = createApiClient({
    baseURL: 'http://portal.test/api/',
    fetch: h.agent().fetch,
    onSessionExpired: () => {},
  });
  await api.call('session.login', { body: { login, password: 'Demo-2026' } });
  return api;
}

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'OKOK';
  } catch (e) {
    if (e instanceof ApiFailure) return e.code;
    throw e;
  }
}

const BRONZE = String(categoryIdOf('bronze'));
const PLATINUM = String(categoryIdOf('platinum'));
const row = (over: Record<string, unknown> = {}) => ({
  kolvo: 2,
  category: BRONZE,
  tariff: '1',
  services: ['IP_M5'],
  ...over,
});

describe('the new-number order', () => {
  it('offers number categories, price plans and services to choose from', async () => {
    const api = await clientAs(createHarness(), 'curator');
    const c = await api.call('preorder.services', {});
    expect(c.numberCategories?.map((x) => Number(x.id)).sort()).toEqual([122, 152, 153, 192, 79].sort());
    expect(c.pricePlans?.length).toBeGreaterThan(1);
    expect(c.services?.some((s) => s.id === 'IP_M5')).toBe(true);
  });

  it('is recorded created, with its sum, and appears in the orders list', async () => {
    const h = createHarness();
    const api = await clientAs(h, 'curator');
    const created = await api.call('orders.create', {
      body: { rows: [row({ nominal: 5_000 }), row({ kolvo: 1, category: PLATINUM })], address: 'Toshkent' },
    });
    const operator = await clientAs(h, 'operator');
    const one = await operator.call('orders.get', { params: { id: String(created.id) } });
    expect(one).toMatchObject({ kind: 'new', status: 'created', total: 2 * (84_200 + 5_000) + 1_263_000 });
    const today = tashkentDay(h.clock.now());
    const list = await operator.call('orders.details', { query: { from: today, to: today } });
    expect(list.map((o) => String(o.id))).toContain(String(created.id));
  });

  it('is listed by its day in Tashkent: "from" starts at 00:00 there (19:00 UTC the day before), "to" runs to 24:00', async () => {
    // sessions that outlive the day the clock moves through
    const h = createHarness({ config: { sessionIdleMinutes: 48 * 60, sessionMaxHours: 48 } });
    h.clock.set(Date.parse('2026-11-28T18:00:00Z'));
    const api = await clientAs(h, 'curator');
    const order = async (iso: string) => {
      h.clock.set(Date.parse(iso));
      return String(
        (await api.call('orders.create', { body: { rows: [row({ kolvo: 1 })], address: 'Toshkent' } })).id,
      );
    };
    const lateOn28th = await order('2026-11-28T18:59:00Z'); // 23:59 on the 28th in Tashkent
    const eveningUtc = await order('2026-11-28T20:30:00Z'); // 01:30 on the 29th in Tashkent
    const lateOn29th = await order('2026-11-29T18:59:00Z'); // 23:59 on the 29th in Tashkent
    const operator = await clientAs(h, 'operator');
    const ids = async (from: string, to: string) =>
      (await operator.call('orders.details', { query: { from, to } })).map((o) => String(o.id)).sort();

    expect(await ids('2026-11-28', '2026-11-28')).toEqual([lateOn28th]);
    expect(await ids('2026-11-29', '2026-11-29')).toEqual([eveningUtc, lateOn29th].sort());
    expect(await ids('2026-11-28', '2026-11-29')).toEqual([lateOn28th, eveningUtc, lateOn29th].sort());
    expect(await ids('2026-11-30', '2026-11-30')).toEqual([]);
  });

  it('is refused with E031 when its sum is over the balance, and nothing is recorded', async () => {
    const h = createHarness();
    const api = await clientAs(h, 'curator');
    const { balance } = await api.call('orders.balance', {});
    const kolvo = Math.floor((balance ?? 0) / 1_263_000) + 1;
    expect(
      await codeOf(api.call('orders.create', { body: { rows: [row({ kolvo, category: PLATINUM })] } })),
    ).toBe('E031');
    const operator = await clientAs(h, 'operator');
    const today = tashkentDay(h.clock.now());
    expect(await operator.call('orders.details', { query: { from: today, to: today } })).toEqual([]);
  });

  it('is for whom the purchase page opens: not staff, not a key owner without can_buy_number', async () => {
    const h = createHarness();
    for (const login of ['operator', 'keyowner-nobuy']) {
      const api = await clientAs(h, login);
      expect(await codeOf(api.call('orders.balance', {})), login).toBe('E005');
      expect(await codeOf(api.call('orders.create', { body: { rows: [row()] } })), login).toBe('E005');
    }
  });
});

describe('staff move an order along its lifecycle (GN8, GN13)', () => {
  it('created → paid → issued; a move the lifecycle forbids is E101; an unknown order E013', async () => {
    const h = createHarness();
    const curator = await clientAs(h, 'curator');
    const { id } = await curator.call('orders.create', { body: { rows: [row()] } });
    const operator = await clientAs(h, 'operator');
    const params = { id: String(id) };
    expect(await codeOf(operator.call('orders.setStatus', { params, body: { status: 'issued' } }))).toBe(
      'E101',
    );
    expect(await operator.call('orders.setStatus', { params, body: { status: 'paid' } })).toMatchObject({
      status: 'paid',
    });
    expect((await operator.call('orders.get', { params })).status).toBe('paid');
    await operator.call('orders.setStatus', { params, body: { status: 'issued' } });
    expect(await codeOf(operator.call('orders.setStatus', { params, body: { status: 'cancelled' } }))).toBe(
      'E101',
    );
    expect(
      await codeOf(operator.call('orders.setStatus', { params: { id: '999999' }, body: { status: 'paid' } })),
    ).toBe('E013');
  });

  it('the buying company cannot move its own order (E005)', async () => {
    const h = createHarness();
    const curator = await clientAs(h, 'curator');
    const { id } = await curator.call('orders.create', { body: { rows: [row()] } });
    expect(
      await codeOf(
        curator.call('orders.setStatus', { params: { id: String(id) }, body: { status: 'paid' } }),
      ),
    ).toBe('E005');
  });
});
