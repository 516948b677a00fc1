import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nextTashkentMidnight } from '@/domain/dates.rules';
import {
  blockTargets,
  type SigningAction,
  type SigningTargets,
  signingDocument,
  signingDocumentText,
} from '@/domain/signing-document.rules';
import { ApiFailure } from '@/services/api/api-error';
import { type ApiClient, createApiClient } from '@/services/api/client';
import { createEimzoClient, encodeBase64Utf8 } from '@/services/eimzo/eimzo-client';
import { MINUTE } from '../../server/clock';
import { DEMO_LOCK_PRICES } from '../../server/db/demo-accounts';
import type { DemoKey } from '../../server/eimzo/demo-keys';
import { type SimulatorHandle, startSimulator } from '../../server/eimzo/simulator';
import { SIGNATURE_TTL_MS } from '../../server/handlers/block.handlers';
import { EXPIRED_KEY, MAIN_KEY, NAVOIY_KEY, socketFrom, TEST_KEYS, tempDir } from '../support/eimzo';
import { type Agent, createHarness, type Harness } from './harness';

const CURATOR_BAN = '100234561';
const CURATOR_TIN = '302145876';
const SUB20_SN = '911002030';
const SUB20_BAN = '100561093';
const KEYOWNER_BAN = '100672418';

let sim: SimulatorHandle;
const data = tempDir('block-test-');
const previousDir = process.env.EIMZO_DATA_DIR;

beforeAll(async () => {
  // The backend reads the CA from the same data dir the simulator signs with.
  process.env.EIMZO_DATA_DIR = data.dir;
  sim = await startSimulator({
    port: 0,
    controlPort: 0,
    dataDir: data.dir,
    keys: TEST_KEYS,
    mode: 'scripted',
  });
});

afterAll(async () => {
  await sim.close();
  data.remove();
  if (previousDir === undefined) delete process.env.EIMZO_DATA_DIR;
  else process.env.EIMZO_DATA_DIR = previousDir;
});

const eimzo = () => createEimzoClient({ url: sim.url, WebSocketImpl: socketFrom('http://localhost:3000') });

/** A real CMS from the simulator: key `key` signs `text` (scripted mode: the right password is typed). */
async function sign(key: DemoKey, text: string): Promise<string> {
  const client = eimzo();
  const listed = (await client.listKeys()).find((k) => k.serialNumber === key.serialNumber.toUpperCase());
  if (!listed) throw new Error(`key ${key.serialNumber} not listed`);
  const keyId = await client.loadKey(listed);
  const signature = await client.sign(keyId, encodeBase64Utf8(text));
  await client.unloadKey(keyId);
  return signature.pkcs7_64;
}

const target = (ban: string, sn: string | null) => blockTargets({ ban, sn });

/** The signed document for `action` on `targets` under `challenge`. */
const doc = (action: SigningAction, targets: SigningTargets, challenge: string | null) =>
  signingDocumentText(signingDocument(action, targets, challenge));

/** Challenge → sign with `key` → verify, as the portal does; returns the verify result and the CMS. */
async function authorise(
  client: ApiClient,
  action: 'block' | 'restore',
  targets: SigningTargets,
  key: DemoKey = MAIN_KEY,
) {
  const { challenge } = await client.call('signing.challenge', { body: { action, targets } });
  const pcs7 = await sign(key, doc(action, targets, challenge));
  const verified = await client.call('signing.verify', { body: { pcs7 } });
  return { ...verified, pcs7, challenge };
}

let h: Harness;
let agent: Agent;
let api: ApiClient;

async function loginAs(login: string): Promise<ApiClient> {
  agent = h.agent();
  const r = await agent.login(login);
  expect(r.status).toBe('OKOK');
  api = createApiClient({ baseURL: 'http://portal.test/api/', fetch: agent.fetch });
  return api;
}

async function failure(p: Promise<unknown>): Promise<{ code: string; description: string | undefined }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiFailure) {
      return { code: e.code, description: e.error.kind === 'server' ? e.error.description : undefined };
    }
    throw e;
  }
  throw new Error('the call succeeded');
}

/** Numbers of the curator's BAN by status, straight from the database. */
function numbersByStatus(status: string): string[] {
  return (
    h.db
      .prepare('SELECT sn FROM numbers WHERE ban = ? AND status = ? ORDER BY sn')
      .all(CURATOR_BAN, status) as {
      sn: string;
    }[]
  ).map((r) => r.sn);
}

const statusOf = (sn: string) =>
  (h.db.prepare('SELECT status FROM numbers WHERE sn = ?').get(sn) as { status: string }).status;

beforeEach(() => {
  h = createHarness();
  // the simulator stamps the real time into its signatures; the server accepts only a signing time near its clock
  h.clock.set(Date.now());
});

describe('client/tax-id', () => {
  it("answers the signer's company TIN", async () => {
    const client = await loginAs('curator');

    expect(await client.call('signing.taxId')).toEqual({ tin: CURATOR_TIN });
  });

  it('refuses staff, and staff impersonating a client (E005)', async () => {
    const client = await loginAs('admin');
    const before = await failure(client.call('signing.taxId'));
    await client.call('admin.impersonate', { body: { ban: CURATOR_BAN } });
    const impersonating = await failure(client.call('signing.taxId'));

    expect(before.code).toBe('E005');
    expect(impersonating.code).toBe('E005');
  });
});

describe('client/isPrivilegedLock', () => {
  it('prices a paid lock per number and month, counts what the action changes; privileged BANs are free', async () => {
    const sn = numbersByStatus('A')[0] as string;
    const activeCount = numbersByStatus('A').length + numbersByStatus('O').length;
    const curator = await loginAs('curator');
    const account = await curator.call('block.isPrivilegedLock', { query: { ban: CURATOR_BAN } });
    const blockAll = await curator.call('block.isPrivilegedLock', {
      query: { ban: CURATOR_BAN, action: 'block' },
    });
    const number = await curator.call('block.isPrivilegedLock', { query: { ban: CURATOR_BAN, sn } });
    const keyowner = await loginAs('keyowner');
    const privileged = await keyowner.call('block.isPrivilegedLock', { query: { ban: KEYOWNER_BAN } });

    expect(account).toEqual({
      price: DEMO_LOCK_PRICES.number,
      privileged: false,
      lopBan: false,
      numbers: null,
    });
    expect(blockAll).toEqual({
      price: DEMO_LOCK_PRICES.number,
      privileged: false,
      lopBan: false,
      numbers: activeCount,
    });
    expect(activeCount).toBe(9603);
    expect(number).toEqual({ price: DEMO_LOCK_PRICES.number, privileged: false, lopBan: false, numbers: 1 });
    expect(privileged).toEqual({ price: 0, privileged: true, lopBan: false, numbers: null });
  });

  it("refuses another company's account (E005) and a number of another account (E125)", async () => {
    const client = await loginAs('curator');

    expect((await failure(client.call('block.isPrivilegedLock', { query: { ban: SUB20_BAN } }))).code).toBe(
      'E005',
    );
    expect(
      (await failure(client.call('block.isPrivilegedLock', { query: { ban: CURATOR_BAN, sn: SUB20_SN } })))
        .code,
    ).toBe('E125');
  });
});

describe('online-sales/documents/verify', () => {
  it('verifies a real signature of the simulator, timestamps it, and keeps it for the session', async () => {
    const client = await loginAs('curator');

    const r = await authorise(client, 'block', target(CURATOR_BAN, null));
    const pcs7 = r.pcs7;

    expect(h.logs.filter((l) => l.includes('signing.rejected'))).toEqual([]);
    expect(r.code).toBe(1);
    expect(r.pkcs7b64WithTimestamp).toBeTruthy();
    expect(r.pkcs7b64WithTimestamp).not.toBe(pcs7);
    // the demo seed's signatures (AL7) are older than the harness
    const stored = h.db
      .prepare('SELECT ban, sn, key_serial, signer_tin FROM block_signatures WHERE id > ?')
      .all(h.seeded.signatures);
    expect(stored).toEqual([{ ban: CURATOR_BAN, sn: null, key_serial: '7a3c0002', signer_tin: CURATOR_TIN }]);
  });

  it('rejects a key of another company (wrong TIN), an expired key and a tampered signature', async () => {
    const client = await loginAs('curator');
    const body = { action: 'block', targets: target(CURATOR_BAN, null) } as const;
    const challenge = async () => (await client.call('signing.challenge', { body })).challenge;
    const wrongTin = await sign(NAVOIY_KEY, doc('block', target(CURATOR_BAN, null), await challenge()));
    const expired = await sign(EXPIRED_KEY, doc('block', target(CURATOR_BAN, null), await challenge()));
    const good = await sign(MAIN_KEY, doc('block', target(CURATOR_BAN, null), await challenge()));
    const der = Buffer.from(good, 'base64');
    const at = der.indexOf(Buffer.from(CURATOR_BAN));
    der[at] = '9'.charCodeAt(0);
    const tampered = der.toString('base64');

    const results = await Promise.all(
      [wrongTin, expired, tampered].map((pcs7) => client.call('signing.verify', { body: { pcs7 } })),
    );

    expect(
      results.map((r) => [r.code, r.pkcs7b64WithTimestamp ?? null, (r as { reason?: string }).reason]),
    ).toEqual([
      [0, null, 'tinMismatch'],
      [0, null, 'certificateExpired'],
      [0, null, expect.any(String)],
    ]);
    expect(
      h.db.prepare('SELECT COUNT(*) AS n FROM block_signatures WHERE id > ?').get(h.seeded.signatures),
    ).toEqual({ n: 0 });
  });

  it('refuses staff impersonating a client (E005)', async () => {
    const client = await loginAs('admin');
    await client.call('admin.impersonate', { body: { ban: CURATOR_BAN } });
    const pcs7 = await sign(MAIN_KEY, doc('block', target(CURATOR_BAN, null), null));

    expect((await failure(client.call('signing.verify', { body: { pcs7 } }))).code).toBe('E005');
  });
});

describe('client/suspend and client/restore', () => {
  it('refuses a suspend without a verified signature (type 5), and a signature of another number', async () => {
    const [first, second] = numbersByStatus('A');
    const client = await loginAs('curator');
    const none = await failure(
      client.call('block.suspend', { query: { ban: CURATOR_BAN, sn: first as string } }),
    );
    await authorise(client, 'block', target(CURATOR_BAN, first as string));
    const other = await failure(
      client.call('block.suspend', { query: { ban: CURATOR_BAN, sn: second as string } }),
    );

    expect(none.code).toBe('E005');
    expect(other.code).toBe('E005');
    expect(statusOf(first as string)).toBe('A');
  });

  it('consumes the signature once and only within its time', async () => {
    const [a, b] = numbersByStatus('A') as [string, string];
    const client = await loginAs('curator');
    await authorise(client, 'block', target(CURATOR_BAN, a));
    await authorise(client, 'block', target(CURATOR_BAN, b));

    const used = await client.call('block.suspend', { query: { ban: CURATOR_BAN, sn: a } });
    const again = await failure(client.call('block.suspend', { query: { ban: CURATOR_BAN, sn: a } }));
    h.clock.advance(SIGNATURE_TTL_MS + 1);
    const stale = await failure(client.call('block.suspend', { query: { ban: CURATOR_BAN, sn: b } }));

    expect(used.acceptedNumbers).toEqual([a]);
    expect(again.code).toBe('E005');
    expect(stale.code).toBe('E005');
  });

  it('does not accept a signature of another session', async () => {
    const sn = numbersByStatus('A')[0] as string;
    const first = await loginAs('curator');
    await authorise(first, 'block', target(CURATOR_BAN, sn));
    const second = await loginAs('curator');

    expect((await failure(second.call('block.suspend', { query: { ban: CURATOR_BAN, sn } }))).code).toBe(
      'E005',
    );
  });

  it('blocks a type-20 number directly, without a signature', async () => {
    const client = await loginAs('subscriber20');

    const r = await client.call('block.suspend', {
      query: { ban: SUB20_BAN, sn: SUB20_SN, isLopBan: false },
    });

    expect(r).toMatchObject({ acceptedNumbers: [SUB20_SN], failedNumbers: [] });
    expect(r.companyInfo).toMatchObject({ companyTin: '306620417', keySerialId: null, clientSign: null });
  });

  it('lets only the account’s own client users act: not another number, not staff impersonating', async () => {
    const other = (
      h.db
        .prepare("SELECT sn FROM numbers WHERE ban = ? AND sn <> ? AND status = 'A' LIMIT 1")
        .get(SUB20_BAN, SUB20_SN) as { sn: string }
    ).sn;
    const subscriber = await loginAs('subscriber20');
    const notOwn = await failure(subscriber.call('block.suspend', { query: { ban: SUB20_BAN, sn: other } }));
    const wholeBan = await failure(subscriber.call('block.suspend', { query: { ban: SUB20_BAN } }));
    const admin = await loginAs('admin');
    await admin.call('admin.impersonate', { body: { ban: SUB20_BAN } });
    const staff = await failure(admin.call('block.suspend', { query: { ban: SUB20_BAN, sn: SUB20_SN } }));

    expect([notOwn.code, wholeBan.code, staff.code]).toEqual(['E005', 'E005', 'E005']);
  });

  it('rejects an isLopBan that does not match the account (E101)', async () => {
    const client = await loginAs('subscriber20');

    const r = await failure(
      client.call('block.suspend', { query: { ban: SUB20_BAN, sn: SUB20_SN, isLopBan: true } }),
    );

    expect(r.code).toBe('E101');
  });

  it('blocks a whole account: active numbers accepted, terminated and tentative ones reported apart, none failed', async () => {
    const active = [...numbersByStatus('A'), ...numbersByStatus('O')].sort();
    const terminated = numbersByStatus('N');
    const tentative = numbersByStatus('T');
    const client = await loginAs('curator');
    await authorise(client, 'block', target(CURATOR_BAN, null));

    const r = await client.call('block.suspend', { query: { ban: CURATOR_BAN, isLopBan: false } });

    expect(terminated.length).toBeGreaterThan(0);
    expect(tentative.length).toBeGreaterThan(0);
    expect([...(r.acceptedNumbers ?? [])].sort()).toEqual(active);
    expect(r.failedNumbers).toEqual([]);
    const skipped = r.skippedNumbers ?? [];
    expect(skipped.filter((x) => x.reason === 'terminated').map((x) => x.sn)).toEqual(terminated);
    expect(skipped.filter((x) => x.reason === 'tentative').map((x) => x.sn)).toEqual(tentative);
    expect(skipped).toHaveLength(terminated.length + tentative.length);
    expect(r.companyInfo).toMatchObject({
      keySerialId: '7a3c0002',
      companyTin: CURATOR_TIN,
      companyName: 'Toshkent Savdo Invest MChJ',
    });
    expect(r.companyInfo?.clientSign).toBeTruthy();
  });

  it('a single terminated number is left alone and said so, not failed', async () => {
    const sn = numbersByStatus('N')[0] as string;
    const client = await loginAs('curator');
    await authorise(client, 'block', target(CURATOR_BAN, sn));

    const r = await client.call('block.suspend', { query: { ban: CURATOR_BAN, sn } });

    expect(r).toMatchObject({
      acceptedNumbers: [],
      failedNumbers: [],
      skippedNumbers: [{ sn, reason: 'terminated' }],
    });
  });

  it('a batch of numbers blocks those numbers only: the account stays active (U7)', async () => {
    const sns = numbersByStatus('A').slice(0, 3);
    const client = await loginAs('curator');
    await authorise(client, 'block', { kind: 'numbers', ban: CURATOR_BAN, sns });

    const r = await client.call('block.batch', { body: { action: 'block', ban: CURATOR_BAN, sns } });
    await h.demo.fetch(new Request('http://127.0.0.1/api/block/fast-forward', { method: 'POST' }));
    const profile = await client.call('session.profile');

    expect([...(r.acceptedNumbers ?? [])].sort()).toEqual([...sns].sort());
    expect(sns.map(statusOf)).toEqual(['S', 'S', 'S']);
    expect(profile.status).toBe('A');
  });
});

describe('timing on the server clock', () => {
  // a session that outlives the jump to midnight
  beforeEach(() => {
    h = createHarness({ config: { sessionIdleMinutes: 48 * 60, sessionMaxHours: 48 } });
    h.clock.set(Date.now());
  });

  it('a block is in process until the next midnight in Tashkent, then the number is blocked', async () => {
    const client = await loginAs('subscriber20');
    const start = h.clock.now();
    await client.call('block.suspend', { query: { ban: SUB20_BAN, sn: SUB20_SN } });
    const profileAfter = await client.call('session.profile');
    const inProcess = await failure(
      client.call('block.isPrivilegedLock', { query: { ban: SUB20_BAN, sn: SUB20_SN } }),
    );
    h.clock.set(nextTashkentMidnight(start) - 1);
    const beforeMidnight = await client.call('session.profile');
    h.clock.set(nextTashkentMidnight(start));
    const afterMidnight = await client.call('session.profile');

    expect(profileAfter.status).toBe('A');
    expect(inProcess.code).toBe('E022');
    expect(beforeMidnight.status).toBe('A');
    expect(afterMidnight.status).toBe('S');
    expect(h.services.block.pendingOf({ ban: SUB20_BAN, sn: SUB20_SN })).toBeNull();
  });

  it('a restore takes 5 to 10 minutes', async () => {
    const client = await loginAs('subscriber20');
    await client.call('block.suspend', { query: { ban: SUB20_BAN, sn: SUB20_SN } });
    h.clock.set(nextTashkentMidnight(h.clock.now()));
    await client.call('session.profile');
    await client.call('block.restore', { query: { ban: SUB20_BAN, sn: SUB20_SN } });
    const pending = h.services.block.pendingOf({ ban: SUB20_BAN, sn: SUB20_SN });
    h.clock.advance(5 * MINUTE - 1);
    const early = (await client.call('session.profile')).status;
    h.clock.advance(5 * MINUTE + 1);
    const late = (await client.call('session.profile')).status;

    expect(pending).toBe('restore');
    expect(early).toBe('S');
    expect(late).toBe('A');
  });

  it('a whole-account block blocks the account at midnight; the demo fast-forward applies it at once', async () => {
    const client = await loginAs('curator');
    await authorise(client, 'block', target(CURATOR_BAN, null));
    await client.call('block.suspend', { query: { ban: CURATOR_BAN } });
    const inProcess = h.services.block.pendingOf({ ban: CURATOR_BAN, sn: null });
    const before = (await client.call('session.profile')).status;
    const ff = await (
      await h.demo.fetch(
        new Request(`http://127.0.0.1/api/block/fast-forward?ban=${CURATOR_BAN}`, { method: 'POST' }),
      )
    ).json();
    const after = (await client.call('session.profile')).status;

    expect(inProcess).toBe('block');
    expect(before).toBe('A');
    expect((ff as { result: unknown }).result).toEqual({ applied: 1 });
    expect(after).toBe('S');
    expect(numbersByStatus('A')).toEqual([]);
  });

  it('a restore of the account undoes only what its block changed; numbers blocked before stay blocked (U8)', async () => {
    const blockedBefore = numbersByStatus('S');
    const active = [...numbersByStatus('A'), ...numbersByStatus('O')].sort();
    const client = await loginAs('curator');
    await authorise(client, 'block', target(CURATOR_BAN, null));
    await client.call('block.suspend', { query: { ban: CURATOR_BAN } });
    await h.demo.fetch(
      new Request(`http://127.0.0.1/api/block/fast-forward?ban=${CURATOR_BAN}`, { method: 'POST' }),
    );
    const count = await client.call('block.isPrivilegedLock', {
      query: { ban: CURATOR_BAN, action: 'restore' },
    });
    await authorise(client, 'restore', target(CURATOR_BAN, null));
    const r = await client.call('block.restore', { query: { ban: CURATOR_BAN } });
    await h.demo.fetch(
      new Request(`http://127.0.0.1/api/block/fast-forward?ban=${CURATOR_BAN}`, { method: 'POST' }),
    );

    expect(blockedBefore.length).toBe(1202);
    expect(count.numbers).toBe(active.length);
    expect([...(r.acceptedNumbers ?? [])].sort()).toEqual(active);
    expect((r.skippedNumbers ?? []).filter((x) => x.reason === 'blockedBefore').map((x) => x.sn)).toEqual(
      blockedBefore,
    );
    expect(numbersByStatus('S')).toEqual(blockedBefore);
    expect((await client.call('session.profile')).status).toBe('A');
  });

  it('the profile says a block is waiting, so a reload shows it in process (U9)', async () => {
    const client = await loginAs('subscriber20');
    const before = await client.call('session.profile');
    await client.call('block.suspend', { query: { ban: SUB20_BAN, sn: SUB20_SN } });
    const after = await client.call('session.profile');
    h.clock.set(nextTashkentMidnight(h.clock.now()));
    const applied = await client.call('session.profile');

    expect(before.block_pending).toBeNull();
    expect(after.block_pending).toBe('block');
    expect(applied.block_pending).toBeNull();
  });

  it('settling twice changes nothing more', () => {
    expect(h.services.block.settle(h.clock.now())).toBe(0);
  });
});

describe('a block takes effect after 00:00 in Tashkent, whatever the server’s zone', () => {
  const savedTz = process.env.TZ;
  afterAll(() => {
    if (savedTz === undefined) delete process.env.TZ;
    else process.env.TZ = savedTz;
  });

  it.each(['UTC', 'America/New_York', 'Asia/Tashkent'])(
    'a server in %s waits for Tashkent midnight',
    (zone) => {
      process.env.TZ = zone;
      // 01:00 on the 29th in Tashkent: the block waits for the 30th's midnight, 19:00 UTC on the 29th
      expect(nextTashkentMidnight(Date.parse('2026-11-28T20:00:00Z'))).toBe(
        Date.parse('2026-11-29T19:00:00Z'),
      );
      // 23:59:59 on the 28th in Tashkent: one second to go
      expect(nextTashkentMidnight(Date.parse('2026-11-28T18:59:59Z'))).toBe(
        Date.parse('2026-11-28T19:00:00Z'),
      );
    },
  );

  it('under a UTC server the request waits until 19:00 UTC, not 00:00 UTC (05:00 in Tashkent)', async () => {
    process.env.TZ = 'UTC';
    h = createHarness({ config: { sessionIdleMinutes: 48 * 60, sessionMaxHours: 48 } });
    h.clock.set(Date.parse('2026-11-28T20:00:00Z'));
    const client = await loginAs('subscriber20');
    await client.call('block.suspend', { query: { ban: SUB20_BAN, sn: SUB20_SN } });
    h.clock.set(Date.parse('2026-11-29T18:59:59Z'));
    const before = await client.call('session.profile');
    h.clock.set(Date.parse('2026-11-29T19:00:00Z'));
    const after = await client.call('session.profile');

    expect(before.status).toBe('A');
    expect(after.status).toBe('S');
  });
});
