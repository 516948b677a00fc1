/**
 * Administration and impersonation on the server: who may administer users and impersonate, what impersonation records and refuses, and what
 * the header search box gets back from a lookup.
 */
import { describe, expect, it } from 'vitest';
import { mayCall } from '../../server/permissions';
import type { Viewer } from '../../server/viewer';
import { type UserFacts, userConfig } from '../../src/domain/roles.rules';
import { createHarness, type Harness, impersonations } from './harness';

const CURATOR_BAN = '100234561';
const OTHER_BAN = '100388204';

const idOf = (h: Harness, login: string) =>
  (h.db.prepare('SELECT id FROM users WHERE login = ?').get(login) as { id: number }).id;

/** The viewings the activity log records, the demo seed's aside (AL7): each `impersonation.start` entry with its end
 *  (AL5). */
const audit = (h: Harness) => impersonations(h.db, h.seeded.activity);

describe('user administration refuses clients (E005)', () => {
  it.each(['subscriber', 'curator', 'keyowner'])(
    '%s gets E005 on every administration call',
    async (login) => {
      const h = createHarness();
      const a = h.agent();
      expect((await a.login(login)).status).toBe('OKOK');
      const admin = idOf(h, 'admin');
      const calls: [string, string, unknown?][] = [
        ['GET', 'user/search?q=ova&pageNo=0&pageSize=45'],
        ['GET', `user/get/${admin}`],
        [
          'POST',
          'user/create',
          { kind: 'subscriber', user_name: 'x.client', roles: ['R004'], ban: CURATOR_BAN },
        ],
        ['POST', `user/update/${admin}`, { full_name: 'x' }],
        ['POST', `user/block/${admin}`, { blocked: true }],
        ['POST', 'user/impersonate', { ban: CURATOR_BAN }],
        ['GET', `client/ban/${CURATOR_BAN}`],
        ['GET', 'client/sn/8901234567'],
      ];
      for (const [method, path, body] of calls) {
        expect([path, (await a.call(method, path, body)).status]).toEqual([path, 'E005']);
      }
      expect(audit(h)).toEqual([]);
    },
  );

  it('lets helpdesk search users for EditUser, but not look subscribers up (no search box)', async () => {
    const h = createHarness();
    const a = h.agent();
    await a.login('helpdesk');
    expect((await a.call('GET', 'user/search?q=curator&pageNo=0&pageSize=45')).status).toBe('OKOK');
    expect((await a.call('GET', `client/ban/${CURATOR_BAN}`)).status).toBe('E005');
  });
});

describe('lookup for the search box', () => {
  it('answers E018 "account not found" for an unknown BAN or number, E016 for a malformed one', async () => {
    const h = createHarness();
    const a = h.agent();
    await a.login('admin');
    expect((await a.call('GET', 'client/ban/999999999')).status).toBe('E018');
    expect((await a.call('GET', 'client/sn/8909999999')).status).toMatch(/^E01[68]$/);
    expect((await a.call('GET', 'client/ban/12345')).status).toBe('E016');
    expect((await a.call('GET', `client/ban/${CURATOR_BAN}`)).result).toMatchObject({
      ban: CURATOR_BAN,
      company_name: 'Toshkent Savdo Invest MChJ',
    });
  });
});

describe('impersonation', () => {
  it('sets the back-to-head flag on choose, clears it on back, and audits start, end, actor and client', async () => {
    const h = createHarness();
    const a = h.agent();
    await a.login('admin');
    expect((await a.call('GET', 'user/')).result).toMatchObject({ backToHeadBan: false, ban: null });

    const chosen = await a.call('POST', 'user/impersonate', { ban: CURATOR_BAN });
    expect(chosen.result).toMatchObject({ user_name: 'admin', backToHeadBan: true, ban: CURATOR_BAN });
    expect((await a.call('GET', 'user/')).result).toMatchObject({ backToHeadBan: true, ban: CURATOR_BAN });
    expect(audit(h)).toEqual([
      expect.objectContaining({
        actor_user_id: idOf(h, 'admin'),
        ban: CURATOR_BAN,
        sn: null,
        ended_at: null,
      }),
    ]);

    h.clock.advance(5_000);
    const back = await a.call('POST', 'user/back-to-head');
    expect(back.result).toMatchObject({ backToHeadBan: false, ban: null });
    expect((await a.call('GET', 'user/')).result).toMatchObject({ backToHeadBan: false });
    const [row] = audit(h);
    expect(row?.end_reason).toBe('back');
    expect((row?.ended_at ?? 0) - (row?.started_at ?? 0)).toBe(5_000);
    expect(h.logs.some((l) => l.includes('admin.impersonate') && l.includes(CURATOR_BAN))).toBe(true);
    expect(h.logs.some((l) => l.includes('admin.backToHead'))).toBe(true);
  });

  it('back-to-head without an impersonation changes nothing and records nothing', async () => {
    const h = createHarness();
    const a = h.agent();
    await a.login('admin');
    expect((await a.call('POST', 'user/back-to-head')).result).toMatchObject({ backToHeadBan: false });
    expect(audit(h)).toEqual([]);
  });

  it('is limited to the chosen BAN: switching closes the previous audit row, numbers of other BANs are refused', async () => {
    const h = createHarness();
    const a = h.agent();
    await a.login('admin');
    await a.call('POST', 'user/impersonate', { ban: CURATOR_BAN });
    expect((await a.call('GET', `client/numbers?ban=${OTHER_BAN}&page=0&size=5`)).status).toBe('E005');
    await a.call('POST', 'user/impersonate', { ban: OTHER_BAN });
    expect((await a.call('GET', `client/numbers?ban=${CURATOR_BAN}&page=0&size=5`)).status).toBe('E005');
    expect((await a.call('GET', `client/numbers?ban=${OTHER_BAN}&page=0&size=5`)).status).toBe('OKOK');
    expect(audit(h).map((r) => [r.ban, r.end_reason])).toEqual([
      [CURATOR_BAN, 'switch'],
      [OTHER_BAN, null],
    ]);
    // a failed switch keeps the current client
    expect((await a.call('POST', 'user/impersonate', { ban: '999999999' })).status).toBe('E018');
    expect((await a.call('GET', 'user/')).result).toMatchObject({ ban: OTHER_BAN, backToHeadBan: true });
  });

  it('refuses password and role changes while viewing a client, allows them again after going back', async () => {
    const h = createHarness();
    const a = h.agent();
    await a.login('admin');
    await a.call('POST', 'user/impersonate', { ban: CURATOR_BAN });
    const operator = idOf(h, 'regional');
    expect(
      (await a.call('POST', 'user/change-password', { current: 'Demo-2026', password: 'Other-2026x' }))
        .status,
    ).toBe('E005');
    expect((await a.call('POST', 'v1/adfs/save-chosen-role', { updatedValue: 'R000' })).status).toBe('E005');
    expect((await a.call('POST', `user/update/${operator}`, { roles: ['R012'] })).status).toBe('E005');
    expect((await a.call('POST', `user/update/${operator}`, { full_name: 'Viloyat Rahbari' })).status).toBe(
      'OKOK',
    );
    await a.call('POST', 'user/back-to-head');
    expect((await a.call('POST', `user/update/${operator}`, { roles: ['R012'] })).status).toBe('OKOK');
  });

  it('closes the audit row when the session expires', async () => {
    const h = createHarness({ config: { sessionIdleMinutes: 1 } });
    const a = h.agent();
    await a.login('admin');
    await a.call('POST', 'user/impersonate', { sn: '8901234567' });
    expect(audit(h)).toEqual([
      expect.objectContaining({ ban: '100457732', sn: '901234567', ended_at: null }),
    ]);
    h.clock.advance(2 * 60_000);
    expect((await a.call('GET', 'user/')).status).toBe('E009');
    expect(audit(h)[0]?.end_reason).toBe('expired');
  });
});

describe('mayCall while impersonating', () => {
  const facts: UserFacts = { roles: ['R000'], forceChangePassword: false, profile: null, banSelected: true };
  const viewer = (impersonating: boolean): Viewer => ({
    roles: ['R000'],
    profile: null,
    ownProfile: null,
    impersonating,
    facts: { ...facts, banSelected: impersonating },
    config: userConfig({ ...facts, banSelected: impersonating }),
  });

  it.each(['signing.verify', 'session.changePassword', 'session.saveChosenRole'] as const)(
    'refuses %s while viewing a client and allows it otherwise',
    (name) => {
      expect(mayCall(name, viewer(true))).toBe(false);
      expect(mayCall(name, viewer(false))).toBe(true);
    },
  );

  it.each(['admin.backToHead', 'session.user', 'session.profile', 'admin.impersonate'] as const)(
    'keeps %s open while viewing a client',
    (name) => {
      expect(mayCall(name, viewer(true))).toBe(true);
    },
  );
});
