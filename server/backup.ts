/**
 * `npm run db:backup -- --to <file>`: an online backup of the reference backend's database (`PORTAL_DB`) while the
 * portal runs, with SQLite's backup API (better-sqlite3 `db.backup`), never a copy of a file in use. The
 * copy is written beside its target and renamed into place once it passed `PRAGMA integrity_check` and holds the
 * same schema versions as the source, so a half-written or broken backup never has the target's name. Restore: README
 * "Data of the reference backend" (stop the portal, put the file in place of `PORTAL_DB`, start).
 */
import { chmodSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { defaultDbPath } from './db/database';

export interface BackupResult {
  file: string;
  bytes: number;
  schemaVersion: number;
  ms: number;
}

const versions = (db: Database.Database) =>
  (db.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as { version: number }[]).map(
    (r) => r.version,
  );

/** Backs `source` up to `target` (online, verified, renamed into place; mode 0600: it holds personal data). */
export async function backupDatabase(source: string, target: string): Promise<BackupResult> {
  const started = performance.now();
  if (!existsSync(source)) throw new Error(`no database at ${source} (PORTAL_DB)`);
  const to = resolve(target);
  if (to === resolve(source)) throw new Error('the backup cannot be the database itself');
  if (!existsSync(dirname(to))) throw new Error(`the folder of ${to} does not exist`);
  const partial = `${to}.partial-${process.pid}`;
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    const expected = versions(db);
    // all pages in one step: one read transaction, a consistent snapshot; in WAL mode the portal's writes go on
    // meanwhile. Page by page (the default) restarts on every write of another connection and may never finish.
    await db.backup(partial, { progress: () => 0x7fffffff });
    const copy = new Database(partial, { fileMustExist: true });
    try {
      // one self-contained file: the source's WAL mode would leave -wal and -shm files beside the copy
      copy.pragma('journal_mode = DELETE');
      const check = copy.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new Error(`the copy failed its integrity check (${String(check)})`);
      if (versions(copy).join() !== expected.join()) throw new Error('the copy holds other schema versions');
    } finally {
      copy.close();
    }
    chmodSync(partial, 0o600);
    renameSync(partial, to);
    return {
      file: to,
      bytes: statSync(to).size,
      schemaVersion: expected.at(-1) ?? 0,
      ms: Math.round(performance.now() - started),
    };
  } catch (e) {
    rmSync(partial, { force: true });
    throw e;
  } finally {
    db.close();
  }
}

/** The CLI: one JSON line on stdout (file, bytes, schema version, time), a one-line reason and exit 1 otherwise. */
export async function main(args: readonly string[] = process.argv.slice(2)): Promise<number> {
  try {
    const { values } = parseArgs({ args: [...args], options: { to: { type: 'string' } }, strict: true });
    if (!values.to) throw new Error('usage: npm run db:backup -- --to <file>');
    if (process.env.API_TARGET)
      throw new Error('API_TARGET is set: the operator’s backend keeps the data, not this one');
    const result = await backupDatabase(defaultDbPath(process.env), values.to);
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return 0;
  } catch (e) {
    process.stderr.write(`db:backup: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}
