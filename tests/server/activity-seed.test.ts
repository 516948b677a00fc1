/**
 * The demo companies' activity log (docs/decisions.md AL7): the demo database's log does not start empty, and what it
 * says is what the database holds. Every demo company has 20-40 entries in the 60 days before the seed's time, in
 * time order; the actions the log knows; actors who are the company's demo logins or demo staff whose role does it;
 * the company's own numbers, users, orders and documents, each in the state the entries leave it; its key and a
 * stored signature on what was signed; request ids as the server makes them. A production database has none.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SEEDED_ACTIVITY_DAYS, SEEDED_SIGNATURE_SESSION } from '../../server/db/activity-seed';
import { type Db, migrate, openDatabase } from '../../server/db/database';
import { DEMO_ACCOUNTS, DEMO_COMPANIES } from '../../server/db/demo-accounts';
import { seedDatabase } from '../../server/db/seed';
import { DEMO_KEYS } from '../../server/eimzo/demo-keys';
import { silentLogger } from '../../server/logger';
import { applyRetention, DEFAULT_RETENTION } from '../../server/retention';
import { prepareDatabase } from '../../server/start';
import {
  ACTIVITY_ACTIONS,
  ACTIVITY_RETENTION_DAYS,
  DEFAULT_ACTIVITY_DAYS,
  shiftDay,
} from '../../src/domain/activity.rules';
import { ROAMING_SOC } from '../../src/domain/addons.rules';
import { REQUEST_ID_PATTERN } from '../../src/domain/client-errors.rules';
import { tashkentDay } from '../../src/domain/dates.rules';
import { isClientRole } from '../../src/domain/roles.rules';
import { blockTargets, targetsKey } from '../../src/domain/signing-document.rules';
import type { ActivityList } from '../../src/services/contract/activity.contract';
import { createHarness, type LogEntry, logEntries, seededDb, TEST_COST } from './harness';

const DAY = 86_400_000;

/** What the request names (AL7): the log of a company's working days, as the brief lists them. */
const LISTED = [
  'block',
  'restore',
  'order.create',
  'order.status',
  'service.connect',
  'service.disconnect',
  'user.create',
  'user.edit',
  'contact.change',
  'document.upload',
  'impersonation.start',
  'impersonation.end',
] as const;

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const tempDb = () => {
  const d = mkdtempSync(join(tmpdir(), 'portal-activity-seed-'));
  dirs.push(d);
  return join(d, 'portal.db');
};

const db = seededDb();
const seededAt = Number(
  (db.prepare("SELECT value FROM meta WHERE key = 'seeded_at'").get() as { value: string }).value,
);
const log = logEntries(db);
const companyOf = (ban: string | null) => DEMO_COMPANIES.find((c) => c.ban === ban);
const one = <T>(sql: string, ...args: unknown[]) => db.prepare(sql).get(...args) as T | undefined;
const ids = (e: LogEntry, kind: string) => e.targets.filter((t) => t.kind === kind).map((t) => t.id);
/** The entry's targets that were done (not failed). */
const done = (e: LogEntry, kind: string) => ids(e, kind).filter((id) => !e.failed.includes(id));

describe('the demo log (AL7)', () => {
  it('has 20-40 entries of every demo company and none of another, in time order, in the 60 days before the seed', () => {
    expect(log.length).toBeGreaterThan(0);
    for (const c of DEMO_COMPANIES) {
      const n = log.filter((e) => e.ban === c.ban).length;
      expect([c.key, n >= 20 && n <= 40]).toEqual([c.key, true]);
    }
    expect(log.filter((e) => !companyOf(e.ban))).toEqual([]);
    // appended in time order: a later id is never earlier
    for (const [i, e] of log.entries()) if (i > 0) expect(e.at).toBeGreaterThanOrEqual(log[i - 1]?.at ?? 0);
    const first = log[0]?.at ?? 0;
    const last = log.at(-1)?.at ?? Number.POSITIVE_INFINITY;
    expect(first).toBeGreaterThanOrEqual(seededAt - SEEDED_ACTIVITY_DAYS * DAY);
    expect(last).toBeLessThan(seededAt);
    // spread over the window, not bunched at one end
    expect(last - first).toBeGreaterThan((SEEDED_ACTIVITY_DAYS - 10) * DAY);
  });

  it('is younger than the retention cutoff (AL5): a retention run erases none of it', () => {
    expect(log.every((e) => e.at > seededAt - ACTIVITY_RETENTION_DAYS * DAY)).toBe(true);
    const copy = seededDb();
    expect(applyRetention(copy, seededAt, DEFAULT_RETENTION).activityErased).toBe(0);
    expect(logEntries(copy)).toEqual(log);
  });

  it('holds each listed action, only actions the log knows, and a viewing of each company', () => {
    const actions = new Set(log.map((e) => e.action));
    for (const a of LISTED) expect([a, actions.has(a)]).toEqual([a, true]);
    for (const a of actions) expect((ACTIVITY_ACTIONS as readonly string[]).includes(a)).toBe(true);
    // partial results name what failed: a block of a list, a service connected to a list
    for (const a of ['block', 'service.connect'])
      expect(log.some((e) => e.action === a && e.result === 'partial' && e.failed.length > 0)).toBe(true);
    for (const e of log) expect(e.result).toBe(e.failed.length > 0 ? 'partial' : 'ok');
    for (const c of DEMO_COMPANIES) {
      const of = log.filter((e) => e.ban === c.ban).map((e) => e.action);
      expect(of.filter((a) => a === 'impersonation.start')).toHaveLength(1);
      expect(of.filter((a) => a === 'impersonation.end')).toHaveLength(1);
      expect(of).toContain('service.connect');
      expect(of).toContain('user.edit');
      // no block toggle on a type-16 profile (spec 4)
      expect([c.key, of.includes('block') && of.includes('restore')]).toEqual([c.key, c.at !== 16]);
    }
  });

  it('names as actor a demo login of the company or demo staff, in the role they hold', () => {
    for (const e of log) {
      const user = one<{ login: string; ban: string | null }>(
        'SELECT login, ban FROM users WHERE id = ?',
        e.actor_user_id,
      );
      expect(user?.login).toBe(e.actor_login);
      const account = DEMO_ACCOUNTS.find((a) => a.login === e.actor_login);
      expect(account, `${e.id} ${e.actor_login}`).toBeDefined();
      expect(account?.roles).toContain(e.actor_role);
      if (account?.company) {
        // a client acts in its own company only, as itself
        expect([e.id, user?.ban, e.actor_staff, e.impersonated]).toEqual([e.id, e.ban, 0, 0]);
        expect(isClientRole(e.actor_role ?? '')).toBe(true);
        // a subscriber blocks, restores and connects services of their own number only (spec 6)
        if (e.actor_role === 'R001') {
          expect(['block', 'restore', 'service.connect', 'service.disconnect']).toContain(e.action);
          expect(ids(e, 'number')).toEqual([account.sn]);
        }
      } else {
        expect([e.id, user?.ban, e.actor_staff]).toEqual([e.id, null, 1]);
        expect(isClientRole(e.actor_role ?? '')).toBe(false);
      }
    }
  });

  it("targets the company's own numbers, users, orders, documents and services, left as the database holds them", () => {
    for (const e of log) {
      for (const sn of ids(e, 'number'))
        expect([e.id, sn, one<{ ban: string }>('SELECT ban FROM numbers WHERE sn = ?', sn)?.ban]).toEqual([
          e.id,
          sn,
          e.ban,
        ]);
      for (const login of ids(e, 'user'))
        expect(one<{ ban: string }>('SELECT ban FROM users WHERE login = ?', login)?.ban).toBe(e.ban);
      for (const id of ids(e, 'order'))
        expect(one<{ ban: string }>('SELECT ban FROM orders WHERE id = ?', Number(id))?.ban).toBe(e.ban);
      for (const id of ids(e, 'document')) {
        const doc = one<{ ban: string; created_at: number }>(
          'SELECT ban, created_at FROM documents WHERE id = ?',
          Number(id),
        );
        expect(doc?.ban).toBe(e.ban);
        expect(e.at).toBeGreaterThan(doc?.created_at ?? Number.POSITIVE_INFINITY);
      }
      for (const id of ids(e, 'account')) expect(id).toBe(e.ban);
      for (const soc of ids(e, 'service'))
        expect(soc === ROAMING_SOC || one('SELECT 1 FROM ip_packages WHERE soc = ?', soc) !== undefined).toBe(
          true,
        );
      for (const id of e.failed) expect(e.targets.map((t) => t.id)).toContain(id);
    }

    // each number's last block or restore is its status now: blocked (S) after a block, active after a restore
    const lastMove = new Map<string, string>();
    for (const e of log.filter((x) => x.action === 'block' || x.action === 'restore'))
      for (const sn of done(e, 'number')) lastMove.set(sn, e.action);
    expect(lastMove.size).toBeGreaterThan(10);
    for (const [sn, move] of lastMove) {
      const status = one<{ status: string }>('SELECT status FROM numbers WHERE sn = ?', sn)?.status;
      expect([sn, move, status]).toEqual([
        sn,
        move,
        move === 'block' ? 'S' : expect.stringMatching(/^[AO]$/),
      ]);
    }
    // a number failed in a block list is still active
    for (const e of log.filter((x) => x.action === 'block'))
      for (const sn of e.failed)
        expect(one<{ status: string }>('SELECT status FROM numbers WHERE sn = ?', sn)?.status).toMatch(
          /^[AO]$/,
        );

    // each service's last connect or disconnect on a number is what the number has now; a refused one had it already
    const has = (sn: string, soc: string) =>
      soc === ROAMING_SOC
        ? one('SELECT 1 FROM ip_roaming WHERE sn = ?', sn) !== undefined
        : one('SELECT 1 FROM ip_connections WHERE sn = ? AND soc = ?', sn, soc) !== undefined;
    const lastService = new Map<string, boolean>();
    for (const e of log.filter((x) => x.action.startsWith('service.'))) {
      const soc = ids(e, 'service')[0] as string;
      for (const sn of done(e, 'number')) lastService.set(`${sn} ${soc}`, e.action === 'service.connect');
      for (const sn of e.failed) expect([sn, soc, has(sn, soc)]).toEqual([sn, soc, true]);
    }
    for (const [key, connected] of lastService) {
      const [sn, soc] = key.split(' ') as [string, string];
      expect([key, has(sn, soc)]).toEqual([key, connected]);
    }

    // each user's last block or unblock is their status now; an order's last move is its status now
    const lastUser = new Map<string, string>();
    for (const e of log.filter((x) => x.action === 'user.block' || x.action === 'user.unblock'))
      for (const login of ids(e, 'user'))
        lastUser.set(login, e.action === 'user.block' ? 'blocked' : 'active');
    for (const [login, status] of lastUser)
      expect([
        login,
        one<{ status: string }>('SELECT status FROM users WHERE login = ?', login)?.status,
      ]).toEqual([login, status]);
    const lastOrder = new Map<string, string>();
    for (const e of log.filter((x) => x.action === 'order.status'))
      lastOrder.set(ids(e, 'order')[0] as string, (e.detail as { to: string }).to);
    expect(lastOrder.size).toBeGreaterThan(0);
    for (const [id, status] of lastOrder)
      expect(one<{ status: string }>('SELECT status FROM orders WHERE id = ?', Number(id))?.status).toBe(
        status,
      );
    // an order is created before it moves; a user is created before anything else is done to them
    for (const e of log.filter((x) => x.action === 'order.create' || x.action === 'user.create')) {
      const kind = e.action === 'order.create' ? 'order' : 'user';
      const id = ids(e, kind)[0];
      const earlier = log.filter((x) => x.id < e.id && x.targets.some((t) => t.kind === kind && t.id === id));
      expect(earlier).toEqual([]);
    }
  });

  it("signs with the company's demo key and a stored signature of it, used once; type 20 signs nothing", () => {
    const used = new Set<number>();
    for (const e of log.filter(
      (x) => x.action === 'block' || x.action === 'restore' || x.key_serial !== null,
    )) {
      const c = companyOf(e.ban);
      if (c?.at === 20) {
        expect([e.id, e.key_serial, e.signature_id]).toEqual([e.id, null, null]);
        continue;
      }
      const key = DEMO_KEYS.find((k) => k.inn === c?.tin && k.serialNumber === e.key_serial);
      expect(key, `${e.id} ${e.key_serial}`).toBeDefined();
      // not the expired key of the curator's company
      expect(Date.parse(`${key?.validTo.replace(/\./g, '-').replace(' ', 'T')}+05:00`)).toBeGreaterThan(
        seededAt,
      );
      const sig = one<{
        session_hash: string;
        user_id: number;
        ban: string;
        action: string;
        targets: string;
        key_serial: string;
        signer_tin: string;
        verified_at: number;
        used_at: number;
      }>('SELECT * FROM block_signatures WHERE id = ?', e.signature_id);
      expect(sig).toMatchObject({
        session_hash: SEEDED_SIGNATURE_SESSION,
        user_id: e.actor_user_id,
        ban: e.ban,
        key_serial: e.key_serial,
        signer_tin: c?.tin,
        used_at: e.at,
      });
      expect(sig?.verified_at).toBeLessThan(e.at);
      if (e.action === 'contact.change') expect(sig?.action).toBe('contact-change');
      else {
        // the signature names exactly the numbers asked for, failed ones too (spec 4: sign what is asked)
        expect(sig?.action).toBe(e.action);
        expect(sig?.targets).toBe(
          targetsKey(blockTargets({ ban: e.ban ?? '', sn: null, sns: ids(e, 'number') })),
        );
      }
      expect(used.has(e.signature_id ?? 0)).toBe(false);
      used.add(e.signature_id ?? 0);
    }
    expect(used.size).toBeGreaterThan(10);
    // no seeded signature is left over for a block to take, nor one no entry names
    const stored = db.prepare('SELECT id, used_at FROM block_signatures').all() as {
      id: number;
      used_at: number;
    }[];
    expect(stored.map((s) => s.id).sort((a, b) => a - b)).toEqual([...used].sort((a, b) => a - b));
    expect(stored.every((s) => s.used_at !== null)).toBe(true);
  });

  it('gives each entry its own request id, a UUID as the server makes one; a viewing’s end closes its start', () => {
    for (const e of log) {
      expect(e.request_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(e.request_id).toMatch(REQUEST_ID_PATTERN);
    }
    expect(new Set(log.map((e) => e.request_id)).size).toBe(log.length);
    for (const c of DEMO_COMPANIES) {
      const start = log.find((e) => e.ban === c.ban && e.action === 'impersonation.start');
      const end = log.find((e) => e.ban === c.ban && e.action === 'impersonation.end');
      expect(start).toMatchObject({
        actor_staff: 1,
        impersonated: 1,
        targets: [{ kind: 'account', id: c.ban }],
      });
      expect(end).toMatchObject({
        ends_id: start?.id,
        actor_login: start?.actor_login,
        actor_role: start?.actor_role,
        impersonated: 1,
        targets: start?.targets,
        detail: { reason: 'back' },
      });
      // what staff did meanwhile says so; nothing else does
      const during = log.filter((e) => e.ban === c.ban && e.impersonated === 1);
      for (const e of during) {
        expect(e.actor_login).toBe(start?.actor_login);
        expect(e.at).toBeGreaterThanOrEqual(start?.at ?? 0);
        expect(e.at).toBeLessThanOrEqual(end?.at ?? 0);
      }
    }
  });

  it('is the same on every seed', () => {
    const again = openDatabase(':memory:');
    migrate(again);
    seedDatabase(again, { passwordCost: TEST_COST });
    expect(logEntries(again)).toEqual(log);
    expect(again.prepare('SELECT * FROM block_signatures ORDER BY id').all()).toEqual(
      db.prepare('SELECT * FROM block_signatures ORDER BY id').all(),
    );
    again.close();
  });

  it('is what the curator reads on /ru/profile/activity: the last 30 days hold entries, staff without a login', async () => {
    const h = createHarness();
    const agent = h.agent();
    expect((await agent.login('curator')).status).toBe('OKOK');
    const today = tashkentDay(seededAt);
    const r = await agent.call(
      'GET',
      `activity/list?from=${shiftDay(today, 1 - DEFAULT_ACTIVITY_DAYS)}&to=${today}&size=1000`,
    );
    expect(r.status).toBe('OKOK');
    const list = r.result as ActivityList;
    expect(list.totalElements).toBeGreaterThan(5);
    expect(list.content.some((e) => e.actor.staff)).toBe(true);
    for (const e of list.content) expect(e.actor.login === null).toBe(e.actor.staff);
  });
});

describe('where the demo log is written (OPS1)', () => {
  const count = (d: Db, table: string) =>
    (d.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;

  it('a production database has none: no entry, no signature', () => {
    const d = prepareDatabase(tempDb(), silentLogger, { demo: false });
    try {
      expect([count(d, 'activity_log'), count(d, 'block_signatures')]).toEqual([0, 0]);
    } finally {
      d.close();
    }
  });

  it('a demo start seeds it before the real day, as the demo documents (npm start passes the day)', () => {
    const before = Date.now();
    const d = prepareDatabase(tempDb(), silentLogger, { demo: true, seed: { passwordCost: TEST_COST } });
    try {
      const entries = logEntries(d);
      expect(entries.length).toBeGreaterThan(100);
      expect(entries.every((e) => e.at < Date.now() && e.at >= before - SEEDED_ACTIVITY_DAYS * DAY)).toBe(
        true,
      );
    } finally {
      d.close();
    }
  });
});
