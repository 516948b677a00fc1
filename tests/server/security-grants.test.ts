import { describe, expect, it } from 'vitest';
import { type Agent, createHarness, type Harness } from './harness';

/** Finding 20 (docs/security.md): no role grants more than it holds (docs/decisions.md PRG1-PRG2). */

const CURATOR_BAN = '100234561';

const idOf = (h: Harness, login: string) =>
  (h.db.prepare('SELECT id FROM users WHERE login = ?').get(login) as { id: number }).id;

const rolesOf = (h: Harness, id: number) =>
  (
    h.db.prepare('SELECT role FROM user_roles WHERE user_id = ? ORDER BY position').all(id) as {
      role: string;
    }[]
  ).map((r) => r.role);

const userCount = (h: Harness) => (h.db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n;

async function as(h: Harness, login: string): Promise<Agent> {
  const a = h.agent();
  expect((await a.login(login)).status).toBe('OKOK');
  return a;
}

const CLIENT = ['R001', 'R004', 'R007'];
let serial = 0;

/** A create body for one role: a client account of the curator's company, or a staff account. */
function createBody(role: string) {
  serial += 1;
  const user_name = `grant.${role.toLowerCase()}.${serial}`;
  return CLIENT.includes(role)
    ? { kind: 'subscriber', user_name, roles: [role], ban: CURATOR_BAN }
    : { kind: 'admin', user_name, roles: [role], email: `${user_name}@operator.uz` };
}

describe('finding 20: nobody grants a role above their own group', () => {
  it('helpdesk (R002) cannot create an administrator (R000 or R030): no account, no activation link', async () => {
    const h = createHarness();
    const helpdesk = await as(h, 'helpdesk');
    const before = userCount(h);

    const r000 = await helpdesk.call('POST', 'user/create', {
      kind: 'admin',
      user_name: 'evil.admin',
      roles: ['R000'],
      email: 'attacker@evil.example',
    });
    const r030 = await helpdesk.call('POST', 'user/create', {
      kind: 'admin',
      user_name: 'evil.admin2',
      roles: ['R030'],
      email: 'attacker@evil.example',
    });

    expect([r000.status, r030.status]).toEqual(['E005', 'E005']);
    expect(userCount(h)).toBe(before);
    expect(h.outbox({ login: 'evil.admin' })).toEqual([]);
    expect(h.outbox({ login: 'evil.admin2' })).toEqual([]);
  });

  it('helpdesk cannot make a staff user an administrator through user/update', async () => {
    const h = createHarness();
    const helpdesk = await as(h, 'helpdesk');
    const seller = idOf(h, 'seller');
    const callcenter = idOf(h, 'callcenter');

    const toR000 = await helpdesk.call('POST', `user/update/${seller}`, { roles: ['R000'] });
    const toR030 = await helpdesk.call('POST', `user/update/${callcenter}`, { roles: ['R030'] });

    expect([toR000.status, toR030.status]).toEqual(['E005', 'E005']);
    expect(rolesOf(h, seller)).toEqual(['R005']);
    expect(rolesOf(h, callcenter)).toEqual(['R003']);
  });

  it('helpdesk still creates and changes the staff roles below the admin group, its own group included', async () => {
    const h = createHarness();
    const helpdesk = await as(h, 'helpdesk');

    const operator = await helpdesk.call('POST', 'user/create', createBody('R008'));
    const peer = await helpdesk.call('POST', 'user/create', createBody('R033'));
    const seller = idOf(h, 'seller');
    const update = await helpdesk.call('POST', `user/update/${seller}`, { roles: ['R009'] });

    expect([operator.status, peer.status, update.status]).toEqual(['OKOK', 'OKOK', 'OKOK']);
    expect(rolesOf(h, (peer.result as { user_id: number }).user_id)).toEqual(['R033']);
    expect(rolesOf(h, seller)).toEqual(['R009']);
  });

  it('the administrator creates administrators and makes staff users administrators', async () => {
    const h = createHarness();
    const admin = await as(h, 'admin');
    const created = await admin.call('POST', 'user/create', createBody('R000'));
    const seller = idOf(h, 'seller');
    const update = await admin.call('POST', `user/update/${seller}`, { roles: ['R030'] });

    expect([created.status, update.status]).toEqual(['OKOK', 'OKOK']);
    expect(rolesOf(h, (created.result as { user_id: number }).user_id)).toEqual(['R000']);
    expect(rolesOf(h, seller)).toEqual(['R030']);
  });

  it('call centre (createSubscriber only) cannot create or grant a staff role', async () => {
    const h = createHarness();
    const cc = await as(h, 'callcenter');
    const curator = idOf(h, 'curator');
    const created = await cc.call('POST', 'user/create', createBody('R003'));
    const update = await cc.call('POST', `user/update/${curator}`, { roles: ['R003'] });
    expect([created.status, update.status]).toEqual(['E005', 'E005']);
    expect(rolesOf(h, curator)).toEqual(['R004']);
  });

  it('keeps the other rules: one role (the schema), no role change on oneself (E136)', async () => {
    const h = createHarness();
    const admin = await as(h, 'admin');
    const two = await admin.call('POST', 'user/create', { ...createBody('R008'), roles: ['R008', 'R000'] });
    const own = await admin.call('POST', `user/update/${idOf(h, 'admin')}`, { roles: ['R030'] });
    expect([two.status, own.status]).toEqual(['E101', 'E136']);
  });

  it('reads the role chosen for the session, not the first role stored: R000 + R002 acting as R002 grants no R000', async () => {
    const h = createHarness();
    const id = idOf(h, 'helpdesk');
    // the helpdesk account also holds R000, stored first
    h.db.prepare('UPDATE user_roles SET position = 1 WHERE user_id = ?').run(id);
    h.db.prepare("INSERT INTO user_roles (user_id, position, role) VALUES (?, 0, 'R000')").run(id);
    const a = await as(h, 'helpdesk');
    expect((await a.call('POST', 'v1/adfs/save-chosen-role', { updatedValue: 'R002' })).status).toBe('OKOK');

    const asHelpdesk = [
      (await a.call('POST', 'user/create', createBody('R000'))).status,
      (await a.call('POST', `user/update/${idOf(h, 'seller')}`, { roles: ['R030'] })).status,
      // the per-target edit rule reads the same active role: an administrator is edited only by an acting R000/R030
      (await a.call('POST', `user/update/${idOf(h, 'admin')}`, { full_name: 'Edited by helpdesk' })).status,
    ];
    // a role is chosen once per session (E134): another session chooses R000
    const b = await as(h, 'helpdesk');
    expect((await b.call('POST', 'v1/adfs/save-chosen-role', { updatedValue: 'R000' })).status).toBe('OKOK');
    const asAdmin = (await b.call('POST', 'user/create', createBody('R000'))).status;

    expect(asHelpdesk).toEqual(['E005', 'E005', 'E005']);
    expect(asAdmin).toBe('OKOK');
  });

  /**
   * Each grantor × role over HTTP (create): written from the rule, not from the code. A = granted, - = refused (E005).
   * Roles: R000 R030 (admin), R002 R033 (helpdesk), R003 (call centre), R008 (operator), R010 R031 (OKK), R004 R007
   * (client).
   */
  const ROLES = ['R000', 'R030', 'R002', 'R033', 'R003', 'R008', 'R010', 'R031', 'R004', 'R007'];
  const MATRIX: [login: string, row: string][] = [
    ['admin', 'A A A A A A A A A A'], // R000: every role
    ['helpdesk', '- - A A A A A A - -'], // R002: staff below the admin group
    ['callcenter', '- - - - - - - - A A'], // R003: client roles
    ['operator', '- - - - - - - - A A'], // R008: client roles
    ['servicedesk', '- - - - - - - - A A'], // R009: client roles
    ['regional', '- - - - - - - - A A'], // R011: client roles
    ['seller', '- - - - - - - - - -'], // R005: nothing
    ['okk', '- - - - - - - - - -'], // R010: nothing
    ['curator', '- - - - - - - - - -'], // R004: nothing
  ];

  it.each(MATRIX)('%s creates exactly the roles it may grant', async (login, row) => {
    const h = createHarness();
    const a = await as(h, login);
    const expected = row.split(' ').map((c) => (c === 'A' ? 'OKOK' : 'E005'));
    const seen: string[] = [];
    for (const role of ROLES) seen.push((await a.call('POST', 'user/create', createBody(role))).status);
    expect(seen).toEqual(expected);
  });

  it.each([
    // editor, target, role, expected
    ['helpdesk', 'seller', 'R000', 'E005'],
    ['helpdesk', 'seller', 'R030', 'E005'],
    ['helpdesk', 'seller', 'R002', 'OKOK'],
    ['helpdesk', 'operator', 'R031', 'OKOK'],
    ['helpdesk', 'curator', 'R007', 'E005'],
    ['admin', 'helpdesk', 'R000', 'OKOK'],
    ['admin', 'curator', 'R007', 'OKOK'],
    ['callcenter', 'curator', 'R007', 'OKOK'],
    ['operator', 'subscriber20', 'R004', 'OKOK'],
    ['regional', 'keyowner', 'R004', 'OKOK'],
  ])('%s changing %s to %s answers %s', async (editor, target, role, expected) => {
    const h = createHarness();
    const a = await as(h, editor);
    const id = idOf(h, target);
    const before = rolesOf(h, id);
    const r = await a.call('POST', `user/update/${id}`, { roles: [role] });
    expect(r.status).toBe(expected);
    expect(rolesOf(h, id)).toEqual(expected === 'OKOK' ? [role] : before);
  });
});
