import type { OrderStatus } from '../../src/domain/orders.rules';
import type { Db } from '../db/database';

/**
 * Orders of numbers (`orders` of migration 005, their numbers, rows and delivery data of 006): what the golden-number
 * checkout and the new-number order write, and what AllOrders and SingleOrder read (docs/decisions.md GN7-GN10).
 */

export interface OrderHead {
  readonly id: number;
  readonly ban: string;
  readonly company: string;
  readonly kind: 'golden' | 'new';
  readonly status: OrderStatus;
  readonly total: number;
  readonly vat: number;
  readonly createdAt: number;
  readonly createdBy: number | null;
}

export interface OrderFull extends OrderHead {
  readonly numbers: { number: string; categoryId: number; price: number }[];
  readonly rows: {
    kolvo: number;
    category: string;
    tariff: string;
    services: string[];
    nominal: number | null;
  }[];
  readonly address: string | null;
  readonly tin: string | null;
  /** the refund of a cancelled paid order (PRM1): the amount returned to the balance, and when (epoch ms) */
  readonly refund: { readonly amount: number; readonly at: number } | null;
}

interface RawHead {
  id: number;
  ban: string;
  company: string;
  kind: 'golden' | 'new';
  status: OrderStatus;
  total: number;
  vat: number;
  created_at: number;
  created_by: number | null;
}

const HEAD = `SELECT o.id, o.ban, c.name AS company, o.kind, o.status, o.total, o.vat, o.created_at, o.created_by
  FROM orders o JOIN companies c ON c.ban = o.ban`;

const toHead = (r: RawHead): OrderHead => ({
  id: r.id,
  ban: r.ban,
  company: r.company,
  kind: r.kind,
  status: r.status,
  total: r.total,
  vat: r.vat,
  createdAt: r.created_at,
  createdBy: r.created_by,
});

/** Most orders one list reply holds (GN9: the list is paged in the browser; a year of a busy BAN fits). */
export const ORDER_LIST_LIMIT = 5000;

export function createOrdersStore(db: Db) {
  const insOrder =
    db.prepare(`INSERT INTO orders (ban, kind, status, total, vat, created_at, created_by, updated_at)
    VALUES (@ban, @kind, @status, @total, @vat, @now, @createdBy, @now)`);
  const insNumber = db.prepare(
    'INSERT INTO order_numbers (order_id, number, category_id, price) VALUES (?, ?, ?, ?)',
  );
  const insRow =
    db.prepare(`INSERT INTO order_rows (order_id, position, kolvo, category, tariff, services, nominal)
    VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const insDetails = db.prepare(
    'INSERT INTO order_details (order_id, address, tin, comment) VALUES (?, ?, ?, ?)',
  );
  const one = db.prepare(`${HEAD} WHERE o.id = ?`);
  const numbersOf = db.prepare(
    'SELECT number, category_id AS categoryId, price FROM order_numbers WHERE order_id = ? ORDER BY number',
  );
  const rowsOf = db.prepare(
    'SELECT kolvo, category, tariff, services, nominal FROM order_rows WHERE order_id = ? ORDER BY position',
  );
  const detailsOf = db.prepare('SELECT address, tin FROM order_details WHERE order_id = ?');
  const lastAddress = db.prepare(`SELECT d.address FROM order_details d JOIN orders o ON o.id = d.order_id
    WHERE o.ban = ? AND d.address IS NOT NULL ORDER BY o.id DESC LIMIT 1`);
  const company = db.prepare(`SELECT c.ban, c.name, c.tin, c.balance, r.name AS region
    FROM companies c LEFT JOIN regions r ON r.id = c.region_id WHERE c.ban = ?`);
  const debit = db.prepare('UPDATE companies SET balance = balance - ? WHERE ban = ?');
  const credit = db.prepare('UPDATE companies SET balance = balance + ? WHERE ban = ?');
  const setStatus = db.prepare('UPDATE orders SET status = ?, updated_at = ? WHERE id = ?');
  const moveStatus = db.prepare('UPDATE orders SET status = ?, updated_at = ? WHERE id = ? AND status = ?');
  const insRefund = db.prepare(
    'INSERT INTO order_refunds (order_id, amount, refunded_at, refunded_by) VALUES (?, ?, ?, ?)',
  );
  const refundOf = db.prepare('SELECT amount, refunded_at AS at FROM order_refunds WHERE order_id = ?');
  const releaseNumbers = db.prepare(
    'UPDATE order_numbers SET released_at = ? WHERE order_id = ? AND released_at IS NULL',
  );

  return {
    company: (ban: string) =>
      company.get(ban) as
        | { ban: string; name: string; tin: string; balance: number; region: string | null }
        | undefined,
    debit: (ban: string, amount: number) => debit.run(amount, ban),
    /** A new order; returns its id. Call inside the transaction that records what it holds. */
    insert(o: {
      ban: string;
      kind: 'golden' | 'new';
      status: OrderStatus;
      total: number;
      vat: number;
      now: number;
      createdBy: number | null;
    }): number {
      return Number(insOrder.run(o).lastInsertRowid);
    },
    addNumber: (orderId: number, n: { number: string; categoryId: number; price: number }) =>
      insNumber.run(orderId, n.number, n.categoryId, n.price),
    addRow: (
      orderId: number,
      position: number,
      r: { kolvo: number; category: string; tariff: string; services: string[]; nominal: number | null },
    ) => insRow.run(orderId, position, r.kolvo, r.category, r.tariff, JSON.stringify(r.services), r.nominal),
    addDetails: (
      orderId: number,
      d: { address: string | null; tin: string | null; comment: string | null },
    ) => insDetails.run(orderId, d.address, d.tin, d.comment),
    setStatus: (id: number, status: OrderStatus, now: number) => setStatus.run(status, now, id),
    /** Moves an order only if it still has status `from`; false when another move came first. */
    moveStatus: (id: number, from: OrderStatus, to: OrderStatus, now: number): boolean =>
      moveStatus.run(to, now, id, from).changes === 1,
    /** Adds to a company's balance; false when there is no such company. */
    credit: (ban: string, amount: number): boolean => credit.run(amount, ban).changes === 1,
    /** Records the refund of an order (at most one: a second throws). Call inside the cancel's transaction. */
    addRefund: (orderId: number, amount: number, now: number, by: number | null) =>
      insRefund.run(orderId, amount, now, by),
    /** Marks the numbers an order held as released (back on sale; the order still lists them). */
    releaseNumbers: (orderId: number, now: number) => releaseNumbers.run(now, orderId).changes,
    lastAddress: (ban: string) => (lastAddress.get(ban) as { address: string } | undefined)?.address ?? null,

    /** Orders created in [fromMs, toMs), newest first, optionally of one BAN. */
    list(fromMs: number, toMs: number, ban?: string): OrderHead[] {
      const sql = `${HEAD} WHERE o.created_at >= ? AND o.created_at < ?${ban ? ' AND o.ban = ?' : ''}
        ORDER BY o.created_at DESC, o.id DESC LIMIT ${ORDER_LIST_LIMIT}`;
      const args = ban ? [fromMs, toMs, ban] : [fromMs, toMs];
      return (db.prepare(sql).all(...args) as RawHead[]).map(toHead);
    },

    get(id: number): OrderFull | null {
      const h = one.get(id) as RawHead | undefined;
      if (!h) return null;
      const d = detailsOf.get(id) as { address: string | null; tin: string | null } | undefined;
      return {
        ...toHead(h),
        numbers: numbersOf.all(id) as OrderFull['numbers'],
        rows: (
          rowsOf.all(id) as {
            kolvo: number;
            category: string;
            tariff: string;
            services: string;
            nominal: number | null;
          }[]
        ).map((r) => ({ ...r, services: JSON.parse(r.services) as string[] })),
        address: d?.address ?? null,
        tin: d?.tin ?? null,
        refund: (refundOf.get(id) as { amount: number; at: number } | undefined) ?? null,
      };
    },
  };
}

export type OrdersStore = ReturnType<typeof createOrdersStore>;
