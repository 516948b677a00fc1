import { RESERVATION_MINUTES } from '../../src/domain/at39.rules';
import { categoryOfLocal } from '../../src/domain/golden.rules';
import { categoryIdOf, categoryPrice } from '../../src/domain/golden-categories.rules';
import { MINUTE } from '../clock';
import type { Db } from '../db/database';

/**
 * The one inventory of numbers (migration 019_number_inventory.sql; security finding 25; docs/decisions.md PRI1-PRI4):
 * one row and one state per number — free, reserved (an unfinished AT 39 registration, until a deadline), sold (a
 * golden-number order), assigned (a company's number, or a submitted AT 39 registration's).
 *
 * Every path that takes a number takes it here, through ONE conditional update (`take`): `UPDATE … WHERE number = ?
 * AND state = 'free'`, and the caller checks that it changed the row — so of two requests racing for a number exactly
 * one wins, whichever workflow each comes from. The way back to free is here too (`releaseNumbers`,
 * `releaseRegistration`, `releaseOrder`, and `sweep` for reservations past their deadline).
 */

export type InventoryState = 'free' | 'reserved' | 'sold' | 'assigned';

export interface InventoryRow {
  readonly number: string;
  readonly state: InventoryState;
  readonly category_id: number | null;
  readonly price: number | null;
  readonly order_id: number | null;
  readonly registration_id: number | null;
  readonly ban: string | null;
  readonly reserved_until: number | null;
}

/** Who takes a free number, and so the state it goes to. */
export type Taker =
  /** an unfinished AT 39 registration: held until `until` (epoch ms), then free again */
  | {
      readonly state: 'reserved';
      readonly registrationId: number;
      readonly ban: string | null;
      readonly until: number;
    }
  /** a golden-number order */
  | { readonly state: 'sold'; readonly orderId: number };

/** The deadline of a reservation made at `now` (RESERVATION_MINUTES, PRI2). */
export const reservationDeadline = (now: number) => now + RESERVATION_MINUTES * MINUTE;

/** A stable shuffle key of a number for the random search (rows the golden seed did not draw a key for). */
const seqOf = (number: string) => (Number(number) * 48_271) % 2_147_483_647;

export function createInventoryStore(db: Db) {
  const q = {
    row: db.prepare('SELECT * FROM number_inventory WHERE number = ?'),
    // THE conditional update: every path that takes a number runs this statement (finding 25)
    take: db.prepare(`UPDATE number_inventory SET state = @state, order_id = @orderId,
      registration_id = @registrationId, ban = @ban, reserved_until = @until
      WHERE number = @number AND state = 'free'`),
    expired: db.prepare(
      "SELECT registration_id FROM number_inventory WHERE state = 'reserved' AND reserved_until <= ?",
    ),
    expire: db.prepare(`UPDATE number_inventory SET state = 'free', registration_id = NULL, ban = NULL,
      reserved_until = NULL WHERE state = 'reserved' AND reserved_until <= ?`),
    // a registration whose number ran out has no number again: back from 'documents' to 'draft' (AT2)
    backToDraft: db.prepare(
      "UPDATE at39_registrations SET status = 'draft', status_at = ?, updated_at = ? WHERE id = ? AND status = 'documents'",
    ),
    ofRegistration: db.prepare('SELECT * FROM number_inventory WHERE registration_id = ?'),
    assignRegistration:
      db.prepare(`UPDATE number_inventory SET state = 'assigned', ban = ?, reserved_until = NULL
      WHERE registration_id = ? AND state IN ('reserved', 'assigned')`),
    releaseRegistration:
      db.prepare(`UPDATE number_inventory SET state = 'free', registration_id = NULL, ban = NULL,
      reserved_until = NULL WHERE registration_id = ? AND state IN ('reserved', 'assigned')`),
    releaseSold: db.prepare(
      "UPDATE number_inventory SET state = 'free', order_id = NULL WHERE number = ? AND state = 'sold'",
    ),
    releaseSoldTo: db.prepare(
      "UPDATE number_inventory SET state = 'free', order_id = NULL WHERE number = ? AND order_id = ? AND state = 'sold'",
    ),
    releaseOrder: db.prepare(
      "UPDATE number_inventory SET state = 'free', order_id = NULL WHERE order_id = ? AND state = 'sold'",
    ),
    examples: db.prepare(`SELECT number FROM number_inventory WHERE category_id = ? AND state = 'free'
      ORDER BY seq, number LIMIT ?`),
    insert: db.prepare(`INSERT INTO number_inventory (number, operator_code, local, category_id, price, seq)
      VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(number) DO NOTHING`),
    unclassified: db.prepare('SELECT number, local FROM number_inventory WHERE category_id IS NULL'),
    classify: db.prepare('UPDATE number_inventory SET category_id = ?, price = ?, seq = ? WHERE number = ?'),
  };

  /** Frees the reservations past their deadline (PRI2; lazily, before the inventory is read or taken from). */
  const sweep = (now: number): number => {
    // a read first: most looks find nothing to free and need no write
    const freed = q.expired.all(now) as { registration_id: number }[];
    if (freed.length === 0) return 0;
    q.expire.run(now);
    for (const r of freed) q.backToDraft.run(now, now, r.registration_id);
    return freed.length;
  };

  return {
    sweep: db.transaction(sweep),

    /** The row of a number (undefined: the operator does not have it). */
    row: (number: string) => q.row.get(number) as InventoryRow | undefined,

    /**
     * Takes a free number for `taker` with the one conditional update; false when it is not free (taken meanwhile,
     * sold, assigned, reserved, or not in the inventory at all). Run it inside the caller's transaction.
     */
    take(number: string, taker: Taker): boolean {
      return (
        q.take.run({
          number,
          state: taker.state,
          orderId: taker.state === 'sold' ? taker.orderId : null,
          registrationId: taker.state === 'reserved' ? taker.registrationId : null,
          ban: taker.state === 'reserved' ? taker.ban : null,
          until: taker.state === 'reserved' ? taker.until : null,
        }).changes === 1
      );
    },

    /** The number a registration holds (reserved or assigned), if any. */
    ofRegistration: (registrationId: number) =>
      q.ofRegistration.get(registrationId) as InventoryRow | undefined,

    /** A submitted registration's number becomes assigned to its BAN (no deadline); false when it holds none. */
    assignRegistration: (registrationId: number, ban: string) =>
      q.assignRegistration.run(ban, registrationId).changes === 1,

    /** Gives a registration's number back (it takes another one). */
    releaseRegistration: (registrationId: number) => q.releaseRegistration.run(registrationId).changes,

    /**
     * Puts sold numbers back on offer — the numbers of a cancelled golden-number order (for the order workflow's
     * cancel/refund, in the same transaction as its refund). Only sold numbers move; returns how many did.
     */
    releaseNumbers: db.transaction((numbers: readonly string[]): number =>
      numbers.reduce((n, number) => n + q.releaseSold.run(number).changes, 0),
    ),

    /**
     * Puts back on offer the numbers still sold to this very order (a cancelled paid order, finding 27, PRM2): one
     * conditional update per number, so a number sold meanwhile to another order stays where it is. Returns how many
     * moved; the caller refuses the cancel (its transaction rolls back) unless every one did.
     */
    releaseSoldTo: (orderId: number, numbers: readonly string[]): number =>
      numbers.reduce((n, number) => n + q.releaseSoldTo.run(number, orderId).changes, 0),

    /** Puts every number of a golden-number order back on offer (its sold numbers); returns how many. */
    releaseOrder: (orderId: number) => q.releaseOrder.run(orderId).changes,

    /** Up to `limit` free numbers of a category, in the random search's stable order (the public examples, NC9). */
    freeExamples: (categoryId: number, limit: number) =>
      (q.examples.all(categoryId, limit) as { number: string }[]).map((r) => r.number),

    /**
     * Adds numbers on offer (free, classified by pattern, GN3); numbers already there keep their row and state.
     * Returns how many were added.
     */
    addFree(numbers: readonly { number: string; seq?: number }[]): number {
      let added = 0;
      for (const { number, seq } of numbers) {
        const local = number.slice(2);
        const kind = categoryOfLocal(local);
        added += q.insert.run(
          number,
          number.slice(0, 2),
          local,
          categoryIdOf(kind),
          categoryPrice(kind),
          seq ?? seqOf(number),
        ).changes;
      }
      return added;
    },

    /** Gives the rows without a category (moved over by migration 019, company numbers) the one their pattern gives. */
    classify: db.transaction((): number => {
      const rows = q.unclassified.all() as { number: string; local: string }[];
      for (const r of rows) {
        const kind = categoryOfLocal(r.local);
        q.classify.run(categoryIdOf(kind), categoryPrice(kind), seqOf(r.number), r.number);
      }
      return rows.length;
    }),
  };
}

export type InventoryStore = ReturnType<typeof createInventoryStore>;

/** The inventory with the reservations past their deadline freed first (PRI2): what every reader and taker uses. */
export function currentInventory(inventory: InventoryStore, now: number): InventoryStore {
  inventory.sweep(now);
  return inventory;
}
