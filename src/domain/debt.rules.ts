/**
 * Debt control (spec 1 "Debt control (notice)", spec 2 route /debt-control, spec 6 "OKK operator: only debt control
 * (notice)"). The spec names the section only; the notice view an OKK operator works from is decided in
 * docs/decisions.md ("Debt control"): overdue accounts with BAN, company, debt, days overdue and last payment,
 * sortable and filterable, and a dated notice per account in Russian and Uzbek that the operator marks as sent.
 *
 * Pure rules shared by the reference server (which filters, sorts and pages) and the SPA (URL parameters).
 */

const DAY_MS = 86_400_000;

/** Rows per page of the overdue list. */
export const DEBT_PAGE_SIZE = 50;

/** Days a debtor is given to pay, counted from the notice date. */
export const NOTICE_PAY_DAYS = 10;

/** Columns the list sorts by. */
export const DEBT_SORT_KEYS = ['ban', 'company', 'debt', 'daysOverdue', 'lastPayment'] as const;
export type DebtSortKey = (typeof DEBT_SORT_KEYS)[number];

export const SORT_DIRS = ['asc', 'desc'] as const;
export type SortDir = (typeof SORT_DIRS)[number];

/** Overdue thresholds the filter offers (0 = any overdue account). */
export const OVERDUE_THRESHOLDS = [0, 30, 60, 90] as const;
export type OverdueThreshold = (typeof OVERDUE_THRESHOLDS)[number];

/** Notice state filter: every account, those whose notice is not sent yet, those already notified. */
export const NOTICE_FILTERS = ['all', 'pending', 'sent'] as const;
export type NoticeFilter = (typeof NOTICE_FILTERS)[number];

/** What the list shows: filter, sort and page (1-based), the same in the URL and on the wire (page 0-based there). */
export interface DebtListParams {
  /** Company name fragment or BAN digits; '' = none. */
  readonly q: string;
  readonly minDays: OverdueThreshold;
  readonly notice: NoticeFilter;
  readonly sort: DebtSortKey;
  readonly dir: SortDir;
  /** 1-based. */
  readonly page: number;
}

/** The default: the longest overdue first, every account. */
export const DEFAULT_DEBT_PARAMS: DebtListParams = {
  q: '',
  minDays: 0,
  notice: 'all',
  sort: 'daysOverdue',
  dir: 'desc',
  page: 1,
};

/** An overdue account as the rules see it. Dates are ISO `YYYY-MM-DD`. */
export interface DebtFacts {
  readonly ban: string;
  readonly company: string;
  /** Debt in sums, positive. */
  readonly debt: number;
  readonly dueDate: string;
  readonly lastPaymentDate: string | null;
  readonly lastPaymentAmount: number | null;
  /** When the notice was marked as sent (epoch ms), null when not yet. */
  readonly noticeSentAt: number | null;
}

/**
 * Calendar arithmetic only: the `YYYY-MM-DD` of a UTC-midnight count from `dayStart`. The day of an instant (today,
 * a document's day) is Tashkent's: `tashkentDay` in dates.rules.ts (TZ1).
 */
function calendarDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** A calendar day as a count of UTC-midnight ms, for day differences only (not an instant: TZ1); NaN when malformed. */
export function dayStart(iso: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return Number.NaN;
  return Date.parse(`${iso}T00:00:00Z`);
}

/**
 * Whole days between the due date and `today` (both ISO days): 0 on the due date and before it (not overdue yet),
 * 1 the day after. Malformed dates count as 0.
 */
export function daysOverdue(dueDate: string, today: string): number {
  const d = Math.round((dayStart(today) - dayStart(dueDate)) / DAY_MS);
  return Number.isFinite(d) && d > 0 ? d : 0;
}

/** Adds whole days to an ISO day. */
export function addDays(iso: string, days: number): string {
  return calendarDay(dayStart(iso) + days * DAY_MS);
}

/** Letters and digits, lower-cased, apostrophe variants (ʻ ʼ ' `) dropped: 'Fargʻona' matches 'fargona'. */
function fold(s: string): string {
  return s
    .toLowerCase()
    .replace(/[ʻʼ'`‘’]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Whether an account passes the filter: at least `minDays` overdue, the notice state asked for, and `q` found in the
 * company name (case- and apostrophe-insensitive) or, when it has digits only, at the start of the BAN.
 */
export function matchesDebtFilter(
  a: DebtFacts,
  p: Pick<DebtListParams, 'q' | 'minDays' | 'notice'>,
  today: string,
): boolean {
  if (daysOverdue(a.dueDate, today) < Math.max(1, p.minDays)) return false;
  if (p.notice === 'pending' && a.noticeSentAt !== null) return false;
  if (p.notice === 'sent' && a.noticeSentAt === null) return false;
  const q = fold(p.q);
  if (q === '') return true;
  if (/^\d+$/.test(q)) return a.ban.startsWith(q) || fold(a.company).includes(q);
  return fold(a.company).includes(q);
}

const collator = new Intl.Collator('ru', { sensitivity: 'base', numeric: true });

/** Compares two accounts by `key` ascending; ties are broken by BAN so paging is stable. Accounts never paid sort
 *  before every paid one (the oldest "last payment"). */
export function compareDebt(a: DebtFacts, b: DebtFacts, key: DebtSortKey, today: string): number {
  let c = 0;
  switch (key) {
    case 'ban':
      c = 0;
      break;
    case 'company':
      c = collator.compare(a.company, b.company);
      break;
    case 'debt':
      c = a.debt - b.debt;
      break;
    case 'daysOverdue':
      c = daysOverdue(a.dueDate, today) - daysOverdue(b.dueDate, today);
      break;
    case 'lastPayment':
      c = (a.lastPaymentDate ?? '').localeCompare(b.lastPaymentDate ?? '');
      break;
  }
  return c !== 0 ? c : a.ban.localeCompare(b.ban);
}

/** A new array sorted by `sort` in `dir` (the BAN tie-break follows the direction too). */
export function sortDebts<T extends DebtFacts>(
  rows: readonly T[],
  sort: DebtSortKey,
  dir: SortDir,
  today: string,
): T[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => sign * compareDebt(a, b, sort, today));
}

/** One page (1-based) of filtered and sorted accounts, with the totals of the whole filtered list. */
export function pageDebts<T extends DebtFacts>(
  rows: readonly T[],
  p: DebtListParams,
  today: string,
  size = DEBT_PAGE_SIZE,
): { content: T[]; total: number; totalPages: number; totalDebt: number } {
  const filtered = rows.filter((r) => matchesDebtFilter(r, p, today));
  const sorted = sortDebts(filtered, p.sort, p.dir, today);
  const start = (p.page - 1) * size;
  return {
    content: sorted.slice(start, start + size),
    total: filtered.length,
    totalPages: Math.ceil(filtered.length / size),
    totalDebt: filtered.reduce((s, r) => s + r.debt, 0),
  };
}

/** The fields a notice is written from (both languages), fixed on the day it is issued. */
export interface NoticeFields {
  /** `DN-<BAN>-<YYYYMMDD>`: one notice per account and day. */
  readonly number: string;
  readonly ban: string;
  readonly company: string;
  readonly debt: number;
  readonly dueDate: string;
  readonly daysOverdue: number;
  /** Day of the notice. */
  readonly date: string;
  /** Pay-by day: the notice date plus NOTICE_PAY_DAYS. */
  readonly payBy: string;
}

/** The notice of an account as issued on `today`. */
export function noticeFields(a: DebtFacts, today: string): NoticeFields {
  return {
    number: `DN-${a.ban}-${today.replace(/-/g, '')}`,
    ban: a.ban,
    company: a.company,
    debt: a.debt,
    dueDate: a.dueDate,
    daysOverdue: daysOverdue(a.dueDate, today),
    date: today,
    payBy: addDays(today, NOTICE_PAY_DAYS),
  };
}

/** `YYYY-MM-DD` → `DD.MM.YYYY`, the way both languages write dates in documents. */
export function documentDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return y && m && d ? `${d}.${m}.${y}` : iso;
}

/** Reads list parameters from untrusted strings (URL); anything malformed falls back to the default. */
export function parseDebtParams(get: (name: string) => string | null): DebtListParams {
  const pick = <T extends string>(list: readonly T[], v: string | null, dflt: T): T =>
    v !== null && (list as readonly string[]).includes(v) ? (v as T) : dflt;
  const minText = get('minDays');
  const min = OVERDUE_THRESHOLDS.find((t) => String(t) === minText) ?? DEFAULT_DEBT_PARAMS.minDays;
  const pageText = get('page') ?? '';
  const page = /^\d{1,6}$/.test(pageText) && Number(pageText) >= 1 ? Number(pageText) : 1;
  return {
    q: (get('q') ?? '').trim().slice(0, 60),
    minDays: min,
    notice: pick(NOTICE_FILTERS, get('notice'), DEFAULT_DEBT_PARAMS.notice),
    sort: pick(DEBT_SORT_KEYS, get('sort'), DEFAULT_DEBT_PARAMS.sort),
    dir: pick(SORT_DIRS, get('dir'), DEFAULT_DEBT_PARAMS.dir),
    page,
  };
}

/** Same filter, sort and page. */
export function sameDebtParams(a: DebtListParams, b: DebtListParams): boolean {
  return (
    a.q === b.q &&
    a.minDays === b.minDays &&
    a.notice === b.notice &&
    a.sort === b.sort &&
    a.dir === b.dir &&
    a.page === b.page
  );
}

/** Clicking a column header: a new column sorts in its natural direction (text ascending, amounts and days
 *  descending); the current column flips. Either way the list goes back to page 1. */
export function nextSort(p: DebtListParams, key: DebtSortKey): DebtListParams {
  const natural: SortDir = key === 'ban' || key === 'company' ? 'asc' : 'desc';
  const dir: SortDir = p.sort === key ? (p.dir === 'asc' ? 'desc' : 'asc') : natural;
  return { ...p, sort: key, dir, page: 1 };
}
