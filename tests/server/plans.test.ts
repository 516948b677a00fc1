/**
 * Planned blocks and restores on the reference backend (docs/decisions.md SP1-SP8): who plans, lists
 * and cancels which company's plans; the signature of a plan (document version 2) and what it never authorises; the
 * bad days, hours and conflicts; the runner carrying plans out with the immediate path's effects and re-checks;
 * exactly once with two workers and after a kill; and one log entry per create, cancel and run.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planRunAt } from '@/domain/plans.rules';
import {
  type SigningTargets,
  type SigningWhen,
  signingDocument,
  signingDocumentText,
} from '@/domain/signing-document.rules';
import { openDatabase } from '../../server/db/database';
import { type DemoKeyMaterial, loadOrCreateCa, loadOrCreateDemoKeyMaterial } from '../../server/eimzo/ca';
import { createSignedData } from '../../server/eimzo/cms';
import { PLAN_LEASE_MS, runDuePlans } from '../../server/plans/runner';
import { createPlansStore } from '../../server/store/plans.store';
import type { PlanWire } from '../../src/services/contract/plans.contract';
import { MAIN_KEY, NAVOIY_KEY, TEST_KEYS, tempDir } from '../support/eimzo';
import { type Agent, createHarness, type Harness, logEntries, seededDb } from './harness';

const A = '100234561'; // the curator's company (MAIN_KEY)
const B = '100672418'; // the key owner's company (NAVOIY_KEY)
const NOW = Date.UTC(2026, 11, 1, 6); // 2026-12-01 11:00 in Tashkent
const DAY = '2026-12-12';
const MINUTE = 60_000;

const data = tempDir('plans-');
let mainKey: DemoKeyMaterial;
let navoiyKey: DemoKeyMaterial;

beforeAll(() => {
  const keys = loadOrCreateDemoKeyMaterial(loadOrCreateCa(data.dir), TEST_KEYS);
  mainKey = keys.get(MAIN_KEY.serialNumber) as DemoKeyMaterial;
  navoiyKey = keys.get(NAVOIY_KEY.serialNumber) as DemoKeyMaterial;
});
afterAll(() => data.remove());

function harness(db = seededDb()): Harness {
  const h = createHarness({ db, config: { eimzoDataDir: data.dir } });
  h.clock.set(NOW);
  return h;
}

async function as(h: Harness, login: string): Promise<Agent> {
  const a = h.agent();
  expect((await a.login(login)).status).toBe('OKOK');
  return a;
}

/** Challenge → signed document → verify; `when`: a plan's (document version 2). */
async function sign(
  h: Harness,
  a: Agent,
  action: 'block' | 'restore',
  targets: SigningTargets,
  key: DemoKeyMaterial,
  when?: SigningWhen,
) {
  const c = await a.call('POST', 'signing/challenge', { action, targets, ...(when ? { when } : {}) });
  expect(c.status).toBe('OKOK');
  const doc = signingDocument(
    action,
    targets,
    (c.result as { challenge: string }).challenge,
    undefined,
    when,
  );
  const pcs7 = createSignedData(Buffer.from(signingDocumentText(doc), 'utf8'), key, {
    signingTime: new Date(h.clock.now()),
  }).der.toString('base64');
  const v = await a.call('POST', 'online-sales/documents/verify', { pcs7 });
  expect((v.result as { code: number }).code).toBe(1);
}

const create = (a: Agent, body: Record<string, unknown>) => a.call('POST', 'block-plans', body);
const list = (a: Agent, q = '') => a.call('GET', `block-plans${q}`);
const cancel = (a: Agent, id: number) => a.call('POST', `block-plans/${id}/cancel`);
const suspendNow = (a: Agent, sn: string) =>
  a.call('GET', `client/suspend?ban=${A}&sn=${sn}`, undefined, { headers: { 'x-requested-with': 'portal' } });

const numberOf = (h: Harness, ban: string, status: string, skip = 0) =>
  (
    h.db
      .prepare('SELECT sn FROM numbers WHERE ban = ? AND status = ? ORDER BY sn LIMIT 1 OFFSET ?')
      .get(ban, status, skip) as { sn: string }
  ).sn;
const statusOf = (h: Harness, sn: string) =>
  (h.db.prepare('SELECT status FROM numbers WHERE sn = ?').get(sn) as { status: string }).status;
const planRow = (h: Harness, id: number) => h.services.plans.get(id);
const count = (h: Harness, sql: string, ...args: unknown[]) =>
  (h.db.prepare(`SELECT COUNT(*) AS n FROM ${sql}`).get(...args) as { n: number }).n;

/** A signed plan of `sn` of A by the curator; returns the plan. */
async function planOne(
  h: Harness,
  curator: Agent,
  sn: string,
  action: 'block' | 'restore' = 'block',
  date = DAY,
  hour = action === 'block' ? 0 : 9,
): Promise<PlanWire> {
  await sign(h, curator, action, { kind: 'number', ban: A, sn }, mainKey, { date, hour });
  const r = await create(curator, {
    action,
    ban: A,
    sns: [sn],
    date,
    ...(action === 'restore' ? { hour } : {}),
  });
  expect(r.status).toBe('OKOK');
  return r.result as PlanWire;
}

describe('who plans, lists and cancels (SP4)', () => {
  it('the curator and the key owner manage their own company’s plans, never the other’s', async () => {
    const h = harness();
    const curator = await as(h, 'curator');
    const owner = await as(h, 'keyowner');
    const snA = numberOf(h, A, 'A');
    const snB = numberOf(h, B, 'A');
    const pa = await planOne(h, curator, snA);
    expect(pa).toMatchObject({ action: 'block', ban: A, sns: [snA], numbers: 1, date: DAY, hour: 0 });
    expect(pa.runAt).toBe(new Date(planRunAt('block', DAY, 0)).toISOString());
    expect(pa.runAt).toBe('2026-12-11T19:00:00.000Z');
    await sign(h, owner, 'block', { kind: 'number', ban: B, sn: snB }, navoiyKey, { date: DAY, hour: 0 });
    const rb = await create(owner, { action: 'block', ban: B, sns: [snB], date: DAY });
    expect(rb.status).toBe('OKOK');
    const pb = rb.result as PlanWire;

    // another company's BAN, or its number in the own plan
    expect((await create(curator, { action: 'block', ban: B, sns: [snB], date: DAY })).status).toBe('E005');
    expect((await create(curator, { action: 'block', ban: A, sns: [snB], date: DAY })).status).toBe('E125');
    expect((await create(curator, { action: 'block', ban: A, sns: ['909999999'], date: DAY })).status).toBe(
      'E016',
    );
    expect((await list(curator)).result).toMatchObject({ totalElements: 1, content: [{ id: pa.id }] });
    expect((await list(owner)).result).toMatchObject({ totalElements: 1, content: [{ id: pb.id }] });
    expect((await cancel(curator, pb.id)).status).toBe('E005');
    expect((await cancel(owner, pa.id)).status).toBe('E005');
    expect((await cancel(curator, pa.id)).result).toMatchObject({ id: pa.id, status: 'cancelled' });
    expect((await list(curator, '?status=cancelled')).result).toMatchObject({ totalElements: 1 });
    expect((await list(curator, '?status=scheduled')).result).toMatchObject({ totalElements: 0 });
    expect((await cancel(owner, pb.id)).status).toBe('OKOK');
  });

  it('a subscriber and staff (even viewing the company) cannot plan or cancel; staff with search list it', async () => {
    const h = harness();
    const curator = await as(h, 'curator');
    const plan = await planOne(h, curator, numberOf(h, A, 'A'));
    const sub = await as(h, 'subscriber');
    expect(
      (await create(sub, { action: 'block', ban: '100457732', sns: ['901234567'], date: DAY })).status,
    ).toBe('E005');
    expect((await list(sub)).status).toBe('E005');
    for (const login of ['admin', 'callcenter']) {
      const staff = await as(h, login);
      expect((await list(staff)).status).toBe('E005');
      await staff.call('POST', 'user/impersonate', { ban: A });
      expect((await list(staff)).result).toMatchObject({
        totalElements: 1,
        content: [{ id: plan.id, createdBy: { login: 'curator', role: 'R004', staff: false } }],
      });
      expect((await create(staff, { action: 'block', ban: A, date: DAY })).status).toBe('E005');
      expect((await cancel(staff, plan.id)).status).toBe('E005');
    }
    for (const login of ['okk', 'helpdesk']) expect((await list(await as(h, login))).status).toBe('E005');
  });
});

describe('the signature of a plan (SP2)', () => {
  it('no signature, an immediate one, another day: refused; one signature makes one plan', async () => {
    const h = harness();
    const curator = await as(h, 'curator');
    const sn = numberOf(h, A, 'A');
    const body = { action: 'block', ban: A, sns: [sn], date: DAY };
    expect((await create(curator, body)).status).toBe('E005');
    await sign(h, curator, 'block', { kind: 'number', ban: A, sn }, mainKey);
    expect((await create(curator, body)).status).toBe('E005');
    // the immediate signature still serves the immediate block
    expect((await suspendNow(curator, sn)).status).toBe('OKOK');

    const other = numberOf(h, A, 'A', 1);
    await sign(h, curator, 'block', { kind: 'number', ban: A, sn: other }, mainKey, { date: DAY, hour: 0 });
    // a plan's signature never authorises an immediate block, nor another day, nor other numbers
    expect((await suspendNow(curator, other)).status).toBe('E005');
    expect((await create(curator, { ...body, sns: [other], date: '2026-12-13' })).status).toBe('E005');
    expect((await create(curator, { ...body, sns: [other, sn] })).status).toBe('E005');
    const made = await create(curator, { ...body, sns: [other] });
    expect(made.status).toBe('OKOK');
    expect((made.result as PlanWire).keySerial).toBe(MAIN_KEY.serialNumber);
    // used once: a second plan (another day for the same number) needs a new signature
    expect((await create(curator, { ...body, sns: [other], date: '2026-12-14' })).status).toBe('E005');
    expect(planRow(h, (made.result as PlanWire).id)?.signatureId).not.toBeNull();
  });

  it('the document version 2 names the day and hour; version 1 is unchanged', () => {
    const t: SigningTargets = { kind: 'number', ban: A, sn: '901234567' };
    const v1 = signingDocument('block', t, 'c');
    expect(v1.format).toBe('b2b-portal.signing/1');
    expect('when' in v1).toBe(false);
    const v2 = signingDocument('block', t, 'c', undefined, { date: DAY, hour: 0 });
    expect(v2).toMatchObject({ format: 'b2b-portal.signing/2', when: { date: DAY, hour: 0 } });
    expect(v2.text.split('\n')[0]).toBe(
      'Блокировка (запланирована на 12.12.2026 00:00, Ташкент): номер 901234567, лицевой счёт 100234561',
    );
  });

  it('a type 20 account plans without a signature', async () => {
    const h = harness();
    h.db.prepare('UPDATE companies SET at = 20 WHERE ban = ?').run(A);
    const curator = await as(h, 'curator');
    const r = await create(curator, { action: 'block', ban: A, sns: [numberOf(h, A, 'A')], date: DAY });
    expect(r.status).toBe('OKOK');
    expect((r.result as PlanWire).keySerial).toBeNull();
  });
});

describe('bad input and conflicts (SP1, SP3)', () => {
  it.each([
    ['today', { date: '2026-12-01' }, 'body.date: pastDate'],
    ['yesterday', { date: '2026-11-30' }, 'body.date: pastDate'],
    ['day 91', { date: '2027-03-02' }, 'body.date: tooFar'],
    ['30 February', { date: '2027-02-30' }, 'body.date: badDate'],
    ['an hour for a block', { hour: 5 }, 'body.hour: badHour'],
    ['no hour for a restore', { action: 'restore' }, 'body.hour: badHour'],
  ])('%s → E101', async (_name, change, description) => {
    const h = harness();
    const curator = await as(h, 'curator');
    const r = await create(curator, {
      action: 'block',
      ban: A,
      sns: [numberOf(h, A, 'A')],
      date: DAY,
      ...change,
    });
    expect(r.status).toBe('E101');
    expect(r.description).toContain(description);
  });

  it.each([
    ['today', 'block', { date: '2026-12-01', hour: 0 }, 'body.when.date: pastDate'],
    ['day 91', 'block', { date: '2027-03-02', hour: 0 }, 'body.when.date: tooFar'],
    ['30 February', 'restore', { date: '2027-02-30', hour: 9 }, 'body.when.date: badDate'],
    ['an hour for a block', 'block', { date: DAY, hour: 5 }, 'body.when.hour: badHour'],
  ] as const)(
    'a challenge for a plan on a bad day (%s) → E101, and none is issued',
    async (_n, action, when, description) => {
      const h = harness();
      const curator = await as(h, 'curator');
      const before = count(h, 'signing_challenges');
      const targets = { kind: 'number', ban: A, sn: numberOf(h, A, action === 'block' ? 'A' : 'S') };
      const r = await curator.call('POST', 'signing/challenge', { action, targets, when });
      expect(r.status).toBe('E101');
      expect(r.description).toBe(description);
      expect(count(h, 'signing_challenges')).toBe(before);
      // the same targets on a good day are signed as before
      const ok = await curator.call('POST', 'signing/challenge', {
        action,
        targets,
        when: { date: DAY, hour: action === 'block' ? 0 : 9 },
      });
      expect(ok.status).toBe('OKOK');
      expect(count(h, 'signing_challenges')).toBe(before + 1);
    },
  );

  it('day 90 is allowed; hour 24 for a restore is refused by the contract', async () => {
    const h = harness();
    const curator = await as(h, 'curator');
    const sn = numberOf(h, A, 'S');
    expect(
      (await create(curator, { action: 'restore', ban: A, sns: [sn], date: DAY, hour: 24 })).status,
    ).toBe('E101');
    await planOne(h, curator, numberOf(h, A, 'A'), 'block', '2027-03-01');
  });

  it('a second plan on the same number and day, either action, or an account plan that day → E143', async () => {
    const h = harness();
    const curator = await as(h, 'curator');
    const sn = numberOf(h, A, 'A');
    await planOne(h, curator, sn);
    await sign(h, curator, 'restore', { kind: 'number', ban: A, sn }, mainKey, { date: DAY, hour: 9 });
    const second = await create(curator, { action: 'restore', ban: A, sns: [sn], date: DAY, hour: 9 });
    expect(second.status).toBe('E143');
    expect(second.description).toContain('+998');
    await sign(h, curator, 'block', { kind: 'ban', ban: A }, mainKey, { date: DAY, hour: 0 });
    expect((await create(curator, { action: 'block', ban: A, date: DAY })).status).toBe('E143');
    // the refused plan's signature names its day: it serves no other
    expect(
      (await create(curator, { action: 'restore', ban: A, sns: [sn], date: '2026-12-13', hour: 9 })).status,
    ).toBe('E005');
    const other = numberOf(h, A, 'A', 1);
    await planOne(h, curator, other, 'block', '2026-12-13');
    // a whole-account plan holds the day against the numbers' plans
    await sign(h, curator, 'block', { kind: 'ban', ban: A }, mainKey, { date: '2026-12-20', hour: 0 });
    expect((await create(curator, { action: 'block', ban: A, date: '2026-12-20' })).status).toBe('OKOK');
    await sign(h, curator, 'block', { kind: 'number', ban: A, sn }, mainKey, { date: '2026-12-20', hour: 0 });
    const against = await create(curator, { action: 'block', ban: A, sns: [sn], date: '2026-12-20' });
    expect(against.status).toBe('E143');
    expect(against.description).toContain(`лицевого счёта ${A}`);
  });

  it('a cancelled plan frees its day; a cancelled or finished plan cannot be cancelled (E144)', async () => {
    const h = harness();
    const curator = await as(h, 'curator');
    const sn = numberOf(h, A, 'A');
    const p = await planOne(h, curator, sn);
    expect((await cancel(curator, p.id)).status).toBe('OKOK');
    expect((await cancel(curator, p.id)).status).toBe('E144');
    const again = await planOne(h, curator, sn);
    runDuePlans(h.services, again.runAt ? Date.parse(again.runAt) : 0, 'w');
    expect((await cancel(curator, again.id)).status).toBe('E144');
  });
});

describe('the runner (SP5, SP6)', () => {
  it('runs due plans only, with the immediate path’s effects: request at run_at, document, statuses', async () => {
    const h = harness();
    const curator = await as(h, 'curator');
    const sn = numberOf(h, A, 'A');
    const p = await planOne(h, curator, sn);
    const runAt = Date.parse(p.runAt);
    const docs = count(h, 'documents WHERE ban = ? AND document_type = 7', A);
    expect(runDuePlans(h.services, runAt - 1, 'w').ran).toEqual([]);
    expect(planRow(h, p.id)?.status).toBe('scheduled');
    expect(runDuePlans(h.services, runAt + MINUTE, 'w').ran).toEqual([p.id]);
    expect(planRow(h, p.id)).toMatchObject({
      status: 'done',
      result: { accepted: [sn], failed: [], skipped: [] },
      finishedAt: runAt + MINUTE,
    });
    const req = h.db
      .prepare('SELECT * FROM block_requests WHERE ban = ? ORDER BY id DESC LIMIT 1')
      .get(A) as {
      effective_at: number;
      signature_id: number;
      applied_at: number;
    };
    expect(req.effective_at).toBe(runAt);
    expect(req.signature_id).toBe(planRow(h, p.id)?.signatureId);
    expect(req.applied_at).not.toBeNull();
    expect(statusOf(h, sn)).toBe('S');
    expect(count(h, 'documents WHERE ban = ? AND document_type = 7', A)).toBe(docs + 1);
  });

  it('a restore runs at its hour and takes effect 5-10 minutes later', async () => {
    const h = harness();
    const curator = await as(h, 'curator');
    const sn = numberOf(h, A, 'S');
    const p = await planOne(h, curator, sn, 'restore', DAY, 9);
    expect(p.runAt).toBe('2026-12-12T04:00:00.000Z');
    runDuePlans(h.services, Date.parse(p.runAt), 'w');
    const req = h.db.prepare('SELECT effective_at FROM block_requests ORDER BY id DESC LIMIT 1').get() as {
      effective_at: number;
    };
    expect(req.effective_at - Date.parse(p.runAt)).toBeGreaterThanOrEqual(5 * MINUTE);
    expect(req.effective_at - Date.parse(p.runAt)).toBeLessThanOrEqual(10 * MINUTE);
  });

  it('a number blocked by hand before the day is reported, not silently dropped', async () => {
    const h = harness();
    const curator = await as(h, 'curator');
    const [one, two] = [numberOf(h, A, 'A'), numberOf(h, A, 'A', 1)];
    await sign(h, curator, 'block', { kind: 'numbers', ban: A, sns: [one, two] }, mainKey, {
      date: DAY,
      hour: 0,
    });
    const p = (await create(curator, { action: 'block', ban: A, sns: [one, two], date: DAY }))
      .result as PlanWire;
    h.db.prepare("UPDATE numbers SET status = 'S' WHERE sn = ?").run(two);
    runDuePlans(h.services, Date.parse(p.runAt), 'w');
    expect(planRow(h, p.id)?.result).toEqual({
      accepted: [one],
      failed: [],
      skipped: [{ sn: two, reason: 'alreadyBlocked' }],
    });
  });

  it.each([
    ['the creator blocked', "UPDATE users SET status = 'blocked' WHERE login = 'curator'", 'creatorInactive'],
    [
      'the creator demoted',
      "UPDATE user_roles SET role = 'R001' WHERE user_id = (SELECT id FROM users WHERE login = 'curator')",
      'creatorNotManager',
    ],
    [
      'the price changed',
      "UPDATE lock_prices SET price = price + 1000 WHERE scope = 'number'",
      'priceChanged',
    ],
  ])('%s before the day → failed with the reason, one entry, nothing applied', async (_n, sql, reason) => {
    const h = harness();
    const curator = await as(h, 'curator');
    const sn = numberOf(h, A, 'A');
    const p = await planOne(h, curator, sn);
    h.db.prepare(sql).run();
    const requests = count(h, 'block_requests');
    runDuePlans(h.services, Date.parse(p.runAt), 'w');
    expect(planRow(h, p.id)).toMatchObject({ status: 'failed', reason });
    expect(count(h, 'block_requests')).toBe(requests);
    expect(statusOf(h, sn)).toBe('A');
    const [entry, ...more] = logEntries(h.db, "action = 'plan.apply'");
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ actor_user_id: null, result: 'failed', failed: [sn] });
  });
});

describe('exactly once (SP5)', () => {
  it('two workers on two connections to the same file: one claim, one request, one entry', async () => {
    const file = join(data.dir, 'race.db');
    writeFileSync(file, seededDb().serialize());
    const [db1, db2] = [openDatabase(file), openDatabase(file)];
    const h1 = harness(db1);
    const h2 = harness(db2);
    const curator = await as(h1, 'curator');
    const p = await planOne(h1, curator, numberOf(h1, A, 'A'));
    const at = Date.parse(p.runAt);
    const requests = count(h1, 'block_requests');
    // both see it due; the conditional UPDATE gives it to one
    expect(createPlansStore(db1).due(at)).toEqual([p.id]);
    expect(createPlansStore(db2).due(at)).toEqual([p.id]);
    const ran = [runDuePlans(h2.services, at, 'w2').ran, runDuePlans(h1.services, at, 'w1').ran];
    expect(ran).toEqual([[p.id], []]);
    expect(count(h1, 'block_requests')).toBe(requests + 1);
    expect(logEntries(db1, "action = 'plan.apply'")).toHaveLength(1);
    expect(planRow(h1, p.id)).toMatchObject({ status: 'done', claimedBy: 'w2' });
    // a claim race on the statement itself
    const q = await planOne(h1, curator, numberOf(h1, A, 'A', 1), 'block', '2026-12-13');
    expect([
      createPlansStore(db1).claim(q.id, 'w1', at),
      createPlansStore(db2).claim(q.id, 'w2', at),
    ]).toEqual([true, false]);
    db1.close();
    db2.close();
  });

  it('a kill mid-plan applies nothing; after the lease the next run applies it exactly once', async () => {
    const h = harness();
    const curator = await as(h, 'curator');
    const sn = numberOf(h, A, 'A');
    const p = await planOne(h, curator, sn);
    const at = Date.parse(p.runAt);
    const requests = count(h, 'block_requests');
    const killed = runDuePlans(h.services, at, 'w1', {
      beforeCommit: () => {
        throw new Error('killed');
      },
    });
    expect(killed.ran).toEqual([]);
    expect(planRow(h, p.id)).toMatchObject({ status: 'applying', claimedBy: 'w1', result: null });
    expect(count(h, 'block_requests')).toBe(requests);
    expect(logEntries(h.db, "action = 'plan.apply'")).toEqual([]);
    expect(statusOf(h, sn)).toBe('A');
    // within the lease nobody takes it
    expect(runDuePlans(h.services, at + PLAN_LEASE_MS - 1, 'w2')).toEqual({ ran: [], recovered: 0 });
    expect(runDuePlans(h.services, at + PLAN_LEASE_MS + 1, 'w2')).toEqual({ ran: [p.id], recovered: 1 });
    expect(runDuePlans(h.services, at + PLAN_LEASE_MS + 2, 'w3').ran).toEqual([]);
    expect(count(h, 'block_requests')).toBe(requests + 1);
    expect(logEntries(h.db, "action = 'plan.apply'")).toHaveLength(1);
    expect(planRow(h, p.id)?.status).toBe('done');
  });

  it('the demo’s fast-forward runs every scheduled plan now', async () => {
    const h = harness();
    const curator = await as(h, 'curator');
    const sn = numberOf(h, A, 'A');
    const p = await planOne(h, curator, sn);
    const r = await h.demo.request('/api/plans/fast-forward', { method: 'POST' });
    expect(((await r.json()) as { result: { plans: number } }).result.plans).toBe(1);
    expect(planRow(h, p.id)?.status).toBe('done');
    expect(statusOf(h, sn)).toBe('S');
  });
});

describe('the log: one entry per create, cancel and run (AL1)', () => {
  it('create and cancel by the curator with the key serial; the run by nobody, with the result', async () => {
    const h = harness();
    const curator = await as(h, 'curator');
    const sn = numberOf(h, A, 'A');
    const before = count(h, 'activity_log');
    const p = await planOne(h, curator, sn);
    const created = logEntries(h.db, "action = 'plan.create'");
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      ban: A,
      actor_login: 'curator',
      actor_role: 'R004',
      targets: [{ kind: 'number', id: sn }],
      result: 'ok',
      key_serial: MAIN_KEY.serialNumber,
      detail: { plan: p.id, action: 'block', date: DAY, hour: 0 },
    });
    await cancel(curator, p.id);
    expect(logEntries(h.db, "action = 'plan.cancel'")).toMatchObject([
      { actor_login: 'curator', targets: [{ kind: 'number', id: sn }], detail: { plan: p.id } },
    ]);
    const q = await planOne(h, curator, sn);
    runDuePlans(h.services, Date.parse(q.runAt), 'w');
    const applied = logEntries(h.db, "action = 'plan.apply'");
    expect(applied).toHaveLength(1);
    expect(applied[0]).toMatchObject({
      ban: A,
      actor_user_id: null,
      actor_login: null,
      targets: [{ kind: 'number', id: sn }],
      result: 'ok',
      failed: [],
      key_serial: MAIN_KEY.serialNumber,
      detail: { plan: q.id, action: 'block' },
    });
    // signing's own entries aside, exactly these four: create, cancel, create, apply
    expect(
      logEntries(h.db, 'id > ?', before)
        .map((e) => e.action)
        .filter((a) => a.startsWith('plan.')),
    ).toEqual(['plan.create', 'plan.cancel', 'plan.create', 'plan.apply']);
    expect(count(h, 'activity_log') - before).toBe(4);
  });
});
