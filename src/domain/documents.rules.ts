/**
 * Online-sales documents (spec 2 "Online sales", spec 3 "Document", spec 7 "Online-sales documents";
 * docs/decisions.md DOC8-DOC12): the tabs of the Documents page, the document types each shows, the date range every
 * list asks for, and the people's file name of a download.
 */
import { DOCUMENT_TYPES, SERVICE_DOCUMENT_TYPES } from './constants';
import { addDays } from './debt.rules';
import { dateRangeError } from './validators.rules';

/** The lists of the Documents page: orders (with their documents), suspend documents, service documents. */
export const DOCUMENTS_TABS = ['orders', 'suspend', 'services'] as const;
export type DocumentsTab = (typeof DOCUMENTS_TABS)[number];

/** The document types a tab lists through documents/byType (the orders tab lists orders instead). */
export function typesOfTab(tab: DocumentsTab): readonly number[] {
  if (tab === 'suspend') return [DOCUMENT_TYPES.suspend];
  if (tab === 'services') return SERVICE_DOCUMENT_TYPES;
  return [DOCUMENT_TYPES.supply, DOCUMENT_TYPES.numberSupply, DOCUMENT_TYPES.invoice];
}

/** Every type with a title (spec 3), in the order the type filter lists them. */
export const TITLED_DOCUMENT_TYPES: readonly number[] = [1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17];

/** The filter of a list: the date range (ISO days, both ends included) and, for service documents, the types. */
export interface DocumentsFilter {
  readonly dt1: string;
  readonly dt2: string;
  /** service types to show; empty = all of them */
  readonly types: readonly number[];
}

/** Days a list looks back by default (DOC11): a quarter, so this month's and last months' documents are there. */
export const DEFAULT_RANGE_DAYS = 90;

/** The default filter on `today` (ISO day): the last 90 days, every type. */
export function defaultDocumentsFilter(today: string): DocumentsFilter {
  return { dt1: addDays(today, -DEFAULT_RANGE_DAYS), dt2: today, types: [] };
}

/**
 * Spec 5 'Выберите начальную и конечную дату': both ends, start not after end ('Некорректная дата' for a day that is
 * not one); a service type must be one.
 */
export function documentsFilterError(
  f: DocumentsFilter,
): 'validation.dateRange' | 'validation.badDate' | 'validation.fields' | null {
  const range = dateRangeError(f.dt1, f.dt2);
  if (range) return range;
  if (f.types.some((t) => !(SERVICE_DOCUMENT_TYPES as readonly number[]).includes(t)))
    return 'validation.fields';
  return null;
}

/** The types a services list asks for: the chosen ones, or all service types. */
export function serviceTypesOf(f: DocumentsFilter): readonly number[] {
  return f.types.length > 0 ? f.types : SERVICE_DOCUMENT_TYPES;
}

/** Reads a filter from URL values (`dt1`, `dt2`, `types=8,10`); anything missing or unreadable takes the default. */
export function parseDocumentsFilter(get: (name: string) => string | null, today: string): DocumentsFilter {
  const d = defaultDocumentsFilter(today);
  const day = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);
  const types = (get('types') ?? '')
    .split(',')
    .map(Number)
    .filter((n) => (SERVICE_DOCUMENT_TYPES as readonly number[]).includes(n));
  return {
    dt1: day(get('dt1')) ?? d.dt1,
    dt2: day(get('dt2')) ?? d.dt2,
    types: [...new Set(types)].sort((a, b) => a - b),
  };
}

/** The tab a URL value names, orders by default. */
export function parseDocumentsTab(value: string | null): DocumentsTab {
  return (DOCUMENTS_TABS as readonly string[]).includes(value ?? '') ? (value as DocumentsTab) : 'orders';
}

/**
 * A document's number as its title says it (DOC14): the number the issuing workflow gave it (an agreement's
 * `data.number`), else its order's id, else its services operation (`S-<id>` of `services:<id>`), else its own id.
 * The server sends it beside the type code, so every page builds the title in its own language.
 */
export function documentNumber(d: {
  readonly id: number | string;
  readonly orderId?: number | string | null;
  readonly registrationRef?: string | null;
  readonly data?: unknown;
}): string {
  const own = (d.data as { number?: unknown } | null | undefined)?.number;
  if (typeof own === 'string' && own.trim() !== '') return own;
  if (d.orderId !== null && d.orderId !== undefined) return String(d.orderId);
  const services = /^services:(\d+)$/.exec(d.registrationRef ?? '');
  if (services) return `S-${services[1]}`;
  return String(d.id);
}

/**
 * A document's title in the page's language (DOC14): the label of its type code (the caller's translation of
 * `documents.types.<type>`) and its number — 'Накладная № 12', 'Yuk xati № 12'; the label alone without a number.
 * The list, the order panel and the download's name all read it, so a title never disagrees with its type.
 */
export function documentTitle(label: string, number: string | null | undefined): string {
  const n = number?.trim();
  return n ? `${label} № ${n}` : label;
}

/** Characters no file system takes in a name (control characters are dropped separately). */
const UNSAFE = /[\\/:*?"<>|]+/g;
const isPrintable = (ch: string) => ch.charCodeAt(0) >= 0x20;

/**
 * A download's name as people say it (DOC9): the type's title, the company's BAN and the document's day —
 * `Договор_100234561_2026-11-24.pdf`; spaces become `_`, characters a file system refuses are dropped.
 */
export function documentFileName(title: string, ban: string | null, day: string, ext: string): string {
  const words =
    [...title]
      .filter(isPrintable)
      .join('')
      .replace(UNSAFE, ' ')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .join('_') || 'document';
  return `${[words, ban, day].filter(Boolean).join('_')}.${ext}`;
}

/** The extension of a stored scan's type (for its download name). */
export function extensionOfMime(mime: string): string {
  if (mime === 'application/pdf') return 'pdf';
  if (mime === 'image/jpeg') return 'jpg';
  if (mime === 'image/png') return 'png';
  return 'bin';
}

/** Rows per page of a documents list, and orders per page of the orders tab (conventions: long lists paged). */
export const DOCUMENTS_PAGE_SIZE = 20;
export const ORDERS_PAGE_SIZE = 10;

/** One page (from 1, clamped to the pages there are) of a list. */
export function pageSlice<T>(
  items: readonly T[],
  page: number,
  size: number,
): { rows: readonly T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const p = Number.isInteger(page) ? Math.min(Math.max(page, 1), pages) : 1;
  return { rows: items.slice((p - 1) * size, p * size), page: p, pages };
}

/** The page a URL value names (1 when missing or unreadable). */
export function parseDocumentsPage(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/**
 * Why a scan was refused (spec 4 "Document upload status: … 2 error with server message"; docs/decisions.md DOC20):
 * a closed list of codes the reference server stores with status 2, each shown in the page's language. A backend that
 * sends only its free text (`statusMessage`) is still shown that text, as plain text.
 */
export const DOCUMENT_REFUSAL_REASONS = [
  'unreadable',
  'incomplete',
  'wrongDocument',
  'unsigned',
  'expired',
] as const;
export type DocumentRefusalReason = (typeof DOCUMENT_REFUSAL_REASONS)[number];

/** A refusal code as the portal knows it, or null (none sent, or one this build has no text for). */
export function refusalReasonOf(code: unknown): DocumentRefusalReason | null {
  return (DOCUMENT_REFUSAL_REASONS as readonly unknown[]).includes(code)
    ? (code as DocumentRefusalReason)
    : null;
}
