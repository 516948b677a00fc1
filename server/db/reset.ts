import { existsSync, rmSync } from 'node:fs';
import { type Db, migrate, openDatabase } from './database';
import { type SeedOptions, type SeedSummary, seedDatabase } from './seed';

/** Deletes the database file (with its WAL and shared-memory files), then migrates and seeds a fresh one. */
export function resetDatabase(path: string, seed?: SeedOptions): { db: Db; summary: SeedSummary } {
  if (path !== ':memory:') {
    for (const f of [path, `${path}-wal`, `${path}-shm`, `${path}-journal`]) if (existsSync(f)) rmSync(f);
  }
  const db = openDatabase(path);
  migrate(db);
  return { db, summary: seedDatabase(db, seed) };
}
