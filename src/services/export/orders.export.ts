import type { ExportTable } from './table.export';

/** An order as exported (sums VAT included; the instant ISO). */
export interface OrderExportRow {
  readonly id: string;
  readonly createdAt: string;
  readonly ban: string;
  readonly company: string;
  readonly kind: string;
  readonly status: string;
  readonly total: number;
  readonly vat: number;
}

/** Translated column headers and cell formatters of the export. */
export interface OrdersExportLabels {
  readonly columns: readonly [string, string, string, string, string, string, string, string];
  readonly money: (sum: number) => string;
  readonly date: (iso: string) => string;
  readonly kind: (kind: string) => string;
  readonly status: (status: string) => string;
}

/** The orders of a range as a table: number, date, BAN (text), company, kind, status, total, VAT. */
export function ordersTable(rows: readonly OrderExportRow[], l: OrdersExportLabels): ExportTable {
  return {
    columns: [...l.columns],
    rows: rows.map((r) => [
      r.id,
      l.date(r.createdAt),
      r.ban,
      r.company,
      l.kind(r.kind),
      l.status(r.status),
      l.money(r.total),
      l.money(r.vat),
    ]),
    textColumns: [0, 2],
  };
}
