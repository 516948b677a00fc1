/**
 * The company's activity log on the reference backend (docs/decisions.md AL1-AL5): who reads which
 * company's log, that every listed action performed through the API leaves exactly one entry (action, actor,
 * targets, result, key serial, request id), that nothing edits or deletes an entry (no call; the database refuses;
 * retention erases only what is older than its period), the filters' errors, and filtering and paging in Tashkent days.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SigningTargets, signingDocument, signingDocumentText } from '@/domain/signing-document.rules';
import { AT39_PEOPLE, AT39_TOKENS } from '../../server/db/at39-seed';
import { loadMigrations, migrate, openDatabase } from '../../server/db/database';
import { type DemoKeyMaterial, loadOrCreateCa, loadOrCreateDemoKeyMaterial } from '../../server/eimzo/ca';
import { createSignedData } from '../../server/eimzo/cms';
import { applyRetention, DEFAULT_RETENTION } from '../../server/retention';
import { actorOf } from '../../server/store/activity.store';
import { insertDocument } from '../../server/store/documents.store';
import { ACTIVITY_PAGE_SIZE, ACTIVITY_RETENTION_DAYS } from '../../src/domain/activity.rules';
import { tashkentDayRange } from '../../src/domain/dates.rules';
import { categoryIdOf } from '../../src/domain/golden-categories.rules';
import { type ApiClient, createApiClient } from '../../src/services/api/client';
import type { ActivityList } from '../../src/services/contract/activity.contract';
import type { EndpointDef } from '../../src/services/contract/endpoint';
import { endpointNames, endpoints } from '../../src/services/contract/endpoints';
import { validForm } from '../machines/agreement.payloads';
import { MAIN_KEY, NAVOIY_KEY, TEST_KEYS, tempDir } from '../support/eimzo';
import { tinyPdfBytes } from '../support/pdf-sample';
import { type Agent, createHarness, type Harness, type LogEntry, logEntries } from './harness';

const A = '100234561'; // the curator's company (Toshkent Savdo Invest, TIN 302145876, MAIN_KEY)
const B = '100672418'; // the key owner's company (Navoiy, NAVOIY_KEY)
const SAMARQAND = '100388204'; // curator16's company (services)
const DAY = 86_400_000;
const RANGE = { from: '2026-01-01', to: '2026-01-31' };
/** Tashkent days after the demo seed's time (2026-01-15 09:00 UTC, the harness clock's start): the seeded log (AL7)
 *  has no entry there, so what a test writes there is all the log holds. */
const AFTER_SEED = { from: '2026-01-16', to: '2026-01-31' };

const data = tempDir('activity-');
let mainKey: DemoKeyMaterial;
let navoiyKey: DemoKeyMaterial;

beforeAll(() => {
  const keys = loadOrCreateDemoKeyMaterial(loadOrCreateCa(data.dir), TEST_KEYS);
  mainKey = keys.get(MAIN_KEY.serialNumber) as DemoKeyMaterial;
  navoiyKey = keys.get(NAVOIY_KEY.serialNumber) as DemoKeyMaterial;
});
afterAll(() => data.remove());

const harness = () => createHarness({ config: { eimzoDataDir: data.dir } });

/** The request id the next calls of every client send (`X-Request-Id`); '' sends none. */
let tag = '';

interface Client {
  agent: Agent;
  api: ApiClient;
}

/** A signed-in browser: raw calls through `agent`, the app's client through `api`; both send the current tag. */
async function clientOf(h: Harness, login: string): Promise<Client> {
  const agent = h.agent();
  const fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(
      input instanceof Request ? input : new URL(String(input), 'http://portal.test'),
      init,
    );
    if (tag) req.headers.set('x-request-id', tag);
    return agent.fetch(req);
  }) as typeof globalThis.fetch;
  const api = createApiClient({ baseURL: 'http://portal.test/api/', fetch, onSessionExpired: () => {} });
  expect((await agent.login(login)).status).toBe('OKOK');
  return { agent, api };
}

const lastId = (h: Harness) =>
  (h.db.prepare('SELECT COALESCE(MAX(id), 0) AS id FROM activity_log').get() as { id: number }).id;

/** The entries of a page the test appended: the demo seed's (AL7) are older than the harness. */
const fresh = (h: Harness, list: ActivityList) => list.content.filter((e) => e.id > h.seeded.activity);

/** Ids of the demo seed's entries of `ban` in RANGE, newest first, straight from the table (AL7). */
const seededIds = (h: Harness, ban: string): number[] => {
  const { start, end } = tashkentDayRange(RANGE.from, RANGE.to);
  return (
    h.db
      .prepare(
        'SELECT id FROM activity_log WHERE ban = ? AND id <= ? AND at >= ? AND at < ? ORDER BY at DESC, id DESC',
      )
      .all(ban, h.seeded.activity, start, end) as { id: number }[]
  ).map((r) => r.id);
};

/** Runs one action under request id `id` and returns the one entry it appended (failing on none or more). */
async function one(h: Harness, id: string, run: () => Promise<unknown>): Promise<LogEntry> {
  const before = lastId(h);
  tag = id;
  try {
    await run();
  } finally {
    tag = '';
  }
  const added = logEntries(h.db, 'id > ?', before);
  expect(added.map((e) => e.action)).toHaveLength(1);
  expect(added[0]?.request_id).toBe(id);
  return added[0] as LogEntry;
}

/** GET activity/list as `a` (raw: the status and the result). */
function list(a: Agent, q: Record<string, string | number> = {}) {
  const query = new URLSearchParams(Object.entries({ ...RANGE, ...q }).map(([k, v]) => [k, String(v)]));
  return a.call('GET', `activity/list?${query}`);
}

async function content(a: Agent, q: Record<string, string | number> = {}): Promise<ActivityList> {
  const r = await list(a, q);
  expect(r.status).toBe('OKOK');
  return r.result as ActivityList;
}

/** Challenge → signed document → verify, as the portal does, with `key`. */
async function sign(
  h: Harness,
  a: Agent,
  action: 'block' | 'restore' | 'contact-change',
  targets: SigningTargets,
  key: DemoKeyMaterial,
) {
  const c = await a.call('POST', 'signing/challenge', { action, targets });
  expect(c.status).toBe('OKOK');
  const text = signingDocumentText(
    signingDocument(action, targets, (c.result as { challenge: string }).challenge),
  );
  const pcs7 = createSignedData(Buffer.from(text, 'utf8'), key, {
    signingTime: new Date(h.clock.now()),
  }).der.toString('base64');
  const v = await a.call('POST', 'online-sales/documents/verify', { pcs7 });
  expect((v.result as { code: number }).code).toBe(1);
}

const numberOf = (h: Harness, ban: string, status: string) =>
  (
    h.db
      .prepare('SELECT sn FROM numbers WHERE ban = ? AND status = ? ORDER BY sn LIMIT 1')
      .get(ban, status) as {
      sn: string;
    }
  ).sn;

const idOf = (h: Harness, login: string) =>
  (h.db.prepare('SELECT id FROM users WHERE login = ?').get(login) as { id: number }).id;

describe('who reads which log (AL4)', () => {
  it('the curator and the key owner read their own company’s log only; a BAN in the query changes nothing', async () => {
    const h = harness();
    const admin = await clientOf(h, 'admin');
    await admin.agent.call('POST', 'user/impersonate', { ban: A });
    await admin.agent.call('POST', 'user/impersonate', { ban: B });
    await admin.agent.call('POST', 'user/back-to-head');
    const curator = await clientOf(h, 'curator');
    const keyowner = await clientOf(h, 'keyowner');

    const ofA = await content(curator.agent, { ban: B, size: 1000 });
    expect(fresh(h, ofA).map((e) => [e.action, e.targets[0]?.id])).toEqual([
      ['impersonation.end', A],
      ['impersonation.start', A],
    ]);
    const ofB = await content(keyowner.agent, { ban: A, size: 1000 });
    expect(fresh(h, ofB).map((e) => [e.action, e.targets[0]?.id])).toEqual([
      ['impersonation.end', B],
      ['impersonation.start', B],
    ]);
    // of the demo log (AL7), each reads exactly its own company's entries
    expect(seededIds(h, A).length).toBeGreaterThan(0);
    expect(ofA.content.filter((e) => e.id <= h.seeded.activity).map((e) => e.id)).toEqual(seededIds(h, A));
    expect(ofB.content.filter((e) => e.id <= h.seeded.activity).map((e) => e.id)).toEqual(seededIds(h, B));
    // a client cannot view another company (impersonation is staff's, with the search flag)
    expect((await curator.agent.call('POST', 'user/impersonate', { ban: B })).status).toBe('E005');
    expect((await content(curator.agent)).totalElements).toBe(2 + seededIds(h, A).length);
  });

  it('shows a client staff as "operator staff (role)": no login, staff, the role; staff see the login (AL3)', async () => {
    const h = harness();
    const admin = await clientOf(h, 'admin');
    await admin.agent.call('POST', 'user/impersonate', { ban: A });
    const curator = await clientOf(h, 'curator');

    const seen = (await content(curator.agent)).content[0];
    expect(seen).toMatchObject({
      action: 'impersonation.start',
      actor: { login: null, role: 'R000', staff: true },
      impersonated: true,
    });
    expect(JSON.stringify(await content(curator.agent))).not.toContain('"admin"');
    // a staff viewer of the same company sees who it was
    expect((await content(admin.agent)).content[0]?.actor).toEqual({
      login: 'admin',
      role: 'R000',
      staff: true,
    });
  });

  it.each(['admin', 'callcenter', 'seller', 'operator', 'servicedesk', 'regional'])(
    'staff with search (%s) read the company they view, E005 while viewing none or a number',
    async (login) => {
      const h = harness();
      const staff = await clientOf(h, login);
      expect((await list(staff.agent)).status).toBe('E005');
      await staff.agent.call('POST', 'user/impersonate', { ban: A });
      const log = await content(staff.agent);
      expect(fresh(h, log).map((e) => [e.action, e.actor.login])).toEqual([['impersonation.start', login]]);
      await staff.agent.call('POST', 'user/impersonate', { sn: '8901234567' });
      expect((await list(staff.agent)).status).toBe('E005');
    },
  );

  it.each(['subscriber', 'subscriber20', 'helpdesk', 'okk'])('%s gets E005', async (login) => {
    const h = harness();
    const c = await clientOf(h, login);
    expect((await list(c.agent)).status).toBe('E005');
  });
});

describe('every listed action leaves exactly one entry (AL1)', () => {
  it('block and restore now, signed: the numbers, the key serial, the signature, the request id', async () => {
    const h = harness();
    const curator = await clientOf(h, 'curator');
    const active = numberOf(h, A, 'A');
    await sign(h, curator.agent, 'block', { kind: 'number', ban: A, sn: active }, mainKey);
    const block = await one(h, 'al-block', () =>
      curator.api.call('block.suspend', { query: { ban: A, sn: active } }),
    );
    expect(block).toMatchObject({
      ban: A,
      action: 'block',
      actor_login: 'curator',
      actor_role: 'R004',
      actor_staff: 0,
      impersonated: 0,
      targets: [{ kind: 'number', id: active }],
      result: 'ok',
      failed: [],
      key_serial: MAIN_KEY.serialNumber,
    });
    expect(block.signature_id).not.toBeNull();

    const blocked = numberOf(h, A, 'S');
    await sign(h, curator.agent, 'restore', { kind: 'number', ban: A, sn: blocked }, mainKey);
    const restore = await one(h, 'al-restore', () =>
      curator.api.call('block.restore', { query: { ban: A, sn: blocked } }),
    );
    expect(restore).toMatchObject({
      action: 'restore',
      targets: [{ kind: 'number', id: blocked }],
      result: 'ok',
    });
    expect(restore.key_serial).toBe(MAIN_KEY.serialNumber);

    // what the curator reads of them
    const seen = fresh(h, await content(curator.agent, { type: 'block' }));
    expect(seen).toEqual([
      {
        id: block.id,
        at: new Date(h.clock.now()).toISOString(),
        action: 'block',
        actor: { login: 'curator', role: 'R004', staff: false },
        impersonated: false,
        targets: [{ kind: 'number', id: active }],
        result: 'ok',
        failed: [],
        keySerial: MAIN_KEY.serialNumber,
        requestId: 'al-block',
      },
    ]);
  });

  it('an unsigned block (type 20) has no key serial; without an X-Request-Id the generated id is kept', async () => {
    const h = harness();
    const sub = await clientOf(h, 'subscriber20');
    const before = lastId(h);
    const r = await sub.agent.call('GET', 'client/suspend?ban=100561093&sn=911002030', undefined, {
      headers: { 'x-requested-with': 'portal' },
    });
    expect(r.status).toBe('OKOK');
    const [entry, ...more] = logEntries(h.db, 'id > ?', before);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ action: 'block', ban: '100561093', actor_role: 'R001', key_serial: null });
    expect(entry?.request_id).toBe(r.headers.get('x-request-id'));
    expect(entry?.request_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('golden purchase, new order, its status moves by staff and the company’s own cancel', async () => {
    const h = harness();
    const curator = await clientOf(h, 'curator');
    const operator = await clientOf(h, 'operator');
    const free = (
      h.db
        .prepare(
          "SELECT number FROM number_inventory WHERE state = 'free' AND category_id IS NOT NULL LIMIT 1",
        )
        .get() as { number: string }
    ).number;

    let orderId = 0;
    const golden = await one(h, 'al-golden', async () => {
      orderId = Number((await curator.api.call('golden.checkout', { body: { numbers: [free] } })).orderId);
    });
    expect(golden).toMatchObject({
      ban: A,
      action: 'golden.purchase',
      actor_login: 'curator',
      targets: [
        { kind: 'order', id: String(orderId) },
        { kind: 'number', id: free },
      ],
      result: 'ok',
    });

    const row = { kolvo: 1, category: String(categoryIdOf('bronze')), tariff: '1', services: ['IP_M5'] };
    let created = 0;
    const create = await one(h, 'al-order', async () => {
      created = Number((await curator.api.call('orders.create', { body: { rows: [row] } })).id);
    });
    expect(create).toMatchObject({
      action: 'order.create',
      targets: [{ kind: 'order', id: String(created) }],
    });

    const paid = await one(h, 'al-paid', () =>
      operator.api.call('orders.setStatus', { params: { id: String(created) }, body: { status: 'paid' } }),
    );
    expect(paid).toMatchObject({
      ban: A,
      action: 'order.status',
      actor_login: 'operator',
      actor_role: 'R008',
      actor_staff: 1,
      impersonated: 0,
      targets: [{ kind: 'order', id: String(created) }],
      detail: { from: 'created', to: 'paid' },
    });

    const second = (await curator.api.call('orders.create', { body: { rows: [row] } })).id;
    const cancel = await one(h, 'al-cancel', () =>
      curator.api.call('orders.cancel', { params: { id: String(second) } }),
    );
    expect(cancel).toMatchObject({
      action: 'order.status',
      actor_login: 'curator',
      detail: { from: 'created', to: 'cancelled' },
    });
  });

  it('services connected (partly: the failed number named) and disconnected', async () => {
    const h = harness();
    const c = await clientOf(h, 'curator16');
    const sns = (
      h.db
        .prepare("SELECT sn FROM numbers WHERE ban = ? AND status IN ('A', 'O') ORDER BY sn")
        .all(SAMARQAND) as {
        sn: string;
      }[]
    ).map((n) => n.sn);
    const [has, lacks] = [sns[2] as string, sns[3] as string]; // the seed gives the third one IP_M20 already
    const connect = await one(h, 'al-connect', () =>
      c.api.call('internet.setup', { body: { soc: 'IP_M20', sns: [lacks, has] } }),
    );
    expect(connect).toMatchObject({
      ban: SAMARQAND,
      action: 'service.connect',
      targets: [
        { kind: 'service', id: 'IP_M20' },
        { kind: 'number', id: lacks },
        { kind: 'number', id: has },
      ],
      result: 'partial',
      failed: [has],
    });
    const off = await one(h, 'al-disconnect', () =>
      c.api.call('internet.delete', { body: { soc: 'IP_M20', sns: [has] } }),
    );
    expect(off).toMatchObject({ action: 'service.disconnect', result: 'ok', failed: [] });
    // the curator reads the failed number
    const seen = (await content(c.agent, { type: 'service.connect' })).content[0];
    expect(seen).toMatchObject({ result: 'partial', failed: [has] });
  });

  it('users of the company created, edited, blocked, unblocked — also by staff viewing the company', async () => {
    const h = harness();
    const admin = await clientOf(h, 'admin');
    let id = 0;
    const created = await one(h, 'al-user-create', async () => {
      const r = await admin.agent.call(
        'POST',
        'user/create',
        { kind: 'subscriber', user_name: 'al.curator', full_name: 'Saidova Lola', roles: ['R004'], ban: A },
        { headers: { 'x-request-id': 'al-user-create' } },
      );
      expect(r.status).toBe('OKOK');
      id = (r.result as { user_id: number }).user_id;
    });
    expect(created).toMatchObject({
      ban: A,
      action: 'user.create',
      actor_login: 'admin',
      actor_role: 'R000',
      actor_staff: 1,
      targets: [{ kind: 'user', id: 'al.curator' }],
    });
    const post = (path: string, body: unknown, rid: string) =>
      admin.agent.call('POST', path, body, { headers: { 'x-request-id': rid } });
    expect(
      (await one(h, 'al-edit', () => post(`user/update/${id}`, { full_name: 'Saidova Lola B.' }, 'al-edit')))
        .action,
    ).toBe('user.edit');
    expect((await one(h, 'al-ub', () => post(`user/block/${id}`, { blocked: true }, 'al-ub'))).action).toBe(
      'user.block',
    );
    expect((await one(h, 'al-uu', () => post(`user/block/${id}`, { blocked: false }, 'al-uu'))).action).toBe(
      'user.unblock',
    );
    // an edit made while viewing the company says so
    await admin.agent.call('POST', 'user/impersonate', { ban: A });
    const viewing = await one(h, 'al-edit2', () =>
      post(`user/update/${idOf(h, 'curator')}`, { full_name: 'Abdullayeva Malika R.' }, 'al-edit2'),
    );
    expect(viewing).toMatchObject({ ban: A, action: 'user.edit', actor_login: 'admin', impersonated: 1 });
    // an edit that changes nothing changed no state: no entry
    const before = lastId(h);
    await post(`user/update/${id}`, { full_name: 'Saidova Lola B.' }, 'al-same');
    expect(lastId(h)).toBe(before);
  });

  it('a subscriber registering their own number: user.create in the company’s log, the new account its actor', async () => {
    const h = harness();
    const sn = (
      h.db
        .prepare(
          `SELECT sn FROM numbers n WHERE ban = ? AND status = 'A'
             AND NOT EXISTS (SELECT 1 FROM users u WHERE u.sn = n.sn) ORDER BY sn LIMIT 1`,
        )
        .get(A) as { sn: string }
    ).sn;
    const a = h.agent();
    expect((await a.call('POST', 'user/register', { phone: `998${sn}` })).status).toBe('OKOK');
    const code = h.outbox({ phone: sn }).find((m) => m.kind === 'sms-code')?.secret as string;
    const entry = await one(h, 'al-register', () =>
      a.call('POST', 'user/check', { phone: sn, code }, { headers: { 'x-request-id': 'al-register' } }),
    );
    expect(entry).toMatchObject({
      ban: A,
      action: 'user.create',
      actor_user_id: idOf(h, sn),
      actor_login: sn,
      actor_role: 'R001',
      actor_staff: 0,
      targets: [{ kind: 'user', id: sn }],
    });
  });

  it('contacts changed: the company’s on Settings, an account’s recovery contact signed by the key owner', async () => {
    const h = harness();
    const curator = await clientOf(h, 'curator');
    const settings = await one(h, 'al-contacts', () =>
      curator.agent.call(
        'POST',
        'profile/contacts',
        { phone_number: '+998 71 200-00-00', feedback_type: 'email', email_address: 'office@savdo.uz' },
        { headers: { 'x-request-id': 'al-contacts' } },
      ),
    );
    expect(settings).toMatchObject({
      ban: A,
      action: 'contact.change',
      targets: [{ kind: 'account', id: A }],
    });
    expect(JSON.stringify(settings)).not.toContain('office@savdo.uz');

    const owner = await clientOf(h, 'keyowner');
    const target = idOf(h, 'keyowner');
    const targets: SigningTargets = {
      kind: 'contact',
      ban: B,
      userId: String(target),
      login: 'keyowner',
      email: 'anvar@navoiy.uz',
      phone: null,
    };
    await sign(h, owner.agent, 'contact-change', targets, navoiyKey);
    const signed = await one(h, 'al-recovery', () =>
      owner.agent.call(
        'POST',
        `user/recovery-contact/${target}`,
        { email: 'anvar@navoiy.uz', phone: null },
        { headers: { 'x-request-id': 'al-recovery' } },
      ),
    );
    expect(signed).toMatchObject({
      ban: B,
      action: 'contact.change',
      actor_login: 'keyowner',
      actor_role: 'R007',
      targets: [{ kind: 'user', id: 'keyowner' }],
      key_serial: NAVOIY_KEY.serialNumber,
    });
  });

  it('documents uploaded: a re-uploaded scan, and an AT 39 scan of a registration on the company’s account', async () => {
    const h = harness();
    const owner = await clientOf(h, 'keyowner');
    const doc = insertDocument(h.db, {
      type: 4,
      ban: B,
      lang: 'ru',
      title: 'Акт',
      body: [{ kind: 'heading', text: 'Акт' }],
      createdBy: null,
      now: h.clock.now(),
    });
    const upload = await one(h, 'al-upload', () =>
      owner.api.upload('documents.reUpload', {
        query: { docId: doc },
        file: new Blob([tinyPdfBytes()]),
        fileName: 'scan.pdf',
      }),
    );
    expect(upload).toMatchObject({
      ban: B,
      action: 'document.upload',
      targets: [{ kind: 'document', id: String(doc) }],
    });

    const desk = await clientOf(h, 'servicedesk');
    const { sessionId } = await desk.api.call('at39.sessionId', {});
    const res = await h.demo.fetch(
      new Request(
        `http://demo.test/api/epdp/answer?session=${sessionId}&person=${AT39_PEOPLE.karimov.pinfl}&answer=confirm`,
        { method: 'POST' },
      ),
    );
    const authCode = ((await res.json()) as { result: { authCode: string } }).result.authCode;
    await desk.api.call('at39.passportInfo', { query: { auth_code: authCode } });
    const registrationId = String(
      (await desk.api.call('at39.createRegistration', { body: { token: AT39_TOKENS.servicedesk, authCode } }))
        .registrationId,
    );
    await desk.api.call('at39.banExists', { query: { ban: A, registrationId } });
    await desk.api.call('at39.updateRegistration', { body: { registrationId, ban: A } });
    const scan = await one(h, 'al-scan', () =>
      desk.api.upload('at39.saveDoc', {
        fields: { registration_id: registrationId, type: 'passport' },
        file: new Blob([tinyPdfBytes()]),
        fileName: 'passport.pdf',
      }),
    );
    expect(scan).toMatchObject({
      ban: A,
      action: 'document.upload',
      actor_login: 'servicedesk',
      actor_staff: 1,
    });
    expect(JSON.stringify(scan)).not.toContain(AT39_PEOPLE.karimov.pinfl);
  });

  it('a contract registered: in the log of the company with that tax id', async () => {
    const h = harness();
    const seller = await clientOf(h, 'seller');
    const entry = await one(h, 'al-contract', () =>
      seller.api.call('agreement.register', { body: { ...validForm, login: 'al.savdo', tin: '302145876' } }),
    );
    expect(entry).toMatchObject({
      ban: A,
      action: 'contract.register',
      actor_login: 'seller',
      actor_staff: 1,
    });
    expect(entry.targets).toEqual([{ kind: 'contract', id: expect.any(String) }]);
  });

  it('impersonation: one start, one end, whichever way it ends (back, switch, sign-out, a new sign-in)', async () => {
    const h = harness();
    const admin = await clientOf(h, 'admin');
    const post = (path: string, body: unknown, rid: string) =>
      admin.agent.call('POST', path, body, { headers: { 'x-request-id': rid } });
    const start = await one(h, 'al-start', () => post('user/impersonate', { ban: A }, 'al-start'));
    expect(start).toMatchObject({
      ban: A,
      action: 'impersonation.start',
      actor_login: 'admin',
      actor_staff: 1,
      impersonated: 1,
      targets: [{ kind: 'account', id: A }],
    });
    const back = await one(h, 'al-back', () => post('user/back-to-head', {}, 'al-back'));
    expect(back).toMatchObject({
      action: 'impersonation.end',
      ends_id: start.id,
      detail: { reason: 'back' },
    });
    // back again: nothing left to end
    const before = lastId(h);
    await post('user/back-to-head', {}, 'al-back2');
    expect(lastId(h)).toBe(before);

    await post('user/impersonate', { sn: '8901234567' }, 'al-s2');
    const switched = logEntries(h.db, 'id > ?', before);
    expect(switched.map((e) => [e.action, e.targets])).toEqual([
      [
        'impersonation.start',
        [
          { kind: 'account', id: '100457732' },
          { kind: 'number', id: '901234567' },
        ],
      ],
    ]);
    const s3 = lastId(h);
    await post('user/impersonate', { ban: B }, 'al-s3');
    expect(logEntries(h.db, 'id > ?', s3).map((e) => [e.action, e.ban, e.detail])).toEqual([
      ['impersonation.end', '100457732', { reason: 'switch' }],
      ['impersonation.start', B, null],
    ]);
    const s4 = lastId(h);
    await post('user/logout', {}, 'al-out');
    expect(logEntries(h.db, 'id > ?', s4).map((e) => [e.action, e.ban, e.detail])).toEqual([
      ['impersonation.end', B, { reason: 'logout' }],
    ]);
    // the session's end cannot end it twice, and a start has at most one end in the database itself
    expect(h.services.activity.endImpersonation(start.id, 'expired')).toBe(false);
    expect(() =>
      h.db
        .prepare("INSERT INTO activity_log (at, action, ends_id) VALUES (?, 'impersonation.end', ?)")
        .run(h.clock.now(), start.id),
    ).toThrow(/UNIQUE/);
  });
});

describe('append-only (AL5)', () => {
  it('no call edits or deletes an entry: the only endpoint of the log is its GET', () => {
    const named = endpointNames.filter((n) => /activity/i.test(`${n} ${(endpoints[n] as EndpointDef).path}`));
    expect(named).toEqual(['activity.list']);
    expect((endpoints['activity.list'] as EndpointDef).method).toBe('GET');
  });

  it('the database refuses UPDATE and DELETE of an entry', async () => {
    const h = harness();
    const seeded = logEntries(h.db);
    const admin = await clientOf(h, 'admin');
    await admin.agent.call('POST', 'user/impersonate', { ban: A });
    expect(() => h.db.prepare("UPDATE activity_log SET actor_login = 'nobody'").run()).toThrow(/append-only/);
    expect(() => h.db.prepare('DELETE FROM activity_log').run()).toThrow(/append-only/);
    expect(logEntries(h.db, 'id > ?', h.seeded.activity)).toHaveLength(1);
    // the demo log (AL7) as it was: nothing changed, nothing gone
    expect(logEntries(h.db, 'id <= ?', h.seeded.activity)).toEqual(seeded);
  });

  it('retention erases only entries older than the period, and the cutoff lets nothing younger go', () => {
    const h = harness();
    const now = h.clock.now();
    const seeded = logEntries(h.db);
    const insert = h.db.prepare("INSERT INTO activity_log (at, ban, action) VALUES (?, ?, 'block')");
    const old = Number(insert.run(now - (ACTIVITY_RETENTION_DAYS + 1) * DAY, A).lastInsertRowid);
    const young = Number(insert.run(now - (ACTIVITY_RETENTION_DAYS - 1) * DAY, A).lastInsertRowid);

    expect(applyRetention(h.db, now, DEFAULT_RETENTION).activityErased).toBe(1);
    expect(logEntries(h.db, 'id > ?', h.seeded.activity).map((e) => e.id)).toEqual([young]);
    // the demo log (AL7) is younger than the period: it all stays
    expect(seeded.length).toBeGreaterThan(0);
    expect(logEntries(h.db, 'id <= ?', h.seeded.activity)).toEqual(seeded);
    expect(old).toBeLessThan(young);
    expect(() => h.db.prepare('DELETE FROM activity_log WHERE id = ?').run(young)).toThrow(/append-only/);
    expect(applyRetention(h.db, now, DEFAULT_RETENTION).activityErased).toBe(0);
  });
});

describe('the filters’ errors: E101 naming the field (AL4)', () => {
  it.each([
    ['a range over a year', { from: '2025-01-01', to: '2026-01-02' }, 'query.to: rangeTooLong'],
    ['the start after the end', { from: '2026-01-31', to: '2026-01-01' }, 'query.from: badDate'],
    ['an impossible day', { from: '2026-01-01', to: '2026-02-30' }, 'query.to: badDate'],
    ['no day', { from: '', to: '2026-01-31' }, 'query.from: badDate'],
    ['an unknown action', { type: 'user.delete' }, 'query.type: type'],
    ['a login with characters no login has', { user: 'a b' }, 'query.user: user'],
  ])('%s', async (_, q, description) => {
    const h = harness();
    const curator = await clientOf(h, 'curator');
    expect(await list(curator.agent, q)).toMatchObject({ status: 'E101', description });
  });

  it('a year exactly is accepted', async () => {
    const h = harness();
    const curator = await clientOf(h, 'curator');
    expect((await list(curator.agent, { from: '2025-01-16', to: '2026-01-15' })).status).toBe('OKOK');
  });
});

describe('filters and paging (AL4)', () => {
  /** Entries appended as `login` would, at `at`. */
  function seed(h: Harness, at: number, login: string, action: 'block' | 'user.edit' = 'block'): void {
    const u = h.services.users.byLogin(login);
    if (!u) throw new Error(login);
    h.clock.set(at);
    h.services.activity.append({
      ban: A,
      actor: actorOf({ user: u, viewer: { roles: u.roles, impersonating: false } }),
      action,
      targets: [{ kind: 'account', id: A }],
    });
  }

  it('takes Tashkent days: 23:30 of the last day is in, 00:00 of the next is not; the first day from its 00:00', async () => {
    const h = harness();
    const start = Date.UTC(2025, 11, 31, 19, 0); // 2026-01-01 00:00 in Tashkent
    seed(h, start - 1, 'curator');
    seed(h, start, 'curator');
    seed(h, Date.UTC(2026, 0, 31, 18, 30), 'curator'); // 2026-01-31 23:30 in Tashkent
    seed(h, Date.UTC(2026, 0, 31, 19, 0), 'curator'); // 2026-02-01 00:00 in Tashkent
    const curator = await clientOf(h, 'curator');
    const log = await content(curator.agent, { size: 1000 });
    expect(fresh(h, log).map((e) => e.at)).toEqual(['2026-01-31T18:30:00.000Z', '2025-12-31T19:00:00.000Z']);
  });

  it('filters by action and by login (case-insensitive; a client never finds staff by login)', async () => {
    const h = harness();
    const at = Date.UTC(2026, 0, 20, 6, 0);
    seed(h, at, 'curator', 'block');
    seed(h, at + 1, 'curator', 'user.edit');
    seed(h, at + 2, 'operator', 'user.edit');
    const curator = await clientOf(h, 'curator');
    const q = (more: Record<string, string>) => content(curator.agent, { ...AFTER_SEED, ...more });
    expect((await q({ type: 'user.edit' })).totalElements).toBe(2);
    expect((await q({ user: 'CURATOR' })).totalElements).toBe(2);
    expect((await q({ user: 'operator' })).totalElements).toBe(0);
    const admin = await clientOf(h, 'admin');
    await admin.agent.call('POST', 'user/impersonate', { ban: A });
    const byOperator = await content(admin.agent, { ...AFTER_SEED, user: 'Operator' });
    expect(byOperator.content.map((e) => [e.actor.login, e.action])).toEqual([['operator', 'user.edit']]);
  });

  it('pages newest first, 0-based, with the whole filter’s count; default size ACTIVITY_PAGE_SIZE', async () => {
    const h = harness();
    const at = Date.UTC(2026, 0, 20, 6, 0);
    for (let i = 0; i < 25; i++) seed(h, at + i * 60_000, 'curator');
    const curator = await clientOf(h, 'curator');
    const pages = await Promise.all(
      [0, 1, 2].map((page) => content(curator.agent, { ...AFTER_SEED, page, size: 10 })),
    );
    expect(pages.map((p) => p.content.length)).toEqual([10, 10, 5]);
    expect(pages.map((p) => [p.totalElements, p.totalPages])).toEqual([
      [25, 3],
      [25, 3],
      [25, 3],
    ]);
    const ats = pages.flatMap((p) => p.content.map((e) => Date.parse(e.at)));
    expect(ats).toEqual([...ats].sort((x, y) => y - x));
    expect(new Set(pages.flatMap((p) => p.content.map((e) => e.id))).size).toBe(25);
    expect((await content(curator.agent, AFTER_SEED)).content).toHaveLength(ACTIVITY_PAGE_SIZE);
    expect((await list(curator.agent, { size: 1001 })).status).toBe('E101');
  });
});

describe('migration 023 folds user_audit and impersonations into the log', () => {
  it('copies the rows, points an open session at its start entry, and drops the old tables', () => {
    const db = openDatabase(':memory:');
    const all = loadMigrations();
    migrate(
      db,
      all.filter((m) => m.version < 23),
    );
    db.exec(`INSERT INTO companies (ban, name, tin, at, status) VALUES ('${A}', 'A', '302145876', 5, 'A');
      INSERT INTO users (id, login, status, ban, created_at, updated_at) VALUES
        (1, 'boss', 'active', NULL, 0, 0), (2, 'client', 'active', '${A}', 0, 0);
      INSERT INTO user_roles VALUES (1, 0, 'R000'), (2, 0, 'R004');
      INSERT INTO user_audit (actor_user_id, target_user_id, action, detail, at) VALUES
        (1, 2, 'create', '{"roles":["R004"]}', 10), (1, 2, 'status:blocked', NULL, 30);
      INSERT INTO impersonations (id, actor_user_id, session_hash, ban, sn, started_at, ended_at, end_reason) VALUES
        (7, 1, 'h1', '${A}', NULL, 20, 25, 'back'), (8, 1, 'h2', '${A}', NULL, 40, NULL, NULL);
      INSERT INTO sessions (id_hash, user_id, created_at, last_seen, acting_ban, impersonation_id)
        VALUES ('h2', 1, 0, 0, '${A}', 8);`);
    migrate(db, all);

    const rows = logEntries(db);
    expect(rows.map((r) => [r.at, r.action, r.ban, r.actor_login, r.actor_staff, r.targets[0]?.id])).toEqual([
      [10, 'user.create', A, 'boss', 1, 'client'],
      [20, 'impersonation.start', A, 'boss', 1, A],
      [30, 'user.block', A, 'boss', 1, 'client'],
      [40, 'impersonation.start', A, 'boss', 1, A],
      [25, 'impersonation.end', A, 'boss', 1, A],
    ]);
    const open = rows.find((r) => r.at === 40);
    expect(db.prepare("SELECT impersonation_id AS id FROM sessions WHERE id_hash = 'h2'").get()).toEqual({
      id: open?.id,
    });
    expect(rows.at(-1)?.ends_id).toBe(rows[1]?.id);
    const tables = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('user_audit', 'impersonations')",
      )
      .all();
    expect(tables).toEqual([]);
    db.close();
  });
});
