import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/auth/passwords';
import { type Db, loadMigrations, migrate, openDatabase } from '../../server/db/database';
import { DEMO_ACCOUNTS, DEMO_COMPANIES, DEMO_PASSWORD } from '../../server/db/demo-accounts';
import { resetDatabase } from '../../server/db/reset';
import { isSeeded, seedDatabase } from '../../server/db/seed';
import { formatDateTime, nextTashkentMidnight } from '../../src/domain/dates.rules';
import { categoryOfLocal } from '../../src/domain/golden.rules';
import {
  categoryIdOf,
  categoryPrice,
  DEFAULT_TAX_PERCENT,
  vatOf,
} from '../../src/domain/golden-categories.rules';
import { parseSearch } from '../../src/domain/search.rules';
import { seededDb, TEST_COST } from './harness';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'portal-seed-'));
  dirs.push(d);
  return d;
};

/** Digest of the seeded data, password hashes aside (their salts are random by design). */
function digest(db: Db): string {
  const h = createHash('sha256');
  for (const table of [
    'regions',
    'branches',
    'companies',
    'numbers',
    'employees',
    'user_roles',
    'user_regions',
  ]) {
    for (const row of db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).iterate())
      h.update(JSON.stringify(row));
  }
  for (const row of db.prepare('SELECT * FROM users ORDER BY id').iterate()) {
    h.update(
      JSON.stringify({
        ...(row as object),
        password_hash: (row as { password_hash: string | null }).password_hash != null,
      }),
    );
  }
  return h.digest('hex');
}

const all = <T>(db: Db, sql: string, ...args: unknown[]) => db.prepare(sql).all(...args) as T[];

describe('migrations', () => {
  it('apply in order once and are recorded in schema_migrations', () => {
    const db = openDatabase(':memory:');
    const versions = loadMigrations().map((m) => m.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(migrate(db)).toEqual(versions);
    expect(migrate(db)).toEqual([]);
    expect(
      all<{ version: number }>(db, 'SELECT version FROM schema_migrations ORDER BY version').map(
        (r) => r.version,
      ),
    ).toEqual(versions);
  });
});

describe('seed', () => {
  it('is deterministic', () => {
    const a = openDatabase(':memory:');
    const b = openDatabase(':memory:');
    migrate(a);
    migrate(b);
    seedDatabase(a, { passwordCost: TEST_COST });
    seedDatabase(b, { passwordCost: TEST_COST });
    expect(digest(a)).toBe(digest(b));
  });

  // how long it takes is a figure of `npm run bench:api`, not a timed test (the shared machine's load moves it)
  it('seeds with the real password cost', () => {
    const db = openDatabase(':memory:');
    migrate(db);
    const summary = seedDatabase(db);
    expect(summary.users).toBeGreaterThan(0);
    expect(isSeeded(db)).toBe(true);
  });

  it('has a company with at least 10 000 numbers in every status, the curator’s', () => {
    const db = seededDb();
    const main = DEMO_COMPANIES.find((c) => c.key === 'main');
    expect(main).toMatchObject({ at: 5, canBuyNumber: true });
    const counts = all<{ status: string; n: number }>(
      db,
      'SELECT status, COUNT(*) AS n FROM numbers WHERE ban = ? GROUP BY status ORDER BY status',
      main?.ban,
    );
    expect(counts.map((c) => c.status)).toEqual(['A', 'N', 'O', 'S', 'T']);
    expect(counts.reduce((s, c) => s + c.n, 0)).toBeGreaterThanOrEqual(10_000);
    expect(DEMO_ACCOUNTS.find((a) => a.login === 'curator')?.company).toBe('main');
  });

  it('covers account types 5, 15, 16, 20, 40 with finances; unbilled amounts only for type 16', () => {
    const db = seededDb();
    const types = all<{ at: number }>(db, 'SELECT DISTINCT at FROM companies ORDER BY at').map((r) => r.at);
    expect(types).toEqual([5, 15, 16, 20, 40]);
    expect(all(db, 'SELECT ban FROM companies WHERE unbilled_amnt IS NOT NULL AND at <> 16')).toEqual([]);
    expect(all(db, 'SELECT ban FROM companies WHERE at = 16 AND unbilled_amnt IS NULL')).toEqual([]);
    expect(all(db, 'SELECT ban FROM companies WHERE budget IS NOT NULL').length).toBeGreaterThan(5);
    expect(all(db, 'SELECT sn FROM numbers WHERE budget IS NOT NULL').length).toBeGreaterThan(100);
    expect(all(db, 'SELECT id FROM employees').length).toBeGreaterThan(1000);
    expect(all(db, 'SELECT id FROM branches').length).toBeGreaterThanOrEqual(14);
  });

  it('uses 9-digit 90/91 numbers and 9-digit BANs the search box reads correctly', () => {
    const db = seededDb();
    const bad = all(
      db,
      "SELECT sn FROM numbers WHERE sn NOT GLOB '9[01][0-9][0-9][0-9][0-9][0-9][0-9][0-9]'",
    );
    expect(bad).toEqual([]);
    for (const { ban } of all<{ ban: string }>(db, 'SELECT ban FROM companies')) {
      expect(parseSearch('choose', ban)).toEqual({ ok: true, kind: 'ban', value: ban });
    }
    expect(parseSearch('choose', '8 90 123 45 67')).toEqual({ ok: true, kind: 'sn', value: '8901234567' });
  });

  it('has Latin Uzbek company names and users in every status', () => {
    const db = seededDb();
    for (const { name } of all<{ name: string }>(db, 'SELECT name FROM companies')) {
      expect(name).toMatch(/^[A-Za-zʻ' -]+ (MChJ|AJ|XK|QK|OK)$/);
    }
    const statuses = all<{ status: string }>(db, 'SELECT DISTINCT status FROM users ORDER BY status').map(
      (r) => r.status,
    );
    expect(statuses).toEqual(['active', 'blocked', 'pending']);
  });

  it('creates every demo account as described', async () => {
    const db = seededDb();
    for (const a of DEMO_ACCOUNTS) {
      const u = db.prepare('SELECT * FROM users WHERE login = ?').get(a.login) as {
        id: number;
        ban: string | null;
        sn: string | null;
        password_hash: string | null;
        force_change_password: number;
      };
      const roles = all<{ role: string }>(
        db,
        'SELECT role FROM user_roles WHERE user_id = ? ORDER BY position',
        u.id,
      );
      expect([a.login, roles.map((r) => r.role)]).toEqual([a.login, [...a.roles]]);
      const company = DEMO_COMPANIES.find((c) => c.key === a.company);
      expect([a.login, u.ban]).toEqual([a.login, company?.ban ?? null]);
      expect([a.login, u.sn]).toEqual([a.login, a.sn ?? null]);
      expect([a.login, u.force_change_password === 1]).toEqual([a.login, a.forceChangePassword === true]);
      if (!a.ssoOnly)
        expect([a.login, await verifyPassword(DEMO_PASSWORD, u.password_hash)]).toEqual([a.login, true]);
    }
  });
});

describe('the demo orders and documents tell one story', () => {
  it('a golden order holds numbers of its category at the spec 9 price, sold to it; every order has its buyer', () => {
    const db = seededDb();
    const orders = db
      .prepare("SELECT id, kind, total, vat, created_by FROM orders WHERE ban = '100672418' ORDER BY id")
      .all() as { id: number; kind: string; total: number; vat: number; created_by: number | null }[];
    expect(orders.map((o) => o.kind).sort()).toEqual(['golden', 'golden', 'new']);
    const keyowner = (db.prepare("SELECT id FROM users WHERE login = 'keyowner'").get() as { id: number }).id;
    for (const o of orders) {
      expect(o.created_by).toBe(keyowner);
      expect(o.vat).toBe(vatOf(o.total, DEFAULT_TAX_PERCENT));
      if (o.kind !== 'golden') continue;
      const held = db
        .prepare('SELECT number, category_id AS categoryId, price FROM order_numbers WHERE order_id = ?')
        .all(o.id) as { number: string; categoryId: number; price: number }[];
      expect(held.length).toBeGreaterThan(0);
      expect(held.reduce((s, n) => s + n.price, 0)).toBe(o.total);
      for (const n of held) {
        const kind = categoryOfLocal(n.number.slice(2));
        expect([n.categoryId, n.price]).toEqual([categoryIdOf(kind), categoryPrice(kind)]);
        expect(
          db.prepare('SELECT state, order_id FROM number_inventory WHERE number = ?').get(n.number),
        ).toEqual({
          state: 'sold',
          order_id: o.id,
        });
      }
    }
  });

  it('every number a demo document of the key owner names is one the database holds', () => {
    const db = seededDb();
    const texts = (
      db.prepare("SELECT body FROM documents WHERE ban = '100672418'").all() as { body: string }[]
    ).map((d) => d.body);
    const named = new Set(
      texts.flatMap((t) =>
        [...t.matchAll(/\+998 (\d\d) (\d\d\d) (\d\d) (\d\d)/g)].map((m) => m.slice(1).join('')),
      ),
    );
    expect(named.size).toBeGreaterThan(5);
    for (const sn of named) {
      const own = db.prepare("SELECT 1 FROM numbers WHERE sn = ? AND ban = '100672418'").get(sn);
      const sold = db.prepare("SELECT 1 FROM number_inventory WHERE number = ? AND state = 'sold'").get(sn);
      expect({ sn, held: own !== undefined || sold !== undefined }).toEqual({ sn, held: true });
    }
  });

  it('the demo block takes effect as a signed block does: at the next midnight in Tashkent, in both languages', () => {
    const db = seededDb();
    const doc = db
      .prepare("SELECT created_at AS at, data FROM documents WHERE ban = '100672418' AND document_type = 7")
      .get() as { at: number; data: string };
    const text = (JSON.parse(doc.data) as { text: Record<'ru' | 'uz', { text: string }[]> }).text;
    const midnight = formatDateTime(nextTashkentMidnight(doc.at));
    expect(midnight).toMatch(/ 00:00$/);
    expect(text.ru.map((b) => b.text)).toContain(
      `Активация услуги вступит в силу после 00:00 (${midnight}).`,
    );
    expect(text.uz.map((b) => b.text)).toContain(`Xizmat 00:00 dan keyin faollashadi (${midnight}).`);
  });
});

describe('db reset', () => {
  it('throws the data away and seeds again', () => {
    const path = join(tempDir(), 'portal.db');
    const first = resetDatabase(path, { passwordCost: TEST_COST });
    first.db.prepare("UPDATE users SET full_name = 'changed' WHERE login = 'admin'").run();
    first.db.close();
    const again = openDatabase(path);
    expect(again.prepare("SELECT full_name FROM users WHERE login = 'admin'").get()).toEqual({
      full_name: 'changed',
    });
    again.close();
    const second = resetDatabase(path, { passwordCost: TEST_COST });
    expect(second.db.prepare("SELECT full_name FROM users WHERE login = 'admin'").get()).toEqual({
      full_name: 'Rustamov Jasur',
    });
    second.db.close();
  });
});
