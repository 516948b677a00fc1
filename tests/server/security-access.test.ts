import { describe, expect, it } from 'vitest';
import { type Agent, createHarness, type Harness, userEntries } from './harness';

/** Findings 2, 4, 7 and parts of 15 (docs/security.md). */

const idOf = (h: Harness, login: string) =>
  (h.db.prepare('SELECT id FROM users WHERE login = ?').get(login) as { id: number }).id;

async function as(h: Harness, login: string): Promise<Agent> {
  const a = h.agent();
  expect((await a.login(login)).status).toBe('OKOK');
  return a;
}

describe('finding 2: per-target edit rules', () => {
  it('call centre cannot change the administrator’s e-mail, nor block administrator or helpdesk', async () => {
    const h = createHarness();
    const cc = await as(h, 'callcenter');
    const admin = idOf(h, 'admin');

    const email = await cc.call('POST', `user/update/${admin}`, { email: 'attacker@evil.example' });
    const blockAdmin = await cc.call('POST', `user/block/${admin}`, { blocked: true });
    const blockHelpdesk = await cc.call('POST', `user/block/${idOf(h, 'helpdesk')}`, { blocked: true });

    expect([email.status, blockAdmin.status, blockHelpdesk.status]).toEqual(['E005', 'E005', 'E005']);
    const row = h.db.prepare('SELECT email, status FROM users WHERE id = ?').get(admin) as {
      email: string | null;
      status: string;
    };
    expect(row.email).not.toBe('attacker@evil.example');
    expect(row.status).toBe('active');
  });

  it('administrators edit administrators; createAdmin edits other staff; editUser edits client users', async () => {
    const h = createHarness();
    const cases: [editor: string, target: string, expected: string][] = [
      ['admin', 'helpdesk', 'OKOK'],
      ['helpdesk', 'admin', 'E005'],
      ['helpdesk', 'callcenter', 'OKOK'],
      ['callcenter', 'operator', 'E005'],
      ['callcenter', 'curator', 'OKOK'],
      ['operator', 'subscriber', 'OKOK'],
      ['operator', 'servicedesk', 'E005'],
    ];
    const seen: string[][] = [];
    for (const [editor, target, expected] of cases) {
      const a = await as(h, editor);
      const r = await a.call('POST', `user/update/${idOf(h, target)}`, { full_name: `Edited by ${editor}` });
      seen.push([editor, target, r.status]);
      expect(expected).toMatch(/^(OKOK|E005)$/);
    }
    expect(seen).toEqual(cases);
  });

  // a staff account: a client account's contact is not staff's to change at all (finding 21, security-contacts)
  it('an e-mail change on another user revokes their recovery links and sessions, and is audited', async () => {
    const h = createHarness();
    const victim = await as(h, 'operator');
    await h.agent().call('POST', 'user/forgot', { login: 'operator' });
    const token = h.outbox({ login: 'operator' })[0]?.secret as string;
    const helpdesk = await as(h, 'helpdesk');
    const id = idOf(h, 'operator');

    const r = await helpdesk.call('POST', `user/update/${id}`, { email: 'new-address@beeline.uz' });

    expect(r.status).toBe('OKOK');
    expect((await victim.call('GET', 'user/')).status).toBe('E009');
    const restore = await h
      .agent()
      .call('POST', 'user/restore', { r: token, password: 'Fresh-Pass-2026', confirm: 'Fresh-Pass-2026' });
    expect(restore.status).not.toBe('OKOK');
    const audit = userEntries(h.db, 'operator').filter((e) => e.action === 'user.edit');
    expect(audit.at(-1)?.detail).toEqual(['email']);
    expect(h.logs.some((l) => l.includes('"admin.contactChanged"'))).toBe(true);
  });
});

describe('finding 4: password-reset poisoning', () => {
  it('builds recovery links from the configured public origin, never from the Host header', async () => {
    const h = createHarness({ config: { publicOrigin: 'https://portal.example.uz' } });
    await h.agent().call('POST', 'user/forgot', { login: 'curator' }, { headers: { host: 'evil.example' } });
    const forged = new Request('http://evil.example/api/user/forgot', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'portal', host: 'evil.example' },
      body: JSON.stringify({ login: 'operator' }),
    });
    await h.app.fetch(forged);

    const texts = [...h.outbox({ login: 'curator' }), ...h.outbox({ login: 'operator' })].map((m) => m.text);
    expect(texts).toHaveLength(2);
    for (const t of texts) {
      expect(t).toMatch(/https:\/\/portal\.example\.uz\/ru\/restore\?r=/);
      expect(t).not.toMatch(/evil\.example/);
    }
  });
});

describe('finding 7: impersonation needs the search group', () => {
  it('refuses helpdesk (R002), which may not look clients up either', async () => {
    const h = createHarness();
    const helpdesk = await as(h, 'helpdesk');

    const lookup = await helpdesk.call('GET', 'client/ban/100234561');
    const impersonate = await helpdesk.call('POST', 'user/impersonate', { ban: '100234561' });
    const profile = await helpdesk.call('GET', 'profile');

    expect(lookup.status).toBe('E005');
    expect(impersonate.status).toBe('E005');
    expect(profile.status).not.toBe('OKOK');
  });

  it('still lets the search group (call centre) impersonate', async () => {
    const h = createHarness();
    const cc = await as(h, 'callcenter');

    expect((await cc.call('POST', 'user/impersonate', { ban: '100234561' })).status).toBe('OKOK');
  });
});

describe('finding 15: low-severity input and audit fixes', () => {
  it('accepts digits only as a user id: 0x1 and 4e0 are not users 1 and 4', async () => {
    const h = createHarness();
    const admin = await as(h, 'admin');

    const r = await Promise.all(
      ['0x1', '4e0', '1.0', ' 1'].map((id) => admin.call('GET', `user/get/${encodeURIComponent(id)}`)),
    );

    expect(r.map((x) => x.status)).toEqual(['E014', 'E014', 'E014', 'E014']);
    expect((await admin.call('GET', 'user/get/1')).status).toBe('OKOK');
  });

  it('audits only the fields that changed', async () => {
    const h = createHarness();
    const admin = await as(h, 'admin');
    const id = idOf(h, 'operator');
    const before = h.db.prepare('SELECT full_name AS n FROM users WHERE id = ?').get(id) as { n: string };

    await admin.call('POST', `user/update/${id}`, { full_name: before.n, email: 'operator.new@beeline.uz' });

    const audit = userEntries(h.db, 'operator').filter((e) => e.action === 'user.edit');
    expect(audit.at(-1)?.detail).toEqual(['email']);
  });

  it('refuses staff e-mail and phone that are any text', async () => {
    const h = createHarness();
    const admin = await as(h, 'admin');
    const id = idOf(h, 'operator');

    const email = await admin.call('POST', `user/update/${id}`, { email: '<script>x</script>' });
    const phone = await admin.call('POST', `user/update/${id}`, { phone: 'call me maybe' });

    expect([email.status, phone.status]).toEqual(['E013', 'E008']);
  });
});
