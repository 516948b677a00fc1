import { tashkentDay } from '../../src/domain/dates.rules';
import {
  type GoldenSearchForm,
  MAX_SELECTION,
  takenDescription,
  validateSearch,
} from '../../src/domain/golden.rules';
import { categoriesReply, DEFAULT_TAX_PERCENT, vatOf } from '../../src/domain/golden-categories.rules';
import { routeAccess } from '../../src/domain/routes.rules';
import { orderDocuments } from '../golden/order-documents';
import { ApiError, ensure, type Handlers, type RequestSession } from '../handler';
import { actorOf, numberTargets } from '../store/activity.store';
import { insertDocument } from '../store/documents.store';
import { currentInventory } from '../store/inventory.store';

/**
 * Golden-number purchase (docs/decisions.md GN1-GN6, GN10): the categories, the four searches over the pool and the
 * checkout. Who may call: a user whose navigation shows Number purchase (spec 6: can_buy_number and account type,
 * never with a BAN selected) — the same `routeAccess` the SPA's guard asks (server/permissions.ts); the BAN is
 * always the caller's own.
 */

/** The BAN the caller buys for: its own profile's (E005 when there is none, or the body names another). */
export function buyerBan(session: RequestSession, asked?: string): string {
  const ban = session.viewer.profile?.ban;
  ensure(ban, 'E005', 'no company account');
  ensure(asked === undefined || asked === ban, 'E005', 'another company account');
  return ban;
}

/** May the viewer buy numbers (spec 6 via the one route policy). */
export const mayBuy = (s: { facts: Parameters<typeof routeAccess>[1] }) =>
  routeAccess('/purchase', s.facts) === 'allow';

export const goldenHandlers: Handlers = {
  // the one catalogue (NC16): the same categories, prices and VAT as the public QR page
  'golden.categories': () => categoriesReply(),
  'golden.search': ({ input, svc }) => {
    const b = input.body;
    const type = input.params.type;
    const form: GoldenSearchForm = {
      operatorCode: b.operatorCode ?? '',
      digits: b.number ?? '',
      count: String(b.count ?? ''),
      mask: b.number ?? '',
    };
    const checked = validateSearch(type, b.categoryId, form);
    if (!checked.ok) throw new ApiError('E101', `invalid ${checked.problem}`);
    // reservations past their deadline are on offer again (PRI2)
    currentInventory(svc.inventory, svc.clock.now());
    const page = svc.golden.search(checked.query, b.page, b.size);
    const totalPages = Math.ceil(page.totalElements / b.size);
    return {
      content: page.content.map((n) => ({ ...n })),
      totalElements: page.totalElements,
      totalPages,
      first: b.page === 0,
      last: b.page >= totalPages - 1,
      size: b.size,
      number: b.page,
      pageable: { pageNumber: b.page, pageSize: b.size },
    };
  },
  'golden.checkout': ({ input, session, svc }) => {
    const ban = buyerBan(session, input.body.ban);
    const wanted = [...new Set(input.body.numbers)];
    ensure(wanted.length <= MAX_SELECTION, 'E101', `at most ${MAX_SELECTION} numbers`);
    const lang = input.body.lang ?? 'ru';
    const { golden, orders } = svc;
    const now = svc.clock.now();
    // one immediate transaction: the numbers are reserved, the balance debited, the order and its documents
    // recorded together, or nothing is (GN5); a second buyer of the same number finds it sold
    const result = svc.db
      .transaction(() => {
        // the numbers are taken from the one inventory (finding 25): free ones only, each by its conditional
        // update below, so a number an AT 39 registration holds is as taken as one another buyer bought
        currentInventory(svc.inventory, now);
        const found = golden.lookup(wanted);
        const taken = wanted.filter((n) => !found.some((f) => f.number === n && f.free));
        if (taken.length > 0) throw new ApiError('E013', takenDescription(taken));
        const company = orders.company(ban);
        ensure(company, 'E052');
        const total = found.reduce((s, f) => s + f.price, 0);
        const vat = vatOf(total, DEFAULT_TAX_PERCENT);
        if (company.balance < total) throw new ApiError('E031');
        const id = orders.insert({
          ban,
          kind: 'golden',
          status: 'paid',
          total,
          vat,
          now,
          createdBy: session.user.id,
        });
        for (const f of found) {
          if (!golden.reserve(f.number, id)) throw new ApiError('E013', takenDescription([f.number]));
          orders.addNumber(id, f);
        }
        orders.addDetails(id, { address: null, tin: company.tin, comment: null });
        orders.debit(ban, total);
        const docs = orderDocuments(
          {
            id,
            ban,
            company: company.name,
            tin: company.tin,
            numbers: found,
            total,
            vat,
            taxPercent: DEFAULT_TAX_PERCENT,
            date: tashkentDay(now),
          },
          lang,
          session.user.id,
          now,
        );
        for (const d of docs) insertDocument(svc.db, d);
        svc.activity.append({
          ban,
          actor: actorOf(session),
          action: 'golden.purchase',
          targets: [{ kind: 'order', id: String(id) }, ...numberTargets(found.map((f) => f.number))],
          detail: { total, vat },
        });
        return { id, numbers: found, total, vat };
      })
      .immediate();
    svc.logger.info('golden.checkout', {
      orderId: result.id,
      ban,
      count: result.numbers.length,
      userId: session.user.id,
    });
    return {
      orderId: result.id,
      numbers: result.numbers.map((n) => ({ number: n.number, categoryId: n.categoryId, price: n.price })),
      total: result.total,
      vat: result.vat,
      status: 'paid',
      createdAt: new Date(now).toISOString(),
    };
  },
};
