import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';

export type Db = Database.Database;

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Where the database lives unless `PORTAL_DB` says otherwise: outside the source tree, per user. */
export function defaultDbPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PORTAL_DB) return env.PORTAL_DB;
  const base = env.XDG_DATA_HOME || join(homedir(), '.local', 'share');
  return join(base, 'b2b-portal', 'portal.db');
}

/** Opens (creating the folder if needed) and configures a database. `':memory:'` gives a private in-memory one. */
export function openDatabase(file: string): Db {
  let db: Db;
  try {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    db = new Database(file);
    if (file !== ':memory:') db.pragma('journal_mode = WAL');
  } catch (e) {
    // the operator needs to know which file (PORTAL_DB) could not be opened
    throw new Error(`cannot open the database ${file}: ${e instanceof Error ? e.message : String(e)}`, {
      cause: e,
    });
  }
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  return db;
}

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The numbered `NNN_name.sql` files, in order. */
export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .map((f) => ({
      version: Number(f.slice(0, f.indexOf('_'))),
      name: f,
      sql: readFileSync(join(dir, f), 'utf8'),
    }))
    .sort((a, b) => a.version - b.version);
}

/** Applies every migration not yet recorded in `schema_migrations`, each in its own transaction.
 *  Returns the versions applied now. */
export function migrate(db: Db, migrations = loadMigrations(), now = Date.now()): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)`);
  const done = new Set(
    (db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map(
      (r) => r.version,
    ),
  );
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  const applied: number[] = [];
  for (const m of migrations) {
    if (done.has(m.version)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      record.run(m.version, m.name, now);
    })();
    applied.push(m.version);
  }
  return applied;
}
