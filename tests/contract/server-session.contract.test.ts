/**
 * The real API client (src/services/api/client.ts) against the real reference backend: every session, lookup,
 * administration and number-list call — success and its main error codes. Most tests run in-process (the app's
 * fetch behind a cookie jar); one suite goes over a real socket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../server/logger';
import { type PortalHandle, startPortal } from '../../server/start';
import { ApiFailure } from '../../src/services/api/api-error';
import { type ApiClient, createApiClient } from '../../src/services/api/client';
import { createAgent, createHarness, type Harness, TEST_COST } from '../server/harness';

/** 'OKOK' when the call succeeds, else the failure's code. */
async function outcome(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'OKOK';
  } catch (e) {
    if (e instanceof ApiFailure) return e.code;
    throw e;
  }
}

function clientFor(h: Harness) {
  const agent = h.agent();
  let expired = 0;
  const api = createApiClient({
    baseURL: 'http://portal.test/api/',
    fetch: agent.fetch,
    onSessionExpired: () => {
      expired++;
    },
  });
  return { api, agent, expired: () => expired };
}

const login = (api: ApiClient, name: string, password = 'Demo-2026') =>
  api.call('session.login', { body: { login: name, password } });

const freeNumber = (h: Harness, ban = '100457732') =>
  (
    h.db
      .prepare(
        `SELECT sn FROM numbers n WHERE ban = ? AND status = 'A' AND NOT EXISTS (SELECT 1 FROM users u WHERE u.sn = n.sn)
         ORDER BY sn LIMIT 1`,
      )
      .get(ban) as { sn: string }
  ).sn;

describe('session calls', () => {
  it('login / user / profile / logout, and E009 with the expiry callback', async () => {
    const h = createHarness();
    const { api, expired } = clientFor(h);
    expect(await outcome(api.call('session.user'))).toBe('E009');
    expect(expired()).toBe(1);
    expect(await outcome(login(api, 'curator', 'wrong-one'))).toBe('E012');
    const user = await login(api, 'curator');
    expect(user).toMatchObject({
      user_name: 'curator',
      roles: ['R004'],
      chosenRole: null,
      backToHeadBan: false,
    });
    expect((await api.call('session.user')).profile?.ban).toBe('100234561');
    const profile = await api.call('session.profile');
    expect(profile).toMatchObject({ at: 5, can_buy_number: true, fin_data: { balance: 48_250_000 } });
    await api.call('session.logout');
    expect(await outcome(api.call('session.profile'))).toBe('E009');
  });

  it('login errors: E023 blocked, E132 single sign-on; profile E014 for staff', async () => {
    const h = createHarness();
    h.db.prepare("UPDATE users SET status = 'blocked' WHERE login = 'okk'").run();
    const { api } = clientFor(h);
    expect(await outcome(login(api, 'okk'))).toBe('E023');
    expect(await outcome(login(api, 'staff-sso'))).toBe('E132');
    await login(api, 'servicedesk');
    expect(await outcome(api.call('session.profile'))).toBe('E014');
  });

  it('register / resend-code / check with E008, E004, E025, E138, E003, E006', async () => {
    const h = createHarness();
    const { api } = clientFor(h);
    expect(await outcome(api.call('session.register', { body: { phone: '123456789' } }))).toBe('E008');
    expect(await outcome(api.call('session.register', { body: { phone: '998901234567' } }))).toBe('E004');
    expect(await outcome(api.call('session.register', { body: { phone: freeNumber(h, '100561093') } }))).toBe(
      'E025',
    );
    const sn = freeNumber(h);
    await api.call('session.register', { body: { phone: sn } });
    // one SMS per phone a minute (docs/security.md, finding 6): at once the resend answers E138
    expect(await outcome(api.call('session.resendCode', { body: { phone: sn } }))).toBe('E138');
    h.clock.advance(61_000);
    await api.call('session.resendCode', { body: { phone: sn } });
    const code = h.outbox({ phone: sn })[0]?.secret as string;
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await outcome(api.call('session.check', { body: { phone: sn, code: wrong } }))).toBe('E003');
    h.clock.advance(11 * 60_000);
    expect(await outcome(api.call('session.check', { body: { phone: sn, code } }))).toBe('E006');
    await api.call('session.resendCode', { body: { phone: sn } });
    const fresh = h.outbox({ phone: sn })[0]?.secret as string;
    const user = await api.call('session.check', { body: { phone: sn, code: fresh } });
    expect(user).toMatchObject({ roles: ['R001'], force_change_password: true, profile: { sn } });
  });

  it('forgot / restore with E086, E024, E127; change-password with E012', async () => {
    const h = createHarness();
    const { api } = clientFor(h);
    expect(await outcome(api.call('session.forgot', { body: { login: 'no-such-login' } }))).toBe('E086');
    await api.call('session.forgot', { body: { login: 'keyowner' } });
    const r = h.outbox({ login: 'keyowner' })[0]?.secret as string;
    expect(
      await outcome(
        api.call('session.restore', { body: { r: 'bogus', password: 'Abc-12345', confirm: 'Abc-12345' } }),
      ),
    ).toBe('E127');
    await api.call('session.restore', { body: { r, password: 'Abc-12345', confirm: 'Abc-12345' } });
    // one recovery link a minute per login (finding 24)
    h.clock.advance(61_000);
    await api.call('session.forgot', { body: { login: 'keyowner' } });
    const late = h.outbox({ login: 'keyowner' })[0]?.secret as string;
    h.clock.advance(2 * 60 * 60_000);
    expect(
      await outcome(
        api.call('session.restore', { body: { r: late, password: 'Abc-99999', confirm: 'Abc-99999' } }),
      ),
    ).toBe('E024');
    await login(api, 'keyowner', 'Abc-12345');
    expect(
      await outcome(api.call('session.changePassword', { body: { current: 'nope', password: 'Xyz-12345' } })),
    ).toBe('E012');
    await api.call('session.changePassword', { body: { current: 'Abc-12345', password: 'Xyz-12345' } });
  });

  it('save-chosen-role with E133 and E134', async () => {
    const h = createHarness();
    const { api } = clientFor(h);
    await login(api, 'multirole');
    expect(await outcome(api.call('session.saveChosenRole', { body: { updatedValue: 'R001' } }))).toBe(
      'E133',
    );
    await api.call('session.saveChosenRole', { body: { updatedValue: 'R005' } });
    expect(await api.call('session.user')).toMatchObject({ chosenRole: 'R005', roles: ['R005', 'R008'] });
    expect(await outcome(api.call('session.saveChosenRole', { body: { updatedValue: 'R008' } }))).toBe(
      'E134',
    );
  });
});

describe('lookup, numbers, administration', () => {
  it('lookup by number and BAN with E016 and E018 (account not found after search); E005 for a curator', async () => {
    const h = createHarness();
    const { api } = clientFor(h);
    await login(api, 'callcenter');
    expect(await api.call('lookup.sn', { params: { n: '8901234567' } })).toMatchObject({
      sn: '901234567',
      at: 15,
    });
    expect(await api.call('lookup.ban', { params: { n: '100388204' } })).toMatchObject({
      at: 16,
      fin_data: { unbilled_amnt: 3_420_500 },
    });
    expect(await outcome(api.call('lookup.sn', { params: { n: '12' } }))).toBe('E016');
    expect(await outcome(api.call('lookup.ban', { params: { n: '999999999' } }))).toBe('E018');
    const unknownSn = ['909999999', '919999998', '909999997'].find(
      (sn) => !h.db.prepare('SELECT 1 FROM numbers WHERE sn = ?').get(sn),
    );
    expect(await outcome(api.call('lookup.sn', { params: { n: unknownSn as string } }))).toBe('E018');
    const cur = clientFor(h).api;
    await login(cur, 'curator');
    expect(await outcome(cur.call('lookup.ban', { params: { n: '100234561' } }))).toBe('E005');
  });

  it('number list pages with the status filter; E005 for another BAN', async () => {
    const h = createHarness();
    const { api } = clientFor(h);
    await login(api, 'curator');
    const page = await api.call('profile.numbers', {
      query: { ban: '100234561', status: 'blocked', page: 3, size: 25 },
    });
    expect(page.content).toHaveLength(25);
    expect(page.content.every((n) => n.status === 'S')).toBe(true);
    expect(page.page).toBe(3);
    expect(page.totalPages).toBe(Math.ceil(page.totalElements / 25));
    expect(
      await outcome(api.call('profile.numbers', { query: { ban: '100388204', page: 0, size: 25 } })),
    ).toBe('E005');
  });

  it('search, get, create, update, block with E005, E014, E004', async () => {
    const h = createHarness();
    const { api } = clientFor(h);
    await login(api, 'admin');
    const found = await api.call('admin.search', {
      query: { q: 'keyowner', pageNo: 0, pageSize: 45, status: 'active' },
    });
    expect(found.list.map((u) => u.user_name).sort()).toEqual(['keyowner', 'keyowner-nobuy']);
    const id = found.list[0]?.user_id as number;
    expect((await api.call('admin.get', { params: { user_id: id } })).roles).toEqual(['R007']);
    expect(await outcome(api.call('admin.get', { params: { user_id: 987654 } }))).toBe('E014');
    const created = await api.call('admin.create', {
      body: { kind: 'admin', user_name: 'contract.user', roles: ['R002'], email: 'c@example.uz' },
    });
    expect(
      await outcome(
        api.call('admin.create', { body: { kind: 'admin', user_name: 'contract.user', roles: ['R002'] } }),
      ),
    ).toBe('E004');
    await api.call('admin.update', {
      params: { user_id: created.user_id },
      body: { full_name: 'Kontrakt Test' },
    });
    expect(
      await outcome(api.call('admin.update', { params: { user_id: 987654 }, body: { full_name: 'x' } })),
    ).toBe('E014');
    await api.call('admin.setBlocked', { params: { user_id: created.user_id }, body: { blocked: true } });
    expect((await api.call('admin.get', { params: { user_id: created.user_id } })).status).toBe('blocked');
    expect(
      await outcome(api.call('admin.setBlocked', { params: { user_id: 987654 }, body: { blocked: true } })),
    ).toBe('E014');

    const sub = clientFor(h).api;
    await login(sub, 'subscriber');
    expect(
      await outcome(sub.call('admin.search', { query: { q: 'keyowner', pageNo: 0, pageSize: 45 } })),
    ).toBe('E005');
    expect(
      await outcome(
        sub.call('admin.create', { body: { kind: 'admin', user_name: 'x.y.z', roles: ['R002'] } }),
      ),
    ).toBe('E005');
  });

  it('impersonate and back to head with E018, E005', async () => {
    const h = createHarness();
    const { api } = clientFor(h);
    await login(api, 'seller');
    const acting = await api.call('admin.impersonate', { body: { ban: '100672418' } });
    expect(acting).toMatchObject({ backToHeadBan: true, ban: '100672418', profile: { at: 5 } });
    expect(await outcome(api.call('admin.impersonate', { body: { ban: '999999999' } }))).toBe('E018');
    const back = await api.call('admin.backToHead');
    expect(back).toMatchObject({ backToHeadBan: false, ban: null, profile: null });
    const cur = clientFor(h).api;
    await login(cur, 'curator');
    expect(await outcome(cur.call('admin.impersonate', { body: { sn: '901234567' } }))).toBe('E005');
  });
});

describe('over a real socket', () => {
  let portal: PortalHandle;
  beforeAll(async () => {
    portal = await startPortal({
      port: 0,
      dbPath: ':memory:',
      spa: false,
      logger: silentLogger,
      seed: { passwordCost: TEST_COST },
      config: { passwordCost: TEST_COST },
    });
  });
  afterAll(() => portal.close());

  it('keeps the session cookie across calls', async () => {
    const agent = createAgent((req) => fetch(req), portal.url);
    const api = createApiClient({ baseURL: `${portal.url}/api/`, fetch: agent.fetch });
    expect(await outcome(api.call('session.user'))).toBe('E009');
    await login(api, 'admin');
    expect(agent.jar.has('portal_sid')).toBe(true);
    const user = await api.call('session.user');
    expect(user).toMatchObject({ user_name: 'admin', roles: ['R000'] });
    const found = await api.call('admin.search', { query: { q: 'ova', pageNo: 0, pageSize: 45 } });
    expect(found.list).toHaveLength(45);
    await api.call('session.logout');
    expect(await outcome(api.call('session.user'))).toBe('E009');
  });
});
