import { formatPhone } from '@/domain/phone.rules';
import type { ExportTable } from './table.export';

/**
 * Export of a BAN's number list: every page of the chosen tab and filter (not only the rows on screen), then one
 * table for the CSV and XLSX builders.
 */

/** Largest page the contract accepts (`wireSize` max): fewest requests for a 10 000-number company. */
export const EXPORT_PAGE_SIZE = 1000;
/** Pages fetched at the same time after the first one. */
export const EXPORT_CONCURRENCY = 4;

/** One page as the fetcher returns it. */
export interface FetchedPage<Row> {
  readonly rows: readonly Row[];
  readonly totalPages: number;
}

/** Fetches page `page` (0-based) of `size` rows. */
export type PageFetcher<Row> = (page: number, size: number) => Promise<FetchedPage<Row>>;

/**
 * Every row of every page, in page order: page 0 first (it tells how many pages there are), then the rest,
 * `concurrency` at a time. Any failed page fails the whole export (a partial file would look complete).
 */
export async function fetchAllPages<Row>(
  fetchPage: PageFetcher<Row>,
  opts: { size?: number; concurrency?: number } = {},
): Promise<Row[]> {
  const size = opts.size ?? EXPORT_PAGE_SIZE;
  const concurrency = Math.max(1, opts.concurrency ?? EXPORT_CONCURRENCY);
  const first = await fetchPage(0, size);
  const pages: (readonly Row[])[] = [first.rows];
  let next = 1;
  const worker = async () => {
    while (next < first.totalPages) {
      const page = next++;
      pages[page] = (await fetchPage(page, size)).rows;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(0, first.totalPages - 1)) }, worker));
  return pages.flat();
}

/** A number as exported. */
export interface NumberExportRow {
  readonly sn: string;
  readonly status: string;
  readonly pricePlan: string | null;
  readonly name: string | null;
}

/** Translated texts of the export: column headers and the name of a status code. */
export interface NumberExportLabels {
  readonly number: string;
  readonly status: string;
  readonly tariff: string;
  readonly employee: string;
  readonly statusName: (code: string) => string;
}

/**
 * The numbers as a table: number (as the portal shows it, `+998 90 123 45 67`, a text column), status name, price
 * plan, employee. In CSV the number keeps the formula guard's leading `'` (a cell starting with `+` would run as a
 * formula in Excel); in XLSX it is a plain text cell.
 */
export function numbersTable(rows: readonly NumberExportRow[], labels: NumberExportLabels): ExportTable {
  return {
    columns: [labels.number, labels.status, labels.tariff, labels.employee],
    rows: rows.map((r) => [formatPhone(r.sn), labels.statusName(r.status), r.pricePlan ?? '', r.name ?? '']),
    textColumns: [0],
  };
}
