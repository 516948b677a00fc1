import type { ExportTable } from './table.export';

/**
 * The activity log as a table (AL4): the cells as the page shows them (Tashkent time, numbers as
 * `+998 90 123 45 67`, names in the page's language), so the file reads as the screen does. The key serial and the
 * request id stay text in a spreadsheet.
 */
export function activityTable(columns: readonly string[], rows: readonly (readonly string[])[]): ExportTable {
  return { columns: [...columns], rows: rows.map((r) => [...r]), textColumns: [5, 6] };
}
