import { describe, expect, it } from 'vitest';
import { SEARCH_PAGE_SIZE } from '../../src/domain/constants';
import { createHarness, type Harness, impersonations, userEntries } from './harness';

const idOf = (h: Harness, login: string) =>
  (h.db.prepare('SELECT id FROM users WHERE login = ?').get(login) as { id: number }).id;

interface SearchResult {
  list: { user_id: number; user_name: string; status: string; roles: string[] }[];
  total: number;
  pageNo: number;
  pageSize: number;
}

describe('user search', () => {
  it('pages from 0 with 45 rows and filters by status', async () => {
    const h = createHarness();
    const a = h.agent();
    await a.login('admin');
    const q = 'ova';
    const expectedTotal = (
      h.db
        .prepare(
          `SELECT COUNT(*) AS n FROM users WHERE login LIKE '%ova%' OR full_name LIKE '%ova%' OR ban LIKE '%ova%'
           OR sn LIKE '%ova%' OR email LIKE '%ova%'`,
        )
        .get() as { n: number }
    ).n;
    expect(expectedTotal).toBeGreaterThan(SEARCH_PAGE_SIZE);
    const p0 = (await a.call('GET', `user/search?q=${q}&pageNo=0&pageSize=${SEARCH_PAGE_SIZE}`))
      .result as SearchResult;
    expect(p0.total).toBe(expectedTotal);
    expect(p0.list).toHaveLength(SEARCH_PAGE_SIZE);
    const p1 = (await a.call('GET', `user/search?q=${q}&pageNo=1&pageSize=${SEARCH_PAGE_SIZE}`))
      .result as SearchResult;
    expect(p1.pageNo).toBe(1);
    expect(p1.list[0]?.user_id).not.toBe(p0.list[0]?.user_id);
    const blocked = (await a.call('GET', `user/search?q=${q}&pageNo=0&pageSize=45&status=blocked`))
      .result as SearchResult;
    expect(blocked.total).toBeGreaterThan(0);
    expect(blocked.total).toBeLessThan(expectedTotal);
    expect(blocked.list.every((u) => u.status === 'blocked')).toBe(true);
    const all = (await a.call('GET', `user/search?q=${q}&pageNo=0&pageSize=45&status=all`))
      .result as SearchResult;
    expect(all.total).toBe(expectedTotal);
  });

  it('treats % and _ literally and needs 3 characters', async () => {
    const h = createHarness();
    const a = h.agent();
    await a.login('callcenter');
    expect(
      ((await a.call('GET', 'user/search?q=%25%25%25&pageNo=0&pageSize=45')).result as SearchResult).total,
    ).toBe(0);
    expect((await a.call('GET', 'user/search?q=ab&pageNo=0&pageSize=45')).status).toBe('E101');
  });

  it('finds a user by BAN and by login', async () => {
    const h = createHarness();
    const a = h.agent();
    await a.login('seller');
    const byBan = (await a.call('GET', 'user/search?q=100234561&pageNo=0&pageSize=45'))
      .result as SearchResult;
    expect(byBan.list.map((u) => u.user_name)).toContain('curator');
    const byLogin = (await a.call('GET', 'user/search?q=keyowner&pageNo=0&pageSize=45'))
      .result as SearchResult;
    expect(byLogin.list.map((u) => u.user_name).sort()).toEqual(['keyowner', 'keyowner-nobuy']);
  });
});

describe('user get / create / update / block', () => {
  it('gets a user with branch and regions, E014 when unknown', async () => {
    const h = createHarness();
    const a = h.agent();
    await a.login('admin');
    const r = await a.call('GET', `user/get/${idOf(h, 'regional')}`);
    expect(r.result).toMatchObject({
      user_name: 'regional',
      roles: ['R011'],
      branch: { id: 121, regionId: 12 },
      regions: [{ id: 12 }, { id: 13 }],
    });
    expect((await a.call('GET', 'user/get/999999')).status).toBe('E014');
    expect((await a.call('GET', 'user/get/abc')).status).toBe('E014');
  });

  it('creates a pending staff user that activates through the link, then edits and blocks it', async () => {
    const h = createHarness();
    const admin = h.agent();
    await admin.login('admin');
    const created = await admin.call('POST', 'user/create', {
      kind: 'admin',
      user_name: 'new.operator',
      full_name: 'Qosimov Aziz',
      roles: ['R008'],
      email: 'a.qosimov@example.uz',
      branch_id: 11,
      region_ids: [1],
    });
    expect(created.status).toBe('OKOK');
    const id = (created.result as { user_id: number }).user_id;
    expect((await admin.call('GET', `user/get/${id}`)).result).toMatchObject({
      status: 'pending',
      roles: ['R008'],
    });
    expect(
      (await admin.call('POST', 'user/create', { kind: 'admin', user_name: 'new.operator', roles: ['R003'] }))
        .status,
    ).toBe('E004');
    // activation
    const link = h.outbox({ login: 'new.operator' })[0];
    expect(link?.kind).toBe('activation-link');
    const r = link?.secret as string;
    expect(
      (await h.agent().call('POST', 'user/restore', { r, password: 'Operator-1', confirm: 'Operator-1' }))
        .status,
    ).toBe('OKOK');
    const op = h.agent();
    expect((await op.login('new.operator', 'Operator-1')).status).toBe('OKOK');
    // edit
    expect(
      (
        await admin.call('POST', `user/update/${id}`, {
          full_name: 'Qosimov Aziz Anvarovich',
          roles: ['R009'],
        })
      ).status,
    ).toBe('OKOK');
    expect((await admin.call('GET', `user/get/${id}`)).result).toMatchObject({
      full_name: 'Qosimov Aziz Anvarovich',
      roles: ['R009'],
      status: 'active',
    });
    // a role change closes the user's sessions
    expect((await op.call('GET', 'user/')).status).toBe('E009');
    // block / unblock
    expect((await admin.call('POST', `user/block/${id}`, { blocked: true })).status).toBe('OKOK');
    expect((await h.agent().login('new.operator', 'Operator-1')).status).toBe('E023');
    expect((await admin.call('POST', `user/block/${id}`, { blocked: false })).status).toBe('OKOK');
    expect((await h.agent().login('new.operator', 'Operator-1')).status).toBe('OKOK');
    // the activity log (AL1): one entry per change, the staff account's own (no company)
    expect(userEntries(h.db, 'new.operator').map((e) => [e.action, e.ban, e.actor_login])).toEqual([
      ['user.create', null, 'admin'],
      ['user.edit', null, 'admin'],
      ['user.block', null, 'admin'],
      ['user.unblock', null, 'admin'],
    ]);
  });

  it('creates a subscriber bound to a number of the BAN', async () => {
    const h = createHarness();
    const cc = h.agent();
    await cc.login('callcenter');
    const free = (
      h.db
        .prepare(
          `SELECT sn FROM numbers n WHERE ban = '100783350' AND NOT EXISTS (SELECT 1 FROM users u WHERE u.sn = n.sn) LIMIT 1`,
        )
        .get() as { sn: string }
    ).sn;
    const base = { kind: 'subscriber', roles: ['R001'], ban: '100783350' } as const;
    expect(
      (await cc.call('POST', 'user/create', { ...base, user_name: 'sub.one', phone: '901234567' })).status,
    ).toBe('E125');
    expect(
      (await cc.call('POST', 'user/create', { ...base, user_name: 'sub.one', phone: '12' })).status,
    ).toBe('E008');
    expect(
      (await cc.call('POST', 'user/create', { ...base, user_name: 'sub.one', ban: '999999999', phone: free }))
        .status,
    ).toBe('E052');
    expect((await cc.call('POST', 'user/create', { ...base, user_name: 'Абвгд', phone: free })).status).toBe(
      'E013',
    );
    const ok = await cc.call('POST', 'user/create', { ...base, user_name: 'sub.one', phone: `998${free}` });
    expect(ok.status).toBe('OKOK');
    expect(
      (await cc.call('GET', `user/get/${(ok.result as { user_id: number }).user_id}`)).result,
    ).toMatchObject({
      sn: free,
      ban: '100783350',
    });
    // call centre may create subscribers but not staff
    expect(
      (await cc.call('POST', 'user/create', { kind: 'admin', user_name: 'x.staff', roles: ['R003'] })).status,
    ).toBe('E005');
  });

  it('rejects role changes beyond the editor’s rights, on itself, and across client/staff', async () => {
    const h = createHarness();
    const cc = h.agent();
    await cc.login('callcenter');
    expect((await cc.call('POST', `user/update/${idOf(h, 'seller')}`, { roles: ['R000'] })).status).toBe(
      'E005',
    );
    const admin = h.agent();
    await admin.login('admin');
    expect((await admin.call('POST', `user/update/${idOf(h, 'admin')}`, { roles: ['R003'] })).status).toBe(
      'E136',
    );
    expect((await admin.call('POST', `user/update/${idOf(h, 'curator')}`, { roles: ['R003'] })).status).toBe(
      'E013',
    );
    expect((await admin.call('POST', `user/update/${idOf(h, 'curator')}`, { ban: '100388204' })).status).toBe(
      'E135',
    );
    expect((await admin.call('POST', `user/update/${idOf(h, 'curator')}`, { roles: ['R007'] })).status).toBe(
      'OKOK',
    );
    expect((await admin.call('POST', `user/update/999999`, { full_name: 'x' })).status).toBe('E014');
    expect((await admin.call('POST', `user/block/${idOf(h, 'admin')}`, { blocked: true })).status).toBe(
      'E013',
    );
  });
});

describe('lookup and impersonation', () => {
  it('looks up a number (9 digits, 8 9X…, 998 9X…) and a BAN', async () => {
    const h = createHarness();
    const a = h.agent();
    await a.login('callcenter');
    for (const n of ['901234567', '8901234567', '998901234567']) {
      expect((await a.call('GET', `client/sn/${n}`)).result).toMatchObject({
        sn: '901234567',
        ban: '100457732',
      });
    }
    expect((await a.call('GET', 'client/sn/12345')).status).toBe('E016');
    // the search box's rule (spec 5 "89[01]…"): another operator code is no number here either
    expect((await a.call('GET', 'client/sn/8931234567')).status).toBe('E016');
    expect((await a.call('GET', 'client/sn/998991234567')).status).toBe('E016');
    expect((await a.call('GET', 'client/sn/909090909')).status).toMatch(/^E01[68]$/);
    expect((await a.call('GET', 'client/ban/100234561')).result).toMatchObject({
      at: 5,
      can_buy_number: true,
      sn: null,
    });
    expect((await a.call('GET', 'client/ban/999999999')).status).toBe('E018');
    expect((await a.call('GET', 'client/ban/12')).status).toBe('E016');
  });

  it('impersonates a BAN, limits number lists to it, records start and end', async () => {
    const h = createHarness();
    const a = h.agent();
    await a.login('admin');
    const before = await a.call('GET', 'client/numbers?ban=100388204&page=0&size=10');
    expect(before.status).toBe('OKOK');
    const imp = await a.call('POST', 'user/impersonate', { ban: '100234561' });
    expect(imp.result).toMatchObject({
      ban: '100234561',
      backToHeadBan: true,
      roles: ['R000'],
      profile: { ban: '100234561' },
    });
    expect((await a.call('GET', 'profile')).result).toMatchObject({ ban: '100234561', at: 5 });
    expect((await a.call('GET', 'client/numbers?ban=100234561&page=0&size=10')).status).toBe('OKOK');
    expect((await a.call('GET', 'client/numbers?ban=100388204&page=0&size=10')).status).toBe('E005');
    expect(impersonations(h.db, h.seeded.activity)).toEqual([
      expect.objectContaining({ ban: '100234561', ended_at: null, actor_user_id: idOf(h, 'admin') }),
    ]);
    h.clock.advance(60_000);
    const back = await a.call('POST', 'user/back-to-head');
    expect(back.result).toMatchObject({ ban: null, backToHeadBan: false, profile: null });
    const [closed] = impersonations(h.db, h.seeded.activity);
    expect((closed?.ended_at ?? 0) - (closed?.started_at ?? 0)).toBe(60_000);
    expect(closed?.end_reason).toBe('back');
    expect((await a.call('GET', 'profile')).status).toBe('E014');
  });

  it('impersonates a number; logout closes the audit row', async () => {
    const h = createHarness();
    const a = h.agent();
    await a.login('admin');
    expect((await a.call('POST', 'user/impersonate', { sn: '8901234567' })).result).toMatchObject({
      profile: { sn: '901234567' },
      ban: '100457732',
    });
    expect((await a.call('POST', 'user/impersonate', { sn: '909090909' })).status).toMatch(/^E01[68]$/);
    expect((await a.call('POST', 'user/impersonate', { ban: '999999999' })).status).toBe('E018');
    expect((await a.call('POST', 'user/impersonate', { ban: '1', sn: '901234567' })).status).toBe('E101');
    await a.call('POST', 'user/logout');
    expect(impersonations(h.db, h.seeded.activity).map((v) => [v.sn, v.end_reason])).toEqual([
      ['901234567', 'logout'],
    ]);
  });
});

describe('number list', () => {
  interface Page {
    content: { sn: string; status: string }[];
    totalElements: number;
    totalPages: number;
    page: number;
    size: number;
  }
  it('pages the 10 000-number company by status tab', async () => {
    const h = createHarness();
    const a = h.agent();
    await a.login('curator');
    const all = (await a.call('GET', 'client/numbers?ban=100234561&page=0&size=50')).result as Page;
    expect(all.totalElements).toBeGreaterThanOrEqual(10_000);
    expect(all.totalPages).toBe(Math.ceil(all.totalElements / 50));
    expect(all.content).toHaveLength(50);
    const sorted = [...all.content].map((n) => n.sn).sort();
    expect(all.content.map((n) => n.sn)).toEqual(sorted);
    const tabs = { active: ['A', 'O'], blocked: ['S'], pending: ['T'] } as const;
    let sum = 0;
    for (const [tab, codes] of Object.entries(tabs)) {
      const p = (await a.call('GET', `client/numbers?ban=100234561&status=${tab}&page=1&size=100`))
        .result as Page;
      expect(p.content.length).toBeGreaterThan(0);
      expect(p.content.every((n) => (codes as readonly string[]).includes(n.status))).toBe(true);
      sum += p.totalElements;
    }
    const terminated = (
      h.db.prepare("SELECT COUNT(*) AS n FROM numbers WHERE ban = '100234561' AND status = 'N'").get() as {
        n: number;
      }
    ).n;
    expect(sum + terminated).toBe(all.totalElements);
    const last = (await a.call('GET', `client/numbers?ban=100234561&page=${all.totalPages - 1}&size=50`))
      .result as Page;
    expect(last.content.length).toBe(all.totalElements - 50 * (all.totalPages - 1));
    const filtered = (await a.call('GET', 'client/numbers?ban=100234561&page=0&size=20&q=9012'))
      .result as Page;
    expect(filtered.content.every((n) => n.sn.includes('9012'))).toBe(true);
  });

  it('is E005 for another company and for a subscriber, E052 for an unknown BAN', async () => {
    const h = createHarness();
    const c = h.agent();
    await c.login('curator');
    expect((await c.call('GET', 'client/numbers?ban=100388204&page=0&size=10')).status).toBe('E005');
    const s = h.agent();
    await s.login('subscriber');
    expect((await s.call('GET', 'client/numbers?ban=100457732&page=0&size=10')).status).toBe('E005');
    const admin = h.agent();
    await admin.login('admin');
    expect((await admin.call('GET', 'client/numbers?ban=999999999&page=0&size=10')).status).toBe('E052');
  });
});
