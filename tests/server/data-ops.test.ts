/**
 * The reference backend as a system of record (docs/decisions.md RET1, BAK1): an online backup taken
 * while the portal writes, restored and used (the drill), and the retention job that erases personal data on time.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backupDatabase } from '../../server/backup';
import { migrate, openDatabase } from '../../server/db/database';
import { seedDatabase } from '../../server/db/seed';
import { createMemoryLogger } from '../../server/logger';
import {
  applyRetention,
  DEFAULT_RETENTION,
  retentionFromEnv,
  scheduleRetention,
} from '../../server/retention';
import { createHarness, seededDb, TEST_COST } from './harness';

const DAY = 24 * 3600 * 1000;
const root = new URL('../../', import.meta.url).pathname;

function seededFile(dir: string): string {
  const file = join(dir, 'portal.db');
  const db = openDatabase(file);
  migrate(db);
  seedDatabase(db, { passwordCost: TEST_COST });
  db.close();
  return file;
}

describe('online backup and the restore drill', () => {
  it('backs up while another connection writes, and the restored copy serves sign-ins and the data', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-backup-'));
    const file = seededFile(dir);
    const writer = openDatabase(file);
    const mark = writer.prepare(
      "INSERT INTO activity_log (at, ban, actor_login, action, detail) VALUES (?, NULL, 'drill', 'drill', json_quote(?))",
    );
    for (let i = 0; i < 50; i++) mark.run(Date.now(), `before ${i}`);
    // the portal goes on writing while the backup runs (the backup API restarts on a change and still finishes)
    let writes = 0;
    let writing = true;
    const tick = () => {
      if (!writing) return;
      mark.run(Date.now(), `during ${writes++}`);
      setImmediate(tick);
    };
    setImmediate(tick);
    const target = join(dir, 'backup.db');
    const result = await backupDatabase(file, target);
    writing = false;
    expect(writes).toBeGreaterThan(0);
    expect(result).toMatchObject({ file: target, bytes: statSync(target).size });
    expect(result.schemaVersion).toBeGreaterThanOrEqual(22);
    expect(statSync(target).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir).filter((f) => f.includes('.partial-'))).toEqual([]);
    writer.close();

    // the drill: the portal stopped, the copy put in place of PORTAL_DB, the portal started on it
    const restoredPath = join(dir, 'restored.db');
    copyFileSync(target, restoredPath);
    const restored = openDatabase(restoredPath);
    expect(restored.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(migrate(restored)).toEqual([]); // nothing to migrate: the same schema
    expect(
      (
        restored.prepare("SELECT COUNT(*) AS n FROM activity_log WHERE action = 'drill'").get() as {
          n: number;
        }
      ).n,
    ).toBeGreaterThanOrEqual(50);
    const h = createHarness({ db: restored });
    expect((await h.agent().login('curator16')).status).toBe('OKOK');
    const admin = h.agent();
    await admin.login('admin');
    expect((await admin.call('GET', 'user/')).result).toMatchObject({ user_name: 'admin' });
    restored.close();
  });

  it('refuses a backup onto the database itself or into a missing folder, and leaves nothing behind', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-backup-'));
    const file = seededFile(dir);
    await expect(backupDatabase(file, file)).rejects.toThrow(/itself/);
    await expect(backupDatabase(file, join(dir, 'no', 'such', 'b.db'))).rejects.toThrow(/does not exist/);
    await expect(backupDatabase(join(dir, 'missing.db'), join(dir, 'b.db'))).rejects.toThrow(/no database/);
    expect(existsSync(join(dir, 'b.db'))).toBe(false);
  });

  it('npm run db:backup prints one JSON line; without --to it says how to call it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-backup-'));
    const file = seededFile(dir);
    const env = { ...process.env, PORTAL_DB: file, NODE_ENV: 'development' };
    const ok = spawnSync(process.execPath, ['scripts/launch.js', 'backup', '--to', join(dir, 'b.db')], {
      cwd: root,
      env,
      encoding: 'utf8',
    });
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ file: join(dir, 'b.db') });
    const bad = spawnSync(process.execPath, ['scripts/launch.js', 'backup'], {
      cwd: root,
      env,
      encoding: 'utf8',
    });
    expect([bad.status, bad.stderr.trim()]).toEqual([
      1,
      'db:backup: usage: npm run db:backup -- --to <file>',
    ]);
  }, 60_000);
});

describe('retention of personal data (RET1)', () => {
  /** An AT 39 registration of `status`, last changed `ageDays` ago, with both scans and a reserved number. */
  function registration(
    db: ReturnType<typeof seededDb>,
    now: number,
    status: string,
    ageDays: number,
    phone: string,
  ): number {
    const at = now - ageDays * DAY;
    const user = (db.prepare("SELECT id FROM users WHERE login = 'seller'").get() as { id: number }).id;
    const id = Number(
      db
        .prepare(
          `INSERT INTO at39_registrations (user_id, status, region_id, pinfl, person, client_name, created_at,
             updated_at, status_at) VALUES (?, ?, 1, '30101900000000', '{"passport":"AA1234567"}', 'Test', ?, ?, ?)`,
        )
        .run(user, status, at, at, at).lastInsertRowid,
    );
    for (const kind of ['passport', 'application'])
      db.prepare(
        `INSERT INTO at39_scans (registration_id, kind, file_name, file_mime, file_bytes, uploaded_at)
           VALUES (?, ?, ?, 'image/jpeg', ?, ?)`,
      ).run(id, kind, `${kind}.jpg`, Buffer.alloc(2048, 7), at);
    if (status === 'draft' || status === 'documents')
      db.prepare(
        `UPDATE number_inventory SET state = 'reserved', registration_id = ?, reserved_until = ?
           WHERE number = (SELECT number FROM number_inventory WHERE state = 'free' ORDER BY number LIMIT 1 OFFSET ?)`,
      ).run(id, now + DAY, Number(phone.slice(-1)));
    db.prepare(
      'INSERT INTO at39_epdp_sessions (id, user_id, created_at, pinfl, registration_id) VALUES (?, ?, ?, ?, ?)',
    ).run(`epdp-${id}`, user, at, '30101900000000', id);
    return id;
  }

  const bytes = (db: ReturnType<typeof seededDb>, id: number) =>
    db
      .prepare(
        'SELECT SUM(length(file_bytes)) AS n, COUNT(purged_at) AS purged FROM at39_scans WHERE registration_id = ?',
      )
      .get(id) as { n: number | null; purged: number };

  it('erases decided scans after 90 days, deletes drafts untouched for 30, and keeps what is younger', () => {
    const db = seededDb();
    const now = Date.now();
    // the demo seed's own old drafts and decisions first, so the counts below are this test's rows
    applyRetention(db, now, DEFAULT_RETENTION);
    const old = registration(db, now, 'registered', 91, '901000001');
    const young = registration(db, now, 'rejected', 89, '901000002');
    const staleDraft = registration(db, now, 'documents', 31, '901000003');
    const freshDraft = registration(db, now, 'draft', 29, '901000004');
    db.prepare('INSERT INTO sms_codes (phone, code_hash, created_at) VALUES (?, ?, ?)').run(
      '901000009',
      'h',
      now - 2 * DAY,
    );
    db.prepare('INSERT INTO sms_codes (phone, code_hash, created_at) VALUES (?, ?, ?)').run(
      '901000009',
      'h2',
      now - 60_000,
    );

    const counts = applyRetention(db, now, DEFAULT_RETENTION);
    expect(counts).toMatchObject({ scansErased: 2, draftsDeleted: 1, smsCodesDeleted: 1 });
    // the decided-long-ago scans: bytes gone, the rows (what was attached) stay
    expect(bytes(db, old)).toEqual({ n: 0, purged: 2 });
    expect(bytes(db, young)).toEqual({ n: 4096, purged: 0 });
    // the stale draft is gone with its reservation; the fresh one stays whole
    expect(db.prepare('SELECT 1 FROM at39_registrations WHERE id = ?').get(staleDraft)).toBeUndefined();
    expect(
      db.prepare('SELECT 1 FROM number_inventory WHERE registration_id = ?').get(staleDraft),
    ).toBeUndefined();
    expect(
      db.prepare('SELECT 1 FROM number_inventory WHERE registration_id = ?').get(freshDraft),
    ).toBeDefined();
    expect(bytes(db, freshDraft)).toEqual({ n: 4096, purged: 0 });
    // identity checks with a PINFL live a day: the fresh draft's (29 days old) is gone too
    expect(
      db.prepare('SELECT COUNT(*) AS n FROM at39_epdp_sessions WHERE created_at < ?').get(now - DAY),
    ).toEqual({ n: 0 });
    expect(counts.identityChecksDeleted).toBeGreaterThanOrEqual(3);
    // a second run finds nothing
    expect(applyRetention(db, now, DEFAULT_RETENTION)).toEqual({
      scansErased: 0,
      draftsDeleted: 0,
      identityChecksDeleted: 0,
      smsCodesDeleted: 0,
      linkTokensDeleted: 0,
      activityErased: 0,
    });
    // a shorter policy reaches the younger one
    expect(applyRetention(db, now, { ...DEFAULT_RETENTION, scanDays: 30 }).scansErased).toBe(2);
  });

  it('runs at start and on its timer, logging counts only', () => {
    const db = seededDb();
    const now = Date.now();
    registration(db, now, 'registered', 200, '901000005');
    const logger = createMemoryLogger();
    const stop = scheduleRetention(db, logger, DEFAULT_RETENTION, { now: () => now }, 60_000);
    stop();
    const line = logger.lines.map((l) => JSON.parse(l)).find((l) => l.event === 'retention.applied');
    expect(line).toMatchObject({ scansErased: 2 });
    expect(logger.lines.join('\n')).not.toMatch(/30101900000000|AA1234567/);
  });

  it('reads the policy from the environment and refuses a bad value in one line', () => {
    expect(retentionFromEnv({})).toEqual({ scanDays: 90, draftDays: 30, activityDays: 1095 });
    expect(
      retentionFromEnv({
        RETENTION_SCAN_DAYS: '365',
        RETENTION_DRAFT_DAYS: '7',
        RETENTION_ACTIVITY_DAYS: '1825',
      }),
    ).toEqual({ scanDays: 365, draftDays: 7, activityDays: 1825 });
    for (const v of ['0', '-1', '1.5', 'ninety', '99999']) {
      expect(() => retentionFromEnv({ RETENTION_SCAN_DAYS: v })).toThrow(
        /^RETENTION_SCAN_DAYS=.* from 1 to 3650\.$/,
      );
      expect(() => retentionFromEnv({ RETENTION_ACTIVITY_DAYS: v })).toThrow(
        /^RETENTION_ACTIVITY_DAYS=.* from 1 to 3650\.$/,
      );
    }
  });
});
