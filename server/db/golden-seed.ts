import { categoryIdOf, categoryOfLocal, categoryPrice, OPERATOR_CODES } from '../../src/domain/golden.rules';
import type { Db } from './database';
import { createRng, type Rng } from './prng';

/** Its own stream of the PRNG, so the pool never changes the rest of the demo data. */
const GOLDEN_SEED = 20_261_124;
/** Numbers on offer in the demo pool (GN3): tens of thousands, over the operator codes. */
export const GOLDEN_POOL_SIZE = 40_000;

export function isGoldenSeeded(db: Db): boolean {
  return db.prepare('SELECT 1 FROM golden_pool LIMIT 1').get() !== undefined;
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
 * Seeds the pool of golden numbers (only when it is empty): GOLDEN_POOL_SIZE distinct numbers over OPERATOR_CODES,
 * each with the category its pattern gives (src/domain/golden.rules.ts `categoryOfLocal`) and that category's price.
 * The same on every machine. Returns how many numbers were added.
 */
export function seedGolden(db: Db, size = GOLDEN_POOL_SIZE): number {
  if (isGoldenSeeded(db)) return 0;
  const rng = createRng(GOLDEN_SEED);
  const ins =
    db.prepare(`INSERT OR IGNORE INTO golden_pool (number, operator_code, local, category_id, price, seq)
    VALUES (?, ?, ?, ?, ?, ?)`);
  // numbers the companies already hold are not on offer
  const held = db.prepare('SELECT 1 FROM numbers WHERE sn = ?');
  let added = 0;
  db.transaction(() => {
    while (added < size) {
      const code = OPERATOR_CODES[rng.int(0, OPERATOR_CODES.length - 1)] ?? '90';
      const local = localDigits(rng);
      // one in thirty starts a run of consecutive numbers, so that byGroup has groups to offer (GN4)
      const length = rng.chance(1 / 30) ? rng.int(2, 6) : 1;
      const start = Number(local);
      for (let k = 0; k < length && added < size && start + k <= 9_999_999; k++) {
        const l = String(start + k).padStart(7, '0');
        const n = `${code}${l}`;
        if (held.get(n)) continue;
        const kind = categoryOfLocal(l);
        added += ins.run(n, code, l, categoryIdOf(kind), categoryPrice(kind), rng.int(0, 2 ** 30)).changes;
      }
    }
  })();
  return added;
}
