/**
 * The company cancels its own created order (docs/decisions.md GN15; the worked example of docs/new-workflow.md): `POST
 * orders/{id}/cancel` for whom may order (the new-order page's policy), its own company's order only, `created` only
 * (E101 otherwise: nothing was charged, so nothing moves but the status, PRM1), in one transaction that moves the
 * status from the one read (two cancels at once: one succeeds). `orders/{id}` of the Documents page says whether the
 * viewer may cancel it (`cancellable`), from the same rule.
 */
import { describe, expect, it } from 'vitest';
import { categoryIdOf } from '../../src/domain/golden-categories.rules';
import type { ApiClient } from '../../src/services/api/client';
import { apiAs, createHarness, type Harness, refusalOf } from './harness';

const KEYOWNER_BAN = '100672418';
const rows = [{ kolvo: 2, category: String(categoryIdOf('bronze')), tariff: '1', services: [] }];
const balanceOf = (h: Harness, ban: string) =>
  (h.db.prepare('SELECT balance FROM companies WHERE ban = ?').get(ban) as { balance: number }).balance;
const statusOf = (h: Harness, id: number | string) =>
  (h.db.prepare('SELECT status FROM orders WHERE id = ?').get(id) as { status: string }).status;
const order = (api: ApiClient, id: number | string) =>
  api.call('documents.order', { params: { id: String(id) } });
const cancel = (api: ApiClient, id: number | string) =>
  api.call('orders.cancel', { params: { id: String(id) } });

describe('GN15: the company cancels its own created order', () => {
  it('the key owner cancels a created order from its page: the status moves, the balance does not, once', async () => {
    const h = createHarness();
    const owner = await apiAs(h, 'keyowner');
    const before = balanceOf(h, KEYOWNER_BAN);
    const { id } = await owner.call('orders.create', { body: { rows } });
    expect(await order(owner, id)).toMatchObject({ status: 'created', cancellable: true });
    expect(await cancel(owner, id)).toMatchObject({ id, status: 'cancelled' });
    expect(statusOf(h, id)).toBe('cancelled');
    expect(balanceOf(h, KEYOWNER_BAN)).toBe(before);
    expect(await order(owner, id)).toMatchObject({ status: 'cancelled', cancellable: false });
    // a second cancel finds it cancelled
    expect(await refusalOf(cancel(owner, id))).toBe('E101');
  });

  it('a paid order is not the company’s to cancel (E101): it stays paid and its money stays where it is', async () => {
    const h = createHarness();
    const owner = await apiAs(h, 'keyowner');
    const operator = await apiAs(h, 'operator');
    const { id } = await owner.call('orders.create', { body: { rows } });
    await operator.call('orders.setStatus', { params: { id: String(id) }, body: { status: 'paid' } });
    const paidBalance = balanceOf(h, KEYOWNER_BAN);
    expect(await order(owner, id)).toMatchObject({ status: 'paid', cancellable: false });
    expect(await refusalOf(cancel(owner, id))).toBe('E101');
    expect(statusOf(h, id)).toBe('paid');
    expect(balanceOf(h, KEYOWNER_BAN)).toBe(paidBalance);
  });

  it('another company’s order is refused (E005), an unknown one is E013, and staff go through the status move', async () => {
    const h = createHarness();
    const curator = await apiAs(h, 'curator');
    const { id } = await curator.call('orders.create', { body: { rows } });
    const owner = await apiAs(h, 'keyowner');
    expect(await refusalOf(cancel(owner, id))).toBe('E005');
    expect(await refusalOf(cancel(owner, 999_999))).toBe('E013');
    // staff do not order for a company: the company's cancel is not theirs (GN13 is)
    for (const login of ['operator', 'admin', 'helpdesk'])
      expect(await refusalOf(cancel(await apiAs(h, login), id))).toBe('E005');
    // a key owner who may not order sees no cancel and is refused one
    const nobuy = await apiAs(h, 'keyowner-nobuy');
    expect(await refusalOf(cancel(nobuy, id))).toBe('E005');
    expect(statusOf(h, id)).toBe('created');
    // the curator who placed it may cancel it
    expect(await cancel(curator, id)).toMatchObject({ status: 'cancelled' });
  });

  it('two cancels at once: one cancels, the other finds it cancelled (E101)', async () => {
    const h = createHarness();
    const owner = await apiAs(h, 'keyowner');
    const { id } = await owner.call('orders.create', { body: { rows } });
    const both = await Promise.all([refusalOf(cancel(owner, id)), refusalOf(cancel(owner, id))]);
    expect(both.sort()).toEqual(['E101', 'OKOK']);
    expect(statusOf(h, id)).toBe('cancelled');
  });
});
