/**
 * Orders of numbers (spec 2 AllOrders / SingleOrder; spec 5 "Date range required: 'Выберите начальную и конечную
 * дату'", "'Некорректная дата'", "Order repeater cannot go below one row; deletion requires confirmation"). Pure rules
 * for the SPA (the URL, the form) and the reference server (the lifecycle). Decisions GN7-GN12.
 */

import { isBan } from './validators.rules';

/** The lifecycle of an order (GN8): created → paid → issued, or cancelled before it is issued. */
export const ORDER_STATUSES = ['created', 'paid', 'issued', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** A status an order can be moved to (an order is only ever created as `created`). */
export type OrderMove = Exclude<OrderStatus, 'created'>;

/** Where an order may go from a status (GN8). */
const NEXT: Readonly<Record<OrderStatus, readonly OrderMove[]>> = {
  created: ['paid', 'cancelled'],
  paid: ['issued', 'cancelled'],
  issued: [],
  cancelled: [],
};

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return (NEXT[from] as readonly OrderStatus[]).includes(to);
}

/**
 * Whether the company that placed an order may cancel it itself (GN15): only a `created` order — nothing has been
 * taken from its balance and nothing issued, so the cancel moves no money (PRM1). A paid order (a golden checkout is
 * paid at once, GN8) is cancelled and refunded by staff (GN13).
 */
export function canCancelOwnOrder(status: unknown): boolean {
  return status === 'created';
}

/**
 * The money a staff move of an order moves (PRM1, PRM2): `paid` means its total has left the company's balance —
 * a golden-number checkout debits it at once (GN5), a new-number order is debited when staff mark it paid; so
 * cancelling a paid order refunds its total, and cancelling a created one moves nothing. Sums, never negative.
 */
export function moneyOfMove(
  order: { readonly kind: 'golden' | 'new'; readonly status: OrderStatus; readonly total: number },
  to: OrderStatus,
): { readonly debit: number; readonly refund: number } {
  if (!canMoveOrder(order.status, to)) return { debit: 0, refund: 0 };
  if (to === 'paid' && order.kind === 'new') return { debit: order.total, refund: 0 };
  if (to === 'cancelled' && order.status === 'paid') return { debit: 0, refund: order.total };
  return { debit: 0, refund: 0 };
}

/** The statuses an order may be moved to next, in the lifecycle's order (GN8): what SingleOrder offers staff. */
export function nextOrderStatuses(from: string): readonly OrderMove[] {
  return isOrderStatus(from) ? NEXT[from] : [];
}

export function isOrderStatus(s: unknown): s is OrderStatus {
  return typeof s === 'string' && (ORDER_STATUSES as readonly string[]).includes(s);
}

/** Rows per page of the orders list (GN9). */
export const ORDERS_PAGE_SIZE = 20;

/** Longest range the list asks the server for (GN9): a year. */
export const MAX_RANGE_DAYS = 366;

/** The range and filter of AllOrders, as the URL holds them (GN9). */
export interface OrdersParams {
  /** ISO `YYYY-MM-DD`, '' when not chosen */
  readonly from: string;
  readonly to: string;
  /** BAN digits, '' = every company (staff only) */
  readonly ban: string;
  /** 1-based */
  readonly page: number;
}

/** Why a range cannot be asked for: `dateRange` 'Выберите начальную и конечную дату', `badDate` 'Некорректная
 *  дата' (an impossible date, the start after the end, or longer than MAX_RANGE_DAYS), `ban` a BAN that is not 9
 *  digits. */
export type RangeProblem = 'dateRange' | 'badDate' | 'ban';

/** Whether `iso` is a real calendar day (`2026-02-30` is not). */
export function isRealDay(iso: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return false;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso;
}

export function validateRange(p: Pick<OrdersParams, 'from' | 'to' | 'ban'>): RangeProblem | null {
  if (p.from === '' || p.to === '') return 'dateRange';
  if (!isRealDay(p.from) || !isRealDay(p.to) || p.from > p.to) return 'badDate';
  const days = (Date.parse(p.to) - Date.parse(p.from)) / 86_400_000;
  if (days > MAX_RANGE_DAYS) return 'badDate';
  if (p.ban !== '' && !isBan(p.ban)) return 'ban';
  return null;
}

/** Reads the list's range, filter and page from untrusted strings (the URL). Malformed dates are kept as typed so
 *  the page can say what is wrong with them; a malformed page is 1. */
export function parseOrdersParams(get: (name: string) => string | null): OrdersParams {
  const pageText = get('page') ?? '';
  return {
    from: (get('from') ?? '').trim().slice(0, 10),
    to: (get('to') ?? '').trim().slice(0, 10),
    ban: (get('ban') ?? '').replace(/\s/g, '').slice(0, 20),
    page: /^\d{1,5}$/.test(pageText) && Number(pageText) >= 1 ? Number(pageText) : 1,
  };
}

export function sameOrdersParams(a: OrdersParams, b: OrdersParams): boolean {
  return a.from === b.from && a.to === b.to && a.ban === b.ban && a.page === b.page;
}

/** Same range and filter (a page change loads nothing new: the list is already there). */
export function sameOrdersRange(a: OrdersParams, b: OrdersParams): boolean {
  return a.from === b.from && a.to === b.to && a.ban === b.ban;
}

/** One page (1-based) of a list; the page is clamped into the list. */
export function pageOf<T>(rows: readonly T[], page: number, size = ORDERS_PAGE_SIZE): T[] {
  const start = (Math.max(1, page) - 1) * size;
  return rows.slice(start, start + size);
}

export function pageCount(total: number, size = ORDERS_PAGE_SIZE): number {
  return Math.ceil(total / size);
}

// ── the new-number order form (spec 3 "New-number order row"; spec 5 repeater) ─────────────────────────────────

/** A row as typed: count, category, tariff, services and nominal (spec 3). */
export interface OrderRowDraft {
  readonly kolvo: string;
  readonly category: string;
  readonly tariff: string;
  readonly services: readonly string[];
  readonly nominal: string;
}

export const EMPTY_ROW: OrderRowDraft = { kolvo: '1', category: '', tariff: '', services: [], nominal: '' };

/** Most rows an order holds (the contract's limit). */
export const MAX_ORDER_ROWS = 100;

/** Spec 5: the repeater cannot go below one row. */
export function canRemoveRow(rows: readonly OrderRowDraft[]): boolean {
  return rows.length > 1;
}

export function canAddRow(rows: readonly OrderRowDraft[]): boolean {
  return rows.length < MAX_ORDER_ROWS;
}

/** Most numbers one row orders (PRM3): a row of a thousand SIM cards is a large company's whole fleet. */
export const ORDER_ROW_MAX_COUNT = 1_000;

/** The largest nominal (starting balance of each SIM) a row may ask for, in whole sums (PRM4). */
export const ORDER_NOMINAL_MAX = 1_000_000;

/**
 * What a row may choose from (GN12): the ids the catalogue offers (`pre-order/services` and the number categories),
 * as strings. The page passes the catalogue it loaded, the reference server the one it answers.
 */
export interface OrderCatalogueIds {
  readonly categories: readonly { readonly id: string }[];
  readonly pricePlans: readonly { readonly id: string }[];
  readonly services: readonly { readonly id: string }[];
}

/**
 * A field of a row that is wrong (PRM3, PRM4): `kolvo` not a whole count from 1 to ORDER_ROW_MAX_COUNT, `category` /
 * `tariff` not chosen or not one the catalogue offers, `services` one the catalogue does not offer, `nominal` not
 * empty and not a whole sum from 0 to ORDER_NOMINAL_MAX.
 */
export type RowProblem = 'kolvo' | 'category' | 'tariff' | 'services' | 'nominal';

const WHOLE = /^\d{1,9}$/;

/**
 * A whole amount or count as a person types it: the digits, with the group spaces the portal itself writes (`10 000`,
 * also with a no-break or narrow no-break space) taken out; anything else is left as typed, so the rule refuses it.
 * The initial-balance field once refused '10 000'.
 */
export function typedWhole(typed: string): string {
  const t = typed.trim();
  return /^\d{1,3}(?:[ \u00A0\u202F]\d{3})+$/.test(t) ? t.replace(/[ \u00A0\u202F]/g, '') : t;
}
const offers = (items: readonly { readonly id: string }[], id: string) => items.some((i) => i.id === id);

/**
 * Every wrong field of a row, in the form's order. Without a catalogue (it failed to load) only what can be checked
 * without it is: the server checks the ids again and answers E101.
 */
export function rowProblems(r: OrderRowDraft, catalogue: OrderCatalogueIds | null = null): RowProblem[] {
  const problems: RowProblem[] = [];
  const kolvo = typedWhole(r.kolvo);
  if (!WHOLE.test(kolvo) || Number(kolvo) < 1 || Number(kolvo) > ORDER_ROW_MAX_COUNT) problems.push('kolvo');
  if (r.category === '' || (catalogue && !offers(catalogue.categories, r.category)))
    problems.push('category');
  if (r.tariff === '' || (catalogue && !offers(catalogue.pricePlans, r.tariff))) problems.push('tariff');
  if (catalogue && r.services.some((s) => !offers(catalogue.services, s))) problems.push('services');
  const nominal = typedWhole(r.nominal);
  if (nominal !== '' && (!WHOLE.test(nominal) || Number(nominal) > ORDER_NOMINAL_MAX))
    problems.push('nominal');
  return problems;
}

/** The first problem of a row, or null. */
export function rowProblem(r: OrderRowDraft, catalogue: OrderCatalogueIds | null = null): RowProblem | null {
  return rowProblems(r, catalogue)[0] ?? null;
}

/** A wrong field of one row of the order (0-based). */
export interface OrderFieldProblem {
  readonly index: number;
  readonly field: RowProblem;
}

/** Every wrong field of every row (empty when the order may be sent). */
export function orderProblems(
  rows: readonly OrderRowDraft[],
  catalogue: OrderCatalogueIds | null = null,
): OrderFieldProblem[] {
  return rows.flatMap((r, index) => rowProblems(r, catalogue).map((field) => ({ index, field })));
}

/** The index and problem of the first invalid row, or null when every row is fine. */
export function firstRowProblem(
  rows: readonly OrderRowDraft[],
  catalogue: OrderCatalogueIds | null = null,
): { readonly index: number; readonly problem: RowProblem } | null {
  const first = orderProblems(rows, catalogue)[0];
  return first ? { index: first.index, problem: first.field } : null;
}

/**
 * A row as it came over the wire, read as the form's draft so the server checks it with the same rule
 * (`rowProblems`): `1.5`, `1e21` or `-1` are not whole numbers there either.
 */
export function draftOfWireRow(r: {
  readonly kolvo: number;
  readonly category: string | number;
  readonly tariff: string | number;
  readonly services?: readonly (string | number)[];
  readonly nominal?: number | null;
}): OrderRowDraft {
  return {
    kolvo: String(r.kolvo),
    category: String(r.category),
    tariff: String(r.tariff),
    services: (r.services ?? []).map(String),
    nominal: r.nominal === undefined || r.nominal === null ? '' : String(r.nominal),
  };
}

/** A row as the server is sent it (`POST orders/`, spec 7): count and nominal as numbers. */
export interface OrderRowWire {
  readonly kolvo: number;
  readonly category: string;
  readonly tariff: string;
  readonly services: readonly string[];
  readonly nominal?: number;
}

/** A valid row as sent (call only after `firstRowProblem` said none); an empty nominal is left out. */
export function rowToWire(r: OrderRowDraft): OrderRowWire {
  const nominal = typedWhole(r.nominal);
  return {
    kolvo: Number(typedWhole(r.kolvo)),
    category: r.category,
    tariff: r.tariff,
    services: [...r.services],
    ...(nominal === '' ? {} : { nominal: Number(nominal) }),
  };
}

/**
 * The sum of an order (GN12): per row, count × (the category's price + the nominal, the starting balance of each
 * SIM). The page and the reference server use this one function; a row whose count is not a number counts 0.
 */
export function orderTotal(
  rows: readonly {
    readonly kolvo: number | string;
    readonly category: string;
    readonly nominal?: number | string | null;
  }[],
  priceOf: (categoryId: string) => number,
): number {
  return rows.reduce((sum, r) => {
    const kolvo = Number(typeof r.kolvo === 'string' ? typedWhole(r.kolvo) : r.kolvo);
    const nominal = Number(typeof r.nominal === 'string' ? typedWhole(r.nominal) : (r.nominal ?? 0));
    if (!Number.isFinite(kolvo) || kolvo < 1 || r.category === '') return sum;
    return (
      sum + Math.round(kolvo) * (priceOf(r.category) + (Number.isFinite(nominal) ? Math.round(nominal) : 0))
    );
  }, 0);
}

/** Spec 8 E031: an order whose sum is over the balance available for orders is refused (GN12). */
export function exceedsBalance(total: number, balance: number | null): boolean {
  return balance !== null && total > balance;
}

/** Rows without the one at `index` (the repeater keeps at least one row, spec 5). */
export function withoutRow(rows: readonly OrderRowDraft[], index: number): OrderRowDraft[] {
  if (!canRemoveRow(rows)) return [...rows];
  return rows.filter((_, i) => i !== index);
}

/** Rows with the row at `index` changed. */
export function withRow(
  rows: readonly OrderRowDraft[],
  index: number,
  patch: Partial<OrderRowDraft>,
): OrderRowDraft[] {
  return rows.map((r, i) => (i === index ? { ...r, ...patch } : r));
}

const DRAFT_TEXT_MAX = 40;

/**
 * The rows of a kept draft (GN12), read from untrusted storage: a JSON list of 1…MAX_ORDER_ROWS rows whose fields are
 * short strings; anything else is no draft (null).
 */
export function parseRowsDraft(text: string | null | undefined): OrderRowDraft[] | null {
  if (typeof text !== 'string' || text.length > 20_000) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(data) || data.length < 1 || data.length > MAX_ORDER_ROWS) return null;
  const str = (v: unknown) => (typeof v === 'string' && v.length <= DRAFT_TEXT_MAX ? v : null);
  const rows: OrderRowDraft[] = [];
  for (const item of data) {
    if (typeof item !== 'object' || item === null) return null;
    const o = item as Record<string, unknown>;
    const kolvo = str(o.kolvo);
    const category = str(o.category);
    const tariff = str(o.tariff);
    const nominal = str(o.nominal);
    const services = Array.isArray(o.services) ? o.services.map(str) : null;
    if (kolvo === null || category === null || tariff === null || nominal === null || services === null)
      return null;
    if (services.some((s) => s === null) || services.length > 100) return null;
    rows.push({ kolvo, category, tariff, nominal, services: services as string[] });
  }
  return rows;
}
