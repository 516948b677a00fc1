import { OPERATOR_CODES } from '../../src/domain/golden.rules';
import { createInventoryStore } from '../store/inventory.store';
import type { Db } from './database';
import { createRng, type Rng } from './prng';

/** Its own stream of the PRNG, so the pool never changes the rest of the demo data. */
const GOLDEN_SEED = 20_261_124;
/** Numbers on offer in the demo pool (GN3): tens of thousands, over the operator codes. */
export const GOLDEN_POOL_SIZE = 40_000;

/** The pool shares the one inventory with kits and company numbers (PRI1): a meta row says it was drawn. */
const SEEDED_KEY = 'golden_pool_seeded';

export function isGoldenSeeded(db: Db): boolean {
  return db.prepare('SELECT 1 FROM meta WHERE key = ?').get(SEEDED_KEY) !== undefined;
}

const digit = (rng: Rng) => String(rng.int(0, 9));

/** 7 local digits: three in four drawn at random (mostly simple numbers), the rest with a repeated or doubled tail,
 *  so that every category has numbers to find. */
function localDigits(rng: Rng): string {
  let s = '';
  if (rng.chance(0.75)) {
    for (let i = 0; i < 7; i++) s += digit(rng);
    return s;
  }
  const tail = rng.int(2, 6);
  for (let i = 0; i < 7 - tail; i++) s += digit(rng);
  if (rng.chance(0.3)) {
    // doubled pairs: ..aa-bb
    const a = digit(rng);
    const b = digit(rng);
    return `${s}${a}${a}${b}${b}`.slice(-7).padStart(7, '1');
  }
  return s + digit(rng).repeat(tail);
}

/**
 * Seeds the pool of golden numbers (only once): GOLDEN_POOL_SIZE distinct numbers over OPERATOR_CODES, free in the one
 * inventory (server/store/inventory.store.ts), each with the category its pattern gives (src/domain/golden.rules.ts
 * `categoryOfLocal`) and that category's price; numbers the inventory already has (a company's, a kit's) keep their
 * row and state. The same on every machine. Every start also classifies the inventory's rows that have no category
 * yet (company numbers, rows migration 019 moved over). Returns how many numbers were added.
 */
export function seedGolden(db: Db, size = GOLDEN_POOL_SIZE): number {
  const inventory = createInventoryStore(db);
  if (isGoldenSeeded(db)) {
    inventory.classify();
    return 0;
  }
  const rng = createRng(GOLDEN_SEED);
  let added = 0;
  db.transaction(() => {
    while (added < size) {
      const code = OPERATOR_CODES[rng.int(0, OPERATOR_CODES.length - 1)] ?? '90';
      const local = localDigits(rng);
      // one in thirty starts a run of consecutive numbers, so that byGroup has groups to offer (GN4)
      const length = rng.chance(1 / 30) ? rng.int(2, 6) : 1;
      const start = Number(local);
      for (let k = 0; k < length && added < size && start + k <= 9_999_999; k++) {
        const number = `${code}${String(start + k).padStart(7, '0')}`;
        added += inventory.addFree([{ number, seq: rng.int(0, 2 ** 30) }]);
      }
    }
    inventory.classify();
    db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(SEEDED_KEY, '1');
  })();
  return added;
}
