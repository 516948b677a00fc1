import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isCommonPassword } from '../../server/auth/passwords';
import { MINUTE } from '../../server/clock';
import { openDatabase } from '../../server/db/database';
import { createMemoryLogger } from '../../server/logger';
import { startPortal } from '../../server/start';
import { type Agent, createHarness, type Harness } from './harness';

/** Findings 8 to 15 (docs/security.md, low). */

async function as(h: Harness, login: string): Promise<Agent> {
  const a = h.agent();
  expect((await a.login(login)).status).toBe('OKOK');
  return a;
}

describe('finding 8: a busy E-IMZO port', () => {
  it('logs one line and the portal runs without the simulator', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const port = (blocker.address() as { port: number }).port;
    const logger = createMemoryLogger();
    try {
      const portal = await startPortal({
        port: 0,
        dbPath: ':memory:',
        spa: false,
        logger,
        eimzo: { port, controlPort: 0 },
        config: { demoPort: 0 },
        seed: { passwordCost: { N: 1024, r: 8, p: 1 } },
      });
      const answered = await fetch(`${portal.url}/api/user/`);
      await portal.close();

      expect(portal.eimzo).toBeUndefined();
      expect(logger.lines.filter((l) => l.includes('eimzo.unavailable'))).toHaveLength(1);
      expect(answered.status).toBe(200);
    } finally {
      blocker.close();
    }
  });
});

describe('finding 9: a login equal to a registering number', () => {
  it('refuses digit-only logins at creation, and the collision answers a catalogue error, not HTTP 500', async () => {
    const h = createHarness();
    const admin = await as(h, 'admin');
    const sn = (
      h.db
        .prepare(
          "SELECT sn FROM numbers WHERE ban = '100234561' AND status = 'A' AND sn NOT IN (SELECT sn FROM users WHERE sn IS NOT NULL) LIMIT 1",
        )
        .get() as { sn: string }
    ).sn;

    const create = await admin.call('POST', 'user/create', {
      kind: 'admin',
      user_name: sn,
      roles: ['R003'],
      branch_id: 11,
    });
    // a login like this may exist from before the rule
    h.db
      .prepare(
        "INSERT INTO users (login, status, force_change_password, sso_only, self_registered, created_at, updated_at) VALUES (?, 'pending', 0, 0, 0, 0, 0)",
      )
      .run(sn);
    const visitor = h.agent();
    await visitor.call('POST', 'user/register', { phone: sn });
    const code = h.outbox({ phone: sn })[0]?.secret as string;
    const check = await visitor.call('POST', 'user/check', { phone: sn, code });

    expect(create.status).toBe('E013');
    expect([check.http, check.status]).toEqual([200, 'E004']);
  });
});

describe('finding 10: a role must be chosen first', () => {
  it('answers E139 to everything but user/, the role choice and logout until a role is chosen', async () => {
    const h = createHarness();
    const a = await as(h, 'multirole');

    const before = await a.call('GET', 'user/search?q=ova&pageNo=0&pageSize=45');
    const session = await a.call('GET', 'user/');
    await a.call('POST', 'v1/adfs/save-chosen-role', { updatedValue: 'R008' });
    const after = await a.call('GET', 'user/search?q=ova&pageNo=0&pageSize=45');

    expect([before.status, session.status, after.status]).toEqual(['E139', 'OKOK', 'OKOK']);
  });
});

describe('finding 11: a password change revokes pending recovery links', () => {
  it('a link asked for before the change no longer sets a password', async () => {
    const h = createHarness();
    await h.agent().call('POST', 'user/forgot', { login: 'operator' });
    const token = h.outbox({ login: 'operator' })[0]?.secret as string;
    const a = await as(h, 'operator');
    expect(
      (await a.call('POST', 'user/change-password', { current: 'Demo-2026', password: 'Kuchli-Parol-77' }))
        .status,
    ).toBe('OKOK');

    const restore = await h
      .agent()
      .call('POST', 'user/restore', { r: token, password: 'Boshqa-Parol-78', confirm: 'Boshqa-Parol-78' });

    expect(restore.status).not.toBe('OKOK');
  });
});

describe('finding 12: type-16 accounts cannot be blocked', () => {
  it('refuses a block of a type-16 number (E002) although the toggle is hidden anyway', async () => {
    const h = createHarness();
    const a = await as(h, 'curator16');
    const sn = (
      h.db
        .prepare(
          "SELECT n.sn FROM numbers n JOIN companies c ON c.ban = n.ban WHERE c.at = 16 AND n.status = 'A' LIMIT 1",
        )
        .get() as { sn: string }
    ).sn;
    const ban = (h.db.prepare('SELECT ban FROM numbers WHERE sn = ?').get(sn) as { ban: string }).ban;

    const r = await a.call('GET', `client/suspend?ban=${ban}&sn=${sn}`, undefined, {
      headers: { 'x-requested-with': 'portal' },
    });

    expect(r.status).toBe('E002');
  });
});

describe('finding 13: absolute session lifetime', () => {
  it('ends a busy session after 12 hours', async () => {
    const h = createHarness();
    const a = await as(h, 'operator');
    for (let i = 0; i < 12 * 4; i++) {
      h.clock.advance(15 * MINUTE);
      if (i < 12 * 4 - 1) expect((await a.call('GET', 'user/')).status).toBe('OKOK');
    }
    h.clock.advance(MINUTE);

    expect((await a.call('GET', 'user/')).status).toBe('E009');
  });
});

describe('finding 14: common passwords', () => {
  it('refuses password1 and the like (E140), from a list of thousands shipped with the server', async () => {
    const h = createHarness();
    const a = await as(h, 'operator');

    const r = await a.call('POST', 'user/change-password', { current: 'Demo-2026', password: 'password1' });

    expect(r.status).toBe('E140');
    expect(['Password1', 'qwerty123', 'abc12345'].every(isCommonPassword)).toBe(true);
    expect(isCommonPassword('Kuchli-Parol-77')).toBe(false);
  });
});

describe('finding 15: HSTS and database errors', () => {
  it('sends HSTS over https only', async () => {
    const h = createHarness();
    const plain = await h.app.fetch(new Request('http://portal.test/api/user/'));
    const tls = await h.app.fetch(new Request('https://portal.test/api/user/'));

    expect(plain.headers.get('strict-transport-security')).toBeNull();
    expect(tls.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });

  it('names the file a database could not be opened from', () => {
    // a regular file where the folder should be: neither the folder nor the database can be made
    const dir = mkdtempSync(join(tmpdir(), 'portal-db-'));
    const notAFolder = join(dir, 'plain-file');
    writeFileSync(notAFolder, 'x');
    try {
      expect(() => openDatabase(join(notAFolder, 'portal.db'))).toThrow(
        `cannot open the database ${notAFolder}`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
