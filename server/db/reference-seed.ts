import { seedAddonsCatalogue } from './addons-seed';
import type { Db } from './database';
import { BRANCH_CITIES, REGIONS } from './seed-data';

/**
 * The reference catalogues a real deployment of the reference backend needs from its first start, in every mode
 * (docs/decisions.md OPS1): the regions and their branches (staff accounts and AT 39 name them), the block prices
 * (`lock_prices`, written by migration 001) and the catalogue of internet packages with the price plans that may take
 * each. Nothing here names a person, a company, a number or an account: that is demo data (server/db/seed.ts), which
 * only demo mode seeds.
 *
 * Number categories and their prices (src/domain/golden.rules.ts), market codes (preorder), roles and error codes are
 * code, not rows.
 */

/** The tables a production start may fill; after one on an empty database every other table has no row (the
 *  infrastructure tables `schema_migrations` and `meta` aside): tests/server/production-seed.test.ts. */
export const REFERENCE_TABLES = [
  'regions',
  'branches',
  'lock_prices',
  'ip_packages',
  'ip_package_plans',
] as const;

/** Bumped when the catalogues gain rows; stored in `meta.reference_version`. */
export const REFERENCE_VERSION = '1';

/** Branch ids are regionId * 10 + index (1-based) over BRANCH_CITIES. */
export function branchesOfRegion(regionId: number): { id: number; name: string }[] {
  return (BRANCH_CITIES[regionId] ?? []).map((city, i) => ({
    id: regionId * 10 + i + 1,
    name: `${city} filiali`,
  }));
}

export function isReferenceSeeded(db: Db): boolean {
  const row = db.prepare("SELECT value FROM meta WHERE key = 'reference_version'").get() as
    | { value: string }
    | undefined;
  return row?.value === REFERENCE_VERSION;
}

/**
 * Adds the catalogues' rows that are missing, once per REFERENCE_VERSION: a row the operator deleted afterwards stays
 * deleted until the version changes. Returns how many rows were added (0 when already seeded).
 */
export function seedReference(db: Db): number {
  if (isReferenceSeeded(db)) return 0;
  const insRegion = db.prepare('INSERT OR IGNORE INTO regions (id, name) VALUES (?, ?)');
  const insBranch = db.prepare('INSERT OR IGNORE INTO branches (id, region_id, name) VALUES (?, ?, ?)');
  let added = 0;
  db.transaction(() => {
    for (const r of REGIONS) {
      added += insRegion.run(r.id, r.name).changes;
      for (const b of branchesOfRegion(r.id)) added += insBranch.run(b.id, r.id, b.name).changes;
    }
    added += seedAddonsCatalogue(db);
    db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('reference_version', ?)").run(
      REFERENCE_VERSION,
    );
  })();
  return added;
}
