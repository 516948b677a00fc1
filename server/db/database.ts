import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { serverPath } from '../paths';

export type Db = Database.Database;

const MIGRATIONS_DIR = serverPath('db', 'migrations');

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

/** A database migrated by a build newer than this one: `schema_migrations` records versions this build lacks. */
export class UnknownSchemaError extends Error {
  constructor(readonly versions: readonly number[]) {
    super(
      `the database records schema version${versions.length > 1 ? 's' : ''} ${versions.join(', ')} that this build does not know (a newer build migrated it): run that build, or restore the database from before it`,
    );
    this.name = 'UnknownSchemaError';
  }
}

function unknownVersions(recorded: Iterable<number>, migrations: readonly Migration[]): number[] {
  const known = new Set(migrations.map((m) => m.version));
  return [...recorded].filter((v) => !known.has(v)).sort((a, b) => a - b);
}

/**
 * Throws (UnknownSchemaError) when the database file exists and records a schema version this build does not know.
 * Opens it read-only and changes nothing: `npm start` asks before anything else (building a stale SPA takes minutes).
 */
export function assertKnownSchema(file: string, migrations = loadMigrations()): void {
  if (file === ':memory:' || !existsSync(file)) return;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const table = db.prepare(
      "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'",
    );
    if (table.get() === undefined) return;
    const recorded = (db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map(
      (r) => r.version,
    );
    const unknown = unknownVersions(recorded, migrations);
    if (unknown.length > 0) throw new UnknownSchemaError(unknown);
  } finally {
    db.close();
  }
}

/**
 * Applies every migration not yet recorded in `schema_migrations`, each in its own transaction. Returns the versions
 * applied now. Refuses (UnknownSchemaError, nothing applied) a database that records a version `migrations` does not
 * have: this build would run on tables it does not know (docs/decisions.md OPS3).
 */
export function migrate(db: Db, migrations = loadMigrations(), now = Date.now()): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)`);
  const done = new Set(
    (db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map(
      (r) => r.version,
    ),
  );
  const unknown = unknownVersions(done, migrations);
  if (unknown.length > 0) throw new UnknownSchemaError(unknown);
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
