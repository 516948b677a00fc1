import type { ExportTable } from './table.export';

/** An overdue account as exported (amounts in sums, dates ISO). */
export interface DebtExportRow {
  readonly ban: string;
  readonly company: string;
  readonly debt: number;
  readonly daysOverdue: number;
  readonly dueDate: string;
  readonly lastPaymentDate: string | null;
  readonly lastPaymentAmount: number | null;
  readonly sent: { readonly at: number; readonly by: string } | null;
}

/** Translated column headers and cell formatters of the export. */
export interface DebtExportLabels {
  readonly columns: readonly [string, string, string, string, string, string, string, string];
  readonly money: (sum: number) => string;
  readonly date: (iso: string) => string;
  readonly sent: (sent: { at: number; by: string } | null) => string;
}

/** The overdue list as a table: BAN (text), company, debt, days overdue, due date, last payment date and amount,
 *  notice state. */
export function debtTable(rows: readonly DebtExportRow[], l: DebtExportLabels): ExportTable {
  return {
    columns: [...l.columns],
    rows: rows.map((r) => [
      r.ban,
      r.company,
      l.money(r.debt),
      String(r.daysOverdue),
      l.date(r.dueDate),
      r.lastPaymentDate ? l.date(r.lastPaymentDate) : '',
      r.lastPaymentAmount === null ? '' : l.money(r.lastPaymentAmount),
      l.sent(r.sent),
    ]),
    textColumns: [0],
  };
}
