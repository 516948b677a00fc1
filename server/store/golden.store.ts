import { compileMask, type GoldenQuery } from '../../src/domain/golden.rules';
import type { Db } from '../db/database';
import type { InventoryStore } from './inventory.store';

/**
 * The golden numbers on offer: the free numbers of the one inventory (migration 019_number_inventory.sql, PRI1) with
 * their category. The four searches in SQL — the mask is matched by the database (GLOB plus `substr` comparisons),
 * never in JavaScript (docs/decisions.md GN4); a checkout takes its numbers through the inventory's one conditional
 * update (server/store/inventory.store.ts `take`, GN5).
 */

export interface PoolNumber {
  readonly number: string;
  readonly categoryId: number;
  readonly price: number;
}

export interface PoolPage {
  readonly content: PoolNumber[];
  readonly totalElements: number;
}

interface Raw {
  number: string;
  category_id: number;
  price: number;
}

const toNumber = (r: Raw): PoolNumber => ({ number: r.number, categoryId: r.category_id, price: r.price });

/** WHERE clause and its parameters for a query (every search: the category, free numbers, the operator code). */
function whereOf(q: GoldenQuery): { sql: string; params: (string | number)[] } {
  const parts = ['category_id = ?', "state = 'free'"];
  const params: (string | number)[] = [q.categoryId];
  if (q.operatorCode) {
    parts.push('operator_code = ?');
    params.push(q.operatorCode);
  }
  if (q.type === 'byNumber' && q.number) {
    parts.push('instr(local, ?) > 0');
    params.push(q.number);
  }
  if (q.type === 'byMask' && q.number) {
    const m = compileMask(q.number);
    parts.push('local GLOB ?');
    params.push(m.glob);
    // positions are integers from the compiled mask (1..7), never user text: safe to write into the SQL
    for (const [a, b] of m.same) parts.push(`substr(local, ${a}, 1) = substr(local, ${b}, 1)`);
    for (const [a, b] of m.different) parts.push(`substr(local, ${a}, 1) <> substr(local, ${b}, 1)`);
  }
  return { sql: parts.join(' AND '), params };
}

/** The golden numbers' store over the app's one inventory (server/app.ts `createServices` builds both once). */
export function createGoldenStore(db: Db, inventory: InventoryStore) {
  // biome-ignore lint/suspicious/noExplicitAny: statements of varying parameter lists
  const cache = new Map<string, any>();
  const prep = (
    sql: string,
  ): {
    get(...a: unknown[]): unknown;
    all(...a: unknown[]): unknown[];
    run(...a: unknown[]): { changes: number };
  } => {
    let s = cache.get(sql);
    if (!s) {
      s = db.prepare(sql);
      cache.set(sql, s);
    }
    return s;
  };

  return {
    /** One page (from 0) of free numbers matching the query, with the count of all of them. */
    search(q: GoldenQuery, page: number, size: number): PoolPage {
      const w = whereOf(q);
      if (q.type === 'byGroup') {
        // runs of `count` or more consecutive free numbers of the category: consecutive numbers share
        // number - row_number(), so each run is one group
        const runs = `WITH f AS (
            SELECT number, category_id, price,
              CAST(number AS INTEGER) - ROW_NUMBER() OVER (ORDER BY number) AS g
            FROM number_inventory WHERE ${w.sql}),
          r AS (SELECT g FROM f GROUP BY g HAVING COUNT(*) >= ?)
          SELECT number, category_id, price FROM f JOIN r USING (g)`;
        const params = [...w.params, q.count ?? 2];
        const total = (prep(`SELECT COUNT(*) AS n FROM (${runs})`).get(...params) as { n: number }).n;
        const rows = prep(`${runs} ORDER BY number LIMIT ? OFFSET ?`).all(
          ...params,
          size,
          page * size,
        ) as Raw[];
        return { content: rows.map(toNumber), totalElements: total };
      }
      const order = q.type === 'random' ? 'seq' : 'number';
      const total = (
        prep(`SELECT COUNT(*) AS n FROM number_inventory WHERE ${w.sql}`).get(...w.params) as { n: number }
      ).n;
      const rows = prep(
        `SELECT number, category_id, price FROM number_inventory WHERE ${w.sql} ORDER BY ${order} LIMIT ? OFFSET ?`,
      ).all(...w.params, size, page * size) as Raw[];
      return { content: rows.map(toNumber), totalElements: total };
    },

    /** The numbers as they are now (free or held) with their category; unknown or unclassified ones are left out. */
    lookup(numbers: readonly string[]): (PoolNumber & { free: boolean })[] {
      const get = prep(
        'SELECT number, category_id, price, state FROM number_inventory WHERE number = ? AND category_id IS NOT NULL',
      );
      return numbers.flatMap((n) => {
        const r = get.get(n) as (Raw & { state: string }) | undefined;
        return r ? [{ ...toNumber(r), free: r.state === 'free' }] : [];
      });
    },

    /** Marks a free number sold to an order (the inventory's one conditional update); false when it is not free. */
    reserve: (number: string, orderId: number): boolean => inventory.take(number, { state: 'sold', orderId }),

    /** Back on offer (an order cancelled before its numbers were issued): the inventory's `releaseOrder`. */
    release: (orderId: number): number => inventory.releaseOrder(orderId),

    /**
     * Puts the numbers an order bought back on sale (a cancelled paid order, security finding 27; docs/decisions.md
     * PRM2): the reverse of `reserve`, through the one number inventory (PRI1) — only a number still sold to this very
     * order is freed. Returns how many were freed; the caller refuses the cancel (and its transaction rolls back)
     * unless every number was.
     */
    releaseSold: (orderId: number, numbers: readonly string[]): number =>
      inventory.releaseSoldTo(orderId, numbers),

    /** Every free number of a category (tests compare the SQL search with a filter over this). */
    allFree(categoryId: number, operatorCode?: string): PoolNumber[] {
      const rows = operatorCode
        ? prep(
            "SELECT number, category_id, price FROM number_inventory WHERE category_id = ? AND state = 'free' AND operator_code = ? ORDER BY number",
          ).all(categoryId, operatorCode)
        : prep(
            "SELECT number, category_id, price FROM number_inventory WHERE category_id = ? AND state = 'free' ORDER BY number",
          ).all(categoryId);
      return (rows as Raw[]).map(toNumber);
    },
  };
}

export type GoldenStore = ReturnType<typeof createGoldenStore>;
