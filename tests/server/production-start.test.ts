/**
 * A production start (demo mode off: NODE_ENV=production or API_TARGET) never carries demo data.
 * It seeds only the reference catalogues (docs/decisions.md OPS1), signs no demo login in, starts no E-IMZO simulator
 * and no demo page; it refuses a database holding the demo data and one a newer build migrated (OPS3).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/config';
import { assertKnownSchema, type Db, migrate, openDatabase } from '../../server/db/database';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/demo-accounts';
import { REFERENCE_TABLES } from '../../server/db/reference-seed';
import { createMemoryLogger, silentLogger } from '../../server/logger';
import { prepareDatabase, startPortal } from '../../server/start';
import { createAgent, seededDb, TEST_COST } from './harness';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const tempDb = () => {
  const d = mkdtempSync(join(tmpdir(), 'portal-prod-'));
  dirs.push(d);
  return join(d, 'portal.db');
};

/** Tables every start writes whatever the mode: the migrations' record and the seeds' markers. */
const INFRASTRUCTURE = ['schema_migrations', 'meta'];

/** Row count of every table of the schema, read from the database itself (never from a hand-kept list). */
function rowCounts(db: Db): Map<string, number> {
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all() as { name: string }[];
  return new Map(
    tables.map(({ name }) => [
      name,
      (db.prepare(`SELECT COUNT(*) AS n FROM "${name}"`).get() as { n: number }).n,
    ]),
  );
}

/** The tables holding rows that are neither reference catalogues nor infrastructure. */
function demoTablesWithRows(db: Db): string[] {
  const allowed = new Set<string>([...REFERENCE_TABLES, ...INFRASTRUCTURE]);
  return [...rowCounts(db)].filter(([name, n]) => n > 0 && !allowed.has(name)).map(([name]) => name);
}

const productionConfig = () => ({ ...configFromEnv({ NODE_ENV: 'production' }), passwordCost: TEST_COST });

describe('production start on an empty database', () => {
  it('fills the reference catalogues only: every other table of the schema is empty, no user, no demo', async () => {
    const logger = createMemoryLogger();
    const portal = await startPortal({
      port: 0,
      dbPath: tempDb(),
      spa: false,
      logger,
      config: productionConfig(),
      eimzo: true,
    });
    try {
      const db = portal.db as Db;
      const counts = rowCounts(db);
      // the schema is really there (every migration's tables), so an empty count means something
      expect(counts.size).toBeGreaterThan(40);
      expect(demoTablesWithRows(db)).toEqual([]);
      expect(counts.get('users')).toBe(0);
      for (const table of REFERENCE_TABLES) expect(counts.get(table), table).toBeGreaterThan(0);
      expect(db.prepare("SELECT key FROM meta WHERE key = 'seed_version'").get()).toBeUndefined();
      // no E-IMZO simulator (not even tried) and no demo page
      expect(portal.eimzo).toBeUndefined();
      expect(portal.demoUrl).toBeUndefined();
      expect(logger.lines.filter((l) => /"event":"eimzo\./.test(l))).toEqual([]);
    } finally {
      await portal.close();
    }
  });

  it('signs no demo login in (E012 for every demo account with the published password)', async () => {
    const portal = await startPortal({
      port: 0,
      dbPath: tempDb(),
      spa: false,
      logger: silentLogger,
      config: productionConfig(),
    });
    try {
      for (const account of DEMO_ACCOUNTS) {
        const reply = await createAgent((req) => fetch(req), portal.url).login(account.login, DEMO_PASSWORD);
        expect(reply.status, account.login).toBe('E012');
        expect(reply.setCookie.join(';')).not.toContain('portal_sid=');
      }
    } finally {
      await portal.close();
    }
  });

  it('counts the demo tables of a demo database as filled (the check above can fail)', () => {
    const filled = demoTablesWithRows(seededDb());
    for (const table of ['users', 'companies', 'numbers', 'employees', 'debt_accounts', 'number_inventory'])
      expect(filled).toContain(table);
    for (const table of [
      'documents',
      'orders',
      'tax_companies',
      'at39_people',
      'ip_deposits',
      'ip_connections',
    ])
      expect(filled).toContain(table);
  });

  it('keeps a second production start on the same file free of demo data too', () => {
    const path = tempDb();
    prepareDatabase(path, silentLogger, { demo: false }).close();
    const db = prepareDatabase(path, silentLogger, { demo: false });
    try {
      expect(demoTablesWithRows(db)).toEqual([]);
    } finally {
      db.close();
    }
  });
});

describe('databases a production start refuses', () => {
  it('one holding the demo data (seeded by a demo start)', () => {
    const path = tempDb();
    prepareDatabase(path, silentLogger, {
      demo: true,
      seed: { passwordCost: TEST_COST, extraUsers: 5, extraCompanies: 1 },
    }).close();
    expect(() => prepareDatabase(path, silentLogger, { demo: false })).toThrow(
      new RegExp(`^cannot use the database ${path}: it holds the demo data`),
    );
  });

  it('one a newer build migrated: a one-line reason, nothing applied', () => {
    const path = tempDb();
    const db = openDatabase(path);
    migrate(db);
    db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, ?, 0)').run(
      '999_future.sql',
    );
    db.close();
    expect(() => assertKnownSchema(path)).toThrow(/schema version 999 that this build does not know/);
    expect(() => prepareDatabase(path, silentLogger, { demo: false })).toThrow(
      /^cannot use the database .*: the database records schema version 999 that this build does not know[^\n]*$/,
    );
    const again = openDatabase(path);
    expect(() => migrate(again)).toThrow(/999/);
    again.close();
  });

  it('npm start exits non-zero with one line on such a database, before building anything', () => {
    const path = tempDb();
    const db = openDatabase(path);
    migrate(db);
    db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (998, ?, 0)').run(
      '998_future.sql',
    );
    db.close();
    const env: NodeJS.ProcessEnv = { ...process.env, PORTAL_DB: path, DEMO_MODE: '0', PORT: '0', EIMZO: '0' };
    delete env.NODE_ENV;
    delete env.API_TARGET;
    const run = spawnSync(process.execPath, ['scripts/launch.js', 'start'], {
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^cannot use the database .*portal\.db: .*schema version 998/);
  }, 90_000);
});
