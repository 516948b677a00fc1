import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SigningTargets, signingDocument, signingDocumentText } from '@/domain/signing-document.rules';
import { type DemoKeyMaterial, loadOrCreateCa, loadOrCreateDemoKeyMaterial } from '../../server/eimzo/ca';
import { createSignedData } from '../../server/eimzo/cms';
import { MAIN_KEY, NAVOIY_KEY, TEST_KEYS, tempDir } from '../support/eimzo';
import { type Agent, createHarness, type Harness, userEntries } from './harness';

/**
 * Findings 21 and 22 (docs/security.md; docs/decisions.md PRC1-PRC8): staff never set or change a client account's
 * recovery contacts, a client account created by staff is activated through the company's contact on record (or its
 * key owner's signature), and the company's key owner changes an account's recovery contact with an E-IMZO signature
 * that authorises exactly that change, once.
 */

const NAVOIY_BAN = '100672418';
const NAVOIY_EMAIL = 'info@navoiy.uz';
const ATTACKER = 'staff.own@evil.example';
const EDITORS = ['admin', 'helpdesk', 'callcenter', 'operator', 'servicedesk', 'regional'] as const;

const data = tempDir('security-contacts-');
let navoiyKey: DemoKeyMaterial;
let mainKey: DemoKeyMaterial;

beforeAll(() => {
  const ca = loadOrCreateCa(data.dir);
  const keys = loadOrCreateDemoKeyMaterial(ca, TEST_KEYS);
  navoiyKey = keys.get(NAVOIY_KEY.serialNumber) as DemoKeyMaterial;
  mainKey = keys.get(MAIN_KEY.serialNumber) as DemoKeyMaterial;
});
afterAll(() => data.remove());

const harness = () => createHarness({ config: { eimzoDataDir: data.dir } });

const idOf = (h: Harness, login: string) =>
  (h.db.prepare('SELECT id FROM users WHERE login = ?').get(login) as { id: number }).id;

const contactsOf = (h: Harness, login: string) =>
  h.db.prepare('SELECT email, phone, status FROM users WHERE login = ?').get(login) as {
    email: string | null;
    phone: string | null;
    status: string;
  };

async function as(h: Harness, login: string): Promise<Agent> {
  const a = h.agent();
  expect((await a.login(login)).status).toBe('OKOK');
  return a;
}

/** Asks for a recovery link as anybody may, and reads where the reference backend sent it. */
async function recoveryGoesTo(h: Harness, login: string): Promise<string | undefined> {
  expect((await h.agent().call('POST', 'user/forgot', { login })).status).toBe('OKOK');
  return h.outbox({ login }).find((m) => m.kind === 'restore-link')?.recipient;
}

/** A second client account of the key owner's company, created by an administrator (pending until activated). */
async function navoiyCurator(h: Harness, login = 'navoiy.curator'): Promise<number> {
  const admin = await as(h, 'admin');
  const r = await admin.call('POST', 'user/create', {
    kind: 'subscriber',
    user_name: login,
    full_name: 'Usmonov Botir',
    roles: ['R004'],
    ban: NAVOIY_BAN,
  });
  expect(r.status).toBe('OKOK');
  return Number((r.result as { user_id: number }).user_id);
}

type ContactTargets = Extract<SigningTargets, { kind: 'contact' }>;

const contactTargets = (
  h: Harness,
  login: string,
  email: string | null,
  phone: string | null,
): ContactTargets => ({
  kind: 'contact',
  ban: NAVOIY_BAN,
  userId: String(idOf(h, login)),
  login,
  email,
  phone,
});

async function challenge(a: Agent, targets: SigningTargets) {
  return a.call('POST', 'signing/challenge', { action: 'contact-change', targets });
}

/** Signs the contact-change document for `targets` under a fresh challenge and verifies it, as the portal does. */
async function signChange(h: Harness, a: Agent, targets: SigningTargets, key = navoiyKey) {
  const c = await challenge(a, targets);
  expect(c.status).toBe('OKOK');
  const text = signingDocumentText(
    signingDocument('contact-change', targets, (c.result as { challenge: string }).challenge),
  );
  const pcs7 = createSignedData(Buffer.from(text, 'utf8'), key, {
    signingTime: new Date(h.clock.now()),
  }).der.toString('base64');
  return (await a.call('POST', 'online-sales/documents/verify', { pcs7 })).result as {
    code: number;
    reason?: string;
  };
}

const saveContact = (a: Agent, userId: number, body: { email: string | null; phone: string | null }) =>
  a.call('POST', `user/recovery-contact/${userId}`, body);

describe('finding 21: staff take over client accounts through the recovery e-mail', () => {
  it('refuses every editing role a client account’s e-mail or phone (E135); recovery still goes to the client', async () => {
    const h = harness();
    const before = contactsOf(h, 'curator');
    const seen: [string, string, string][] = [];
    for (const editor of EDITORS) {
      const a = await as(h, editor);
      for (const target of ['curator', 'subscriber', 'keyowner']) {
        const email = await a.call('POST', `user/update/${idOf(h, target)}`, { email: ATTACKER });
        const phone = await a.call('POST', `user/update/${idOf(h, target)}`, { phone: '998901112233' });
        seen.push([editor, target, `${email.status}/${phone.status}`]);
      }
    }

    expect(seen.filter(([, , s]) => s !== 'E135/E135')).toEqual([]);
    expect(contactsOf(h, 'curator')).toEqual(before);
    const to = await recoveryGoesTo(h, 'curator');
    expect(to).toBe(before.email);
    expect(to).not.toBe(ATTACKER);
  });

  it('refuses clearing a client account’s contact too, but lets the name be edited', async () => {
    const h = harness();
    const cc = await as(h, 'callcenter');
    const id = idOf(h, 'curator');

    expect((await cc.call('POST', `user/update/${id}`, { email: '' })).status).toBe('E135');
    expect((await cc.call('POST', `user/update/${id}`, { full_name: 'Karimova Dilnoza' })).status).toBe(
      'OKOK',
    );
    expect(contactsOf(h, 'curator').email).not.toBeNull();
  });

  it('still lets staff who may edit staff change a staff account’s e-mail (finding 2 stands)', async () => {
    const h = harness();
    const helpdesk = await as(h, 'helpdesk');

    const r = await helpdesk.call('POST', `user/update/${idOf(h, 'operator')}`, {
      email: 'operator.new@beeline.uz',
    });

    expect(r.status).toBe('OKOK');
    expect(contactsOf(h, 'operator').email).toBe('operator.new@beeline.uz');
  });

  it('gives the client a way back staff cannot forge: the key owner signs the new contact with the company key', async () => {
    const h = harness();
    const id = await navoiyCurator(h);
    const owner = await as(h, 'keyowner');
    const targets = contactTargets(h, 'navoiy.curator', 'botir@navoiy.uz', null);

    expect((await signChange(h, owner, targets)).code).toBe(1);
    const r = await saveContact(owner, id, { email: 'botir@navoiy.uz', phone: null });

    expect(r.status).toBe('OKOK');
    expect(contactsOf(h, 'navoiy.curator')).toMatchObject({ email: 'botir@navoiy.uz', phone: null });
    // the account was still pending: its activation link went to the confirmed contact
    const link = h.outbox({ login: 'navoiy.curator' })[0];
    expect([link?.kind, link?.recipient]).toEqual(['activation-link', 'botir@navoiy.uz']);
    const [audit, ...more] = userEntries(h.db, 'navoiy.curator').filter((e) => e.action === 'contact.change');
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      actor_user_id: idOf(h, 'keyowner'),
      ban: NAVOIY_BAN,
      key_serial: NAVOIY_KEY.serialNumber,
      detail: { fields: ['email'] },
    });
  });

  it('a signature authorises exactly that change, once: not another value, account or company, not twice', async () => {
    const h = harness();
    const id = await navoiyCurator(h);
    const owner = await as(h, 'keyowner');
    const targets = contactTargets(h, 'navoiy.curator', 'botir@navoiy.uz', null);
    expect((await signChange(h, owner, targets)).code).toBe(1);

    const otherValue = await saveContact(owner, id, { email: ATTACKER, phone: null });
    const otherAccount = await saveContact(owner, idOf(h, 'keyowner'), {
      email: 'botir@navoiy.uz',
      phone: null,
    });
    const once = await saveContact(owner, id, { email: 'botir@navoiy.uz', phone: null });
    const twice = await saveContact(owner, id, { email: 'botir@navoiy.uz', phone: null });

    expect([otherValue.status, otherAccount.status, once.status, twice.status]).toEqual([
      'E005',
      'E005',
      'OKOK',
      'E005',
    ]);
    // another company's account is no target at all, whatever is signed
    const foreign = contactTargets(h, 'curator', 'x@navoiy.uz', null);
    expect((await challenge(owner, { ...foreign, ban: '100234561' })).status).toBe('E005');
    expect((await challenge(owner, { ...foreign, ban: NAVOIY_BAN })).status).toBe('E005');
  });

  it('takes the signature with one conditional update: of parallel saves exactly one wins', async () => {
    const h = harness();
    const id = await navoiyCurator(h);
    const owner = await as(h, 'keyowner');
    expect(
      (await signChange(h, owner, contactTargets(h, 'navoiy.curator', 'botir@navoiy.uz', null))).code,
    ).toBe(1);

    const replies = await Promise.all(
      Array.from({ length: 8 }, () => saveContact(owner, id, { email: 'botir@navoiy.uz', phone: null })),
    );

    expect(replies.filter((r) => r.status === 'OKOK')).toHaveLength(1);
    expect(replies.filter((r) => r.status === 'E005')).toHaveLength(7);
    expect(
      h.outbox({ login: 'navoiy.curator' }).filter((m) => m.recipient === 'botir@navoiy.uz'),
    ).toHaveLength(1);
  });

  it('staff cannot forge it: no challenge, no save, while impersonating or not; a curator needs the key owner', async () => {
    const h = harness();
    const id = await navoiyCurator(h);
    const targets = contactTargets(h, 'navoiy.curator', ATTACKER, null);
    const admin = await as(h, 'admin');
    expect((await admin.call('POST', 'user/impersonate', { ban: NAVOIY_BAN })).status).toBe('OKOK');
    const helpdesk = await as(h, 'helpdesk');
    const curator = await as(h, 'curator');

    const statuses = [
      (await challenge(admin, targets)).status,
      (await saveContact(admin, id, { email: ATTACKER, phone: null })).status,
      (await challenge(helpdesk, targets)).status,
      (await saveContact(helpdesk, id, { email: ATTACKER, phone: null })).status,
      (await saveContact(curator, id, { email: ATTACKER, phone: null })).status,
      (await saveContact(curator, idOf(h, 'curator'), { email: ATTACKER, phone: null })).status,
    ];

    expect(statuses).toEqual(['E005', 'E005', 'E005', 'E005', 'E005', 'E005']);
    expect(contactsOf(h, 'navoiy.curator').email).toBeNull();
  });

  it('refuses a signature of another company’s key, and a save without any signature', async () => {
    const h = harness();
    const id = await navoiyCurator(h);
    const owner = await as(h, 'keyowner');
    const targets = contactTargets(h, 'navoiy.curator', 'botir@navoiy.uz', null);

    const foreignKey = await signChange(h, owner, targets, mainKey);
    const unsigned = await saveContact(owner, id, { email: 'botir@navoiy.uz', phone: null });

    expect(foreignKey.code).toBe(0);
    expect(unsigned.status).toBe('E005');
  });

  it('a changed contact closes the account’s sessions and voids its earlier recovery links', async () => {
    const h = harness();
    const victim = await as(h, 'keyowner');
    await h.agent().call('POST', 'user/forgot', { login: 'keyowner' });
    const token = h.outbox({ login: 'keyowner' })[0]?.secret as string;
    const owner = await as(h, 'keyowner');
    const targets = contactTargets(h, 'keyowner', null, '998901234500');
    expect((await signChange(h, owner, targets)).code).toBe(1);

    expect(
      (await saveContact(owner, idOf(h, 'keyowner'), { email: null, phone: '998901234500' })).status,
    ).toBe('OKOK');

    expect((await victim.call('GET', 'user/')).status).toBe('E009');
    const restore = await h
      .agent()
      .call('POST', 'user/restore', { r: token, password: 'Fresh-Pass-2026', confirm: 'Fresh-Pass-2026' });
    expect(restore.status).not.toBe('OKOK');
    // one recovery link a minute per login (finding 24)
    h.clock.advance(61_000);
    expect(await recoveryGoesTo(h, 'keyowner')).toBe('998901234500');
  });
});

describe('finding 22: staff mint a working curator of any company', () => {
  it('refuses an address the creator types for a client account (E135)', async () => {
    const h = harness();
    const cc = await as(h, 'callcenter');
    const base = {
      kind: 'subscriber',
      roles: ['R004'],
      ban: NAVOIY_BAN,
      full_name: 'Soxta Kurator',
    } as const;

    const withEmail = await cc.call('POST', 'user/create', {
      ...base,
      user_name: 'fake.one',
      email: ATTACKER,
    });
    const withPhone = await cc.call('POST', 'user/create', {
      ...base,
      user_name: 'fake.two',
      phone: '998901112233',
    });

    expect([withEmail.status, withPhone.status]).toEqual(['E135', 'E135']);
    expect(h.outbox({ login: 'fake.one' })).toEqual([]);
    expect(h.outbox({ login: 'fake.two' })).toEqual([]);
  });

  it('sends the activation link to the company’s e-mail on record, and recovery goes there too', async () => {
    const h = harness();
    const cc = await as(h, 'callcenter');

    const r = await cc.call('POST', 'user/create', {
      kind: 'subscriber',
      user_name: 'new.curator',
      full_name: 'Yangi Kurator',
      roles: ['R004'],
      ban: NAVOIY_BAN,
    });

    expect(r.status).toBe('OKOK');
    expect(r.result).toMatchObject({ activation: 'companyEmail' });
    const sent = h.outbox({ login: 'new.curator' });
    expect(sent.map((m) => [m.kind, m.channel, m.recipient])).toEqual([
      ['activation-link', 'email', NAVOIY_EMAIL],
    ]);
    expect(contactsOf(h, 'new.curator')).toEqual({ email: null, phone: null, status: 'pending' });
    // the creator has no way in: a recovery link for the new account goes to the company too
    expect(await recoveryGoesTo(h, 'new.curator')).toBe(NAVOIY_EMAIL);
  });

  it('uses the company phone when it has no e-mail; with neither, the account waits for the key owner', async () => {
    const h = harness();
    h.db
      .prepare("UPDATE companies SET email_address = NULL, phone_number = '998712000001' WHERE ban = ?")
      .run(NAVOIY_BAN);
    const cc = await as(h, 'callcenter');
    const create = (login: string) =>
      cc.call('POST', 'user/create', {
        kind: 'subscriber',
        user_name: login,
        full_name: 'Kurator',
        roles: ['R004'],
        ban: NAVOIY_BAN,
      });

    const bySms = await create('sms.curator');
    h.db
      .prepare('UPDATE companies SET email_address = NULL, phone_number = NULL WHERE ban = ?')
      .run(NAVOIY_BAN);
    const waiting = await create('waiting.curator');

    expect(bySms.result).toMatchObject({ activation: 'companyPhone' });
    expect(h.outbox({ login: 'sms.curator' }).map((m) => [m.channel, m.recipient])).toEqual([
      ['sms', '998712000001'],
    ]);
    expect(waiting.result).toMatchObject({ activation: 'keyOwner' });
    expect(h.outbox({ login: 'waiting.curator' })).toEqual([]);
    expect(contactsOf(h, 'waiting.curator').status).toBe('pending');
    // nothing to send a recovery link to: said, not pretended
    expect((await h.agent().call('POST', 'user/forgot', { login: 'waiting.curator' })).status).toBe('E019');
  });

  it('a subscriber account is activated on its own number, never on a typed address', async () => {
    const h = harness();
    const cc = await as(h, 'callcenter');
    const free = (
      h.db
        .prepare(
          `SELECT sn FROM numbers n WHERE ban = ? AND status = 'A' AND NOT EXISTS (SELECT 1 FROM users u WHERE u.sn = n.sn) LIMIT 1`,
        )
        .get(NAVOIY_BAN) as { sn: string }
    ).sn;
    const base = {
      kind: 'subscriber',
      roles: ['R001'],
      ban: NAVOIY_BAN,
      full_name: 'Abonent',
      phone: free,
    } as const;

    const typed = await cc.call('POST', 'user/create', { ...base, user_name: 'sub.typed', email: ATTACKER });
    const ok = await cc.call('POST', 'user/create', { ...base, user_name: 'sub.own' });

    expect(typed.status).toBe('E135');
    expect(ok.result).toMatchObject({ activation: 'number' });
    expect(h.outbox({ login: 'sub.own' }).map((m) => [m.channel, m.recipient])).toEqual([['sms', free]]);
  });

  it('the creator cannot sign in: the account stays pending until the company’s contact activates it', async () => {
    const h = harness();
    const cc = await as(h, 'callcenter');
    await cc.call('POST', 'user/create', {
      kind: 'subscriber',
      user_name: 'minted.curator',
      full_name: 'Kurator',
      roles: ['R004'],
      ban: NAVOIY_BAN,
    });

    // what a staff member could still try: edit the contact, then ask for a link
    const id = idOf(h, 'minted.curator');
    expect((await cc.call('POST', `user/update/${id}`, { email: ATTACKER })).status).toBe('E135');
    await h.agent().call('POST', 'user/forgot', { login: 'minted.curator' });

    expect(h.outbox({ login: 'minted.curator' }).every((m) => m.recipient === NAVOIY_EMAIL)).toBe(true);
    expect((await h.agent().login('minted.curator', 'Anything-2026')).status).toBe('E012');
  });

  it('staff accounts still activate through the address typed for them', async () => {
    const h = harness();
    const admin = await as(h, 'admin');

    const r = await admin.call('POST', 'user/create', {
      kind: 'admin',
      user_name: 'new.operator',
      full_name: 'Qosimov Aziz',
      roles: ['R008'],
      email: 'a.qosimov@beeline.uz',
    });

    expect(r.result).toMatchObject({ activation: 'accountEmail' });
    expect(h.outbox({ login: 'new.operator' })[0]?.recipient).toBe('a.qosimov@beeline.uz');
  });
});
