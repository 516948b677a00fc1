import { describe, expect, it } from 'vitest';
import { createHarness } from './harness';

const MIN = 60_000;

describe('login', () => {
  it('opens a session with an httpOnly, SameSite=Strict cookie and answers the user', async () => {
    const h = createHarness();
    const a = h.agent();
    const r = await a.login('curator');
    expect(r.status).toBe('OKOK');
    expect(r.result).toMatchObject({
      user_name: 'curator',
      roles: ['R004'],
      profile: { ban: '100234561', at: 5 },
    });
    const cookie = r.setCookie.find((c) => c.startsWith('portal_sid='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).not.toMatch(/Secure/);
    // 32 random bytes, base64url
    expect(cookie?.split(';')[0]?.slice('portal_sid='.length)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('marks the cookie Secure behind an https proxy', async () => {
    const h = createHarness();
    const r = await h
      .agent()
      .call(
        'POST',
        'user/login',
        { login: 'admin', password: 'Demo-2026' },
        { headers: { 'x-forwarded-proto': 'https' } },
      );
    expect(r.setCookie.join()).toMatch(/Secure/);
  });

  it('stores only a hash of the session id', async () => {
    const h = createHarness();
    const a = h.agent();
    await a.login('admin');
    const token = a.jar.get('portal_sid') as string;
    const rows = h.db.prepare('SELECT id_hash FROM sessions').all() as { id_hash: string }[];
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id_hash).not.toContain(token);
    expect(rows[0]?.id_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers E012 for a wrong password or an unknown login, E023 for a blocked user, E132 for sso-only', async () => {
    const h = createHarness();
    expect((await h.agent().login('curator', 'wrong-password1')).status).toBe('E012');
    expect((await h.agent().login('nobody-here')).status).toBe('E012');
    h.db.prepare("UPDATE users SET status = 'blocked' WHERE login = 'seller'").run();
    expect((await h.agent().login('seller')).status).toBe('E023');
    // a blocked user with a wrong password learns nothing more than E012
    expect((await h.agent().login('seller', 'wrong-password1')).status).toBe('E012');
    expect((await h.agent().login('staff-sso')).status).toBe('E132');
  });

  it('answers E131 to a client whose company is terminated', async () => {
    const h = createHarness();
    h.db.prepare("UPDATE companies SET status = 'N' WHERE ban = '100783350'").run();
    expect((await h.agent().login('keyowner-nobuy')).status).toBe('E131');
  });

  it('logs attempts without the password', async () => {
    const h = createHarness();
    await h.agent().login('curator', 'Secret-Wrong-77');
    await h.agent().login('curator');
    const log = h.logs.join('\n');
    expect(log).toContain('"event":"auth.login"');
    expect(log).toContain('"ok":false');
    expect(log).toContain('"ok":true');
    expect(log).not.toContain('Secret-Wrong-77');
    expect(log).not.toContain('Demo-2026');
  });
});

describe('session', () => {
  it('answers E009 without a session', async () => {
    const h = createHarness();
    const r = await h.agent().call('GET', 'user/');
    expect(r).toMatchObject({ http: 200, status: 'E009' });
  });

  it('expires after 30 idle minutes (E009) but not while used', async () => {
    const h = createHarness();
    const a = h.agent();
    await a.login('admin');
    h.clock.advance(29 * MIN);
    expect((await a.call('GET', 'user/')).status).toBe('OKOK');
    h.clock.advance(29 * MIN);
    expect((await a.call('GET', 'user/')).status).toBe('OKOK');
    h.clock.advance(30 * MIN + 1);
    expect((await a.call('GET', 'user/')).status).toBe('E009');
    // and it stays gone
    expect((await a.call('GET', 'user/')).status).toBe('E009');
    expect(h.db.prepare('SELECT COUNT(*) AS n FROM sessions').get()).toEqual({ n: 0 });
  });

  it('honours SESSION_IDLE_MINUTES', async () => {
    const h = createHarness({ config: { sessionIdleMinutes: 5 } });
    const a = h.agent();
    await a.login('admin');
    h.clock.advance(5 * MIN + 1);
    expect((await a.call('GET', 'user/')).status).toBe('E009');
  });

  it('logout deletes the session: the old cookie no longer works', async () => {
    const h = createHarness();
    const a = h.agent();
    await a.login('curator');
    const token = a.jar.get('portal_sid') as string;
    expect((await a.call('POST', 'user/logout')).status).toBe('OKOK');
    expect(a.jar.has('portal_sid')).toBe(false);
    const replay = await h
      .agent()
      .call('GET', 'user/', undefined, { headers: { cookie: `portal_sid=${token}` } });
    expect(replay.status).toBe('E009');
  });

  it('a blocked user loses the session at once', async () => {
    const h = createHarness();
    const user = h.agent();
    const admin = h.agent();
    await user.login('seller');
    await admin.login('admin');
    const id = (h.db.prepare("SELECT id FROM users WHERE login = 'seller'").get() as { id: number }).id;
    expect((await admin.call('POST', `user/block/${id}`, { blocked: true })).status).toBe('OKOK');
    expect((await user.call('GET', 'user/')).status).toBe('E009');
  });

  it('rejects a non-GET call without the CSRF header with 403 + E005', async () => {
    const h = createHarness();
    const a = h.agent();
    const r = await a.call('POST', 'user/login', { login: 'admin', password: 'Demo-2026' }, { csrf: false });
    expect(r).toMatchObject({ http: 403, status: 'E005' });
    expect(a.jar.size).toBe(0);
  });
});

describe('profile', () => {
  it('is the own profile of a client and E014 for staff', async () => {
    const h = createHarness();
    const sub = h.agent();
    await sub.login('subscriber');
    const p = await sub.call('GET', 'profile');
    expect(p.result).toMatchObject({
      sn: '901234567',
      ban: '100457732',
      at: 15,
      fin_data: { budget: 150000 },
    });
    const c16 = h.agent();
    await c16.login('curator16');
    expect((await c16.call('GET', 'profile')).result).toMatchObject({
      at: 16,
      fin_data: { unbilled_amnt: 3420500 },
    });
    const staff = h.agent();
    await staff.login('operator');
    expect((await staff.call('GET', 'profile')).status).toBe('E014');
  });
});

describe('change password', () => {
  it('needs the current password, clears the forced flag and keeps only this session', async () => {
    const h = createHarness();
    const a = h.agent();
    const other = h.agent();
    const r = await a.login('newcurator');
    expect(r.result).toMatchObject({ force_change_password: true });
    await other.login('newcurator');
    // forced: nothing but settings-type calls
    expect((await a.call('GET', 'client/numbers?ban=100894127&page=0&size=10')).status).toBe('E005');
    expect(
      (await a.call('POST', 'user/change-password', { current: 'nope', password: 'Better-2027' })).status,
    ).toBe('E012');
    expect(
      (await a.call('POST', 'user/change-password', { current: 'Demo-2026', password: 'short' })).status,
    ).toBe('E013');
    expect(
      (await a.call('POST', 'user/change-password', { current: 'Demo-2026', password: 'Better-2027' }))
        .status,
    ).toBe('OKOK');
    expect((await a.call('GET', 'user/')).result).toMatchObject({ force_change_password: false });
    expect((await other.call('GET', 'user/')).status).toBe('E009');
    expect((await a.call('GET', 'client/numbers?ban=100894127&page=0&size=10')).status).toBe('OKOK');
    expect((await h.agent().login('newcurator')).status).toBe('E012');
    expect((await h.agent().login('newcurator', 'Better-2027')).status).toBe('OKOK');
    expect(h.logs.join('\n')).not.toContain('Better-2027');
  });
});

describe('save-chosen-role', () => {
  it('takes one of the user’s roles once per session and puts it first', async () => {
    const h = createHarness();
    const a = h.agent();
    const u = await a.login('multirole');
    expect(u.result).toMatchObject({ roles: ['R008', 'R005'], chosenRole: null });
    expect((await a.call('POST', 'v1/adfs/save-chosen-role', { updatedValue: 'R000' })).status).toBe('E133');
    expect((await a.call('POST', 'v1/adfs/save-chosen-role', { updatedValue: 'R005' })).status).toBe('OKOK');
    expect((await a.call('GET', 'user/')).result).toMatchObject({
      roles: ['R005', 'R008'],
      chosenRole: 'R005',
    });
    expect((await a.call('POST', 'v1/adfs/save-chosen-role', { updatedValue: 'R008' })).status).toBe('E134');
    // the same role again is the one choice arriving twice (a reload while the save was on its way): no error,
    // and the role stays
    expect((await a.call('POST', 'v1/adfs/save-chosen-role', { updatedValue: 'R005' })).status).toBe('OKOK');
    expect((await a.call('GET', 'user/')).result).toMatchObject({ chosenRole: 'R005' });
    // a new session chooses again
    const b = h.agent();
    await b.login('multirole');
    expect((await b.call('POST', 'v1/adfs/save-chosen-role', { updatedValue: 'R008' })).status).toBe('OKOK');
  });

  it('answers E130 to a client account holding several roles', async () => {
    const h = createHarness();
    const id = (h.db.prepare("SELECT id FROM users WHERE login = 'curator'").get() as { id: number }).id;
    h.db.prepare("INSERT INTO user_roles (user_id, position, role) VALUES (?, 1, 'R007')").run(id);
    const a = h.agent();
    await a.login('curator');
    expect((await a.call('POST', 'v1/adfs/save-chosen-role', { updatedValue: 'R004' })).status).toBe('E130');
  });
});
