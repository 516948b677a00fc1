import { tashkentDayRange } from '../../src/domain/dates.rules';
import { documentNumber } from '../../src/domain/documents.rules';
import {
  categoryPrice,
  DEFAULT_TAX_PERCENT,
  goldenCategoryOf,
  vatOf,
} from '../../src/domain/golden-categories.rules';
import {
  canCancelOwnOrder,
  canMoveOrder,
  draftOfWireRow,
  exceedsBalance,
  moneyOfMove,
  type OrderCatalogueIds,
  type OrderStatus,
  orderProblems,
  orderTotal,
  validateRange,
} from '../../src/domain/orders.rules';
import { routeAccess } from '../../src/domain/routes.rules';
import { ApiError, ensure, type Handlers, type RequestSession, type Services } from '../handler';
import { servicesCatalogue } from '../preorder/preorder-data';
import { actorOf } from '../store/activity.store';
import { type DocumentRow, documentsOfOrder } from '../store/documents.store';
import type { OrderFull, OrderHead } from '../store/orders.store';
import { buyerBan } from './golden.handlers';

/**
 * Orders (docs/decisions.md GN7-GN10): the new-number order of a buying company (`orders/` with its address, tax id
 * and balance) and the staff's AllOrders / SingleOrder (`orders/orderDetails`, `orders/{id}`). The list is for the
 * roles spec 6 shows Orders to (server/permissions.ts); one order is also readable by the company that placed it.
 */

const headWire = (o: OrderHead) => ({
  id: o.id,
  ban: o.ban,
  company: o.company,
  kind: o.kind,
  status: o.status,
  total: o.total,
  vat: o.vat,
  createdAt: new Date(o.createdAt).toISOString(),
});

const refundWire = (r: { amount: number; at: number } | null) =>
  r ? { amount: r.amount, at: new Date(r.at).toISOString() } : null;

const fullWire = (o: OrderFull, docs: readonly DocumentRow[]) => ({
  ...headWire(o),
  numbers: o.numbers,
  rows: o.rows,
  address: o.address,
  tin: o.tin,
  refund: refundWire(o.refund),
  documents: docs.map((d) => ({
    id: d.id,
    documentType: d.type,
    title: d.title,
    number: documentNumber(d),
  })),
});

/** The catalogue's ids as the row rule reads them (strings). */
function catalogueIds(): OrderCatalogueIds {
  // the catalogue `pre-order/services` answers (GN12, PU1)
  const c = servicesCatalogue();
  const ids = (items: readonly { id: string | number }[]) => items.map((i) => ({ id: String(i.id) }));
  return { categories: ids(c.numberCategories), pricePlans: ids(c.pricePlans), services: ids(c.services) };
}

/**
 * Moves an order along its lifecycle in one immediate transaction (security finding 27, PRM1, PRM2): the status, the
 * money and the numbers move together or not at all; the status moves only from the one read (a second move of the
 * same order finds it moved: E101), and an order has at most one refund (order_refunds' key). `check` refuses the
 * move for the caller before anything changes (the company's own cancel, GN15).
 */
function moveOrder(
  svc: Services,
  session: RequestSession,
  id: number,
  to: OrderStatus,
  check: (o: OrderFull) => void = () => undefined,
) {
  const { orders } = svc;
  const now = svc.clock.now();
  const moved = svc.db
    .transaction(() => {
      const o = orders.get(id);
      ensure(o, 'E013', 'no such order');
      check(o);
      ensure(canMoveOrder(o.status, to), 'E101', `${o.status} → ${to}`);
      const money = moneyOfMove(o, to);
      if (money.debit > 0) {
        const company = orders.company(o.ban);
        ensure(company, 'E052');
        ensure(!exceedsBalance(money.debit, company.balance), 'E031');
        orders.debit(o.ban, money.debit);
      }
      if (to === 'cancelled' && o.numbers.length > 0) {
        const numbers = o.numbers.map((n) => n.number);
        const freed = svc.golden.releaseSold(o.id, numbers);
        ensure(freed === numbers.length, 'E013', 'the order no longer holds its numbers');
        orders.releaseNumbers(o.id, now);
      }
      if (money.refund > 0) {
        ensure(orders.credit(o.ban, money.refund), 'E052', 'no company to refund');
        orders.addRefund(o.id, money.refund, now, session.user.id);
      }
      ensure(orders.moveStatus(id, o.status, to, now), 'E101', `${o.status} → ${to}`);
      svc.activity.append({
        ban: o.ban,
        actor: actorOf(session),
        action: 'order.status',
        targets: [{ kind: 'order', id: String(o.id) }],
        detail: { from: o.status, to, debit: money.debit, refund: money.refund },
      });
      return { from: o.status, money, refund: money.refund > 0 ? { amount: money.refund, at: now } : null };
    })
    .immediate();
  svc.logger.info('orders.status', {
    orderId: id,
    from: moved.from,
    to,
    debit: moved.money.debit,
    refund: moved.money.refund,
    userId: session.user.id,
  });
  return { id, to, refund: moved.refund };
}

export const ordersHandlers: Handlers = {
  'orders.address': ({ session, svc }) => {
    const ban = buyerBan(session);
    const { orders } = svc;
    const company = orders.company(ban);
    return { address: orders.lastAddress(ban) ?? (company?.region ? `${company.region}` : null) };
  },
  'orders.inn': ({ session, svc }) => ({
    inn: svc.orders.company(buyerBan(session))?.tin ?? null,
  }),
  'orders.balance': ({ session, svc }) => ({
    balance: svc.orders.company(buyerBan(session))?.balance ?? 0,
  }),
  'orders.create': ({ input, session, svc }) => {
    const ban = buyerBan(session, input.body.ban);
    const { orders } = svc;
    const company = orders.company(ban);
    ensure(company, 'E052');
    const now = svc.clock.now();
    // every row is one the catalogue sells, in bounds and whole sums (security finding 28, PRM3, PRM4): the same rule
    // the form applies before sending; an unknown category, tariff or service is E101, never a row priced 0
    const drafts = input.body.rows.map(draftOfWireRow);
    const problems = orderProblems(drafts, catalogueIds());
    if (problems.length > 0)
      throw new ApiError('E101', problems.map((p) => `rows[${p.index}].${p.field}`).join(', '));
    // a row's category is a number category id: its price per number, plus the nominal (starting balance) per SIM
    const rows = drafts.map((r) => ({
      kolvo: Number(r.kolvo),
      category: r.category,
      tariff: r.tariff,
      services: [...r.services],
      nominal: r.nominal === '' ? null : Number(r.nominal),
    }));
    // every row counts (they are all valid now); spec 8 E031 (GN12) is checked whatever the sum, even 0
    const total = orderTotal(rows, (id) => categoryPrice(goldenCategoryOf(Number(id))));
    ensure(!exceedsBalance(total, company.balance), 'E031');
    const id = svc.db.transaction(() => {
      const orderId = orders.insert({
        ban,
        kind: 'new',
        status: 'created',
        total,
        vat: vatOf(total, DEFAULT_TAX_PERCENT),
        now,
        createdBy: session.user.id,
      });
      for (const [i, r] of rows.entries()) orders.addRow(orderId, i, r);
      orders.addDetails(orderId, {
        address: input.body.address ?? null,
        tin: company.tin,
        comment: input.body.comment ?? null,
      });
      svc.activity.append({
        ban,
        actor: actorOf(session),
        action: 'order.create',
        targets: [{ kind: 'order', id: String(orderId) }],
        detail: { rows: rows.length, total },
      });
      return orderId;
    })();
    svc.logger.info('orders.created', { orderId: id, ban, rows: rows.length, userId: session.user.id });
    return { id };
  },
  'orders.details': ({ input, svc }) => {
    const q = input.query;
    const problem = validateRange({ from: q.from, to: q.to, ban: q.searchBan ?? '' });
    if (problem) throw new ApiError('E101', problem);
    // Tashkent days (TZ1): 'from' starts at its 00:00 there (19:00 UTC the day before), 'to' is included whole
    const { start, end } = tashkentDayRange(q.from, q.to);
    const list = svc.orders.list(start, end, q.searchBan);
    return list.map(headWire);
  },
  'orders.setStatus': ({ input, session, svc }) => {
    const moved = moveOrder(svc, session, Number(input.params.id), input.body.status);
    return { id: moved.id, status: moved.to, refund: refundWire(moved.refund) };
  },
  // GN15: the company that placed an order cancels it while it is created (nothing was charged, nothing moves but
  // the status); whom may cancel is whom may order (server/permissions.ts), the order must be the company's own
  'orders.cancel': ({ input, session, svc }) => {
    const ban = buyerBan(session);
    const moved = moveOrder(svc, session, Number(input.params.id), 'cancelled', (o) => {
      ensure(o.ban === ban, 'E005');
      ensure(
        canCancelOwnOrder(o.status),
        'E101',
        `${o.status}: only a created order is cancelled by its company`,
      );
    });
    return { id: moved.id, status: 'cancelled' as const };
  },
  'orders.get': ({ input, session, svc }) => {
    const o = svc.orders.get(Number(input.params.id));
    ensure(o, 'E013', 'no such order');
    const staff = routeAccess('/orders', session.viewer.facts) === 'allow';
    ensure(staff || session.viewer.profile?.ban === o.ban, 'E005');
    return fullWire(o, documentsOfOrder(svc.db, o.id));
  },
};
