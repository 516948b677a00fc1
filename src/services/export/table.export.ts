/**
 * A table to export: header labels and rows of text, already translated and formatted by the caller. The CSV and
 * XLSX builders write exactly these strings, so both files show the same thing.
 */
export interface ExportTable {
  /** Column headers, in order. */
  readonly columns: readonly string[];
  /** Rows of cells, one string per column ('' for an empty cell). */
  readonly rows: readonly (readonly string[])[];
  /**
   * Columns written as text even when they look like numbers (XLSX), e.g. phone numbers: Excel would otherwise
   * drop leading zeros or show long digit strings in scientific notation.
   */
  readonly textColumns?: readonly number[];
}

/** MIME types of the export formats. */
export const EXPORT_MIME = {
  csv: 'text/csv;charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** A file name safe on every OS: ASCII letters, digits, '-' and '_' only, plus the extension. */
export function exportFileName(parts: readonly string[], ext: keyof typeof EXPORT_MIME): string {
  const stem = parts
    .map((p) => p.replace(/[^A-Za-z0-9_-]+/g, ''))
    .filter((p) => p !== '')
    .join('-');
  return `${stem === '' ? 'export' : stem}.${ext}`;
}

/** Where an export's bytes go: the browser download (`saveFile`), or a test's recorder. */
export type SaveExportFile = (bytes: Uint8Array, fileName: string, format: keyof typeof EXPORT_MIME) => void;

/**
 * Writes a table in the chosen format and hands the file to `save`: the one export step of every list (numbers, debt
 * control, orders; docs/decisions.md AR15). The CSV and XLSX builders are loaded on demand, so a page that never
 * exports does not download them. `sheetName` names the XLSX sheet (the page's title).
 */
export async function exportTableFile(
  table: ExportTable,
  file: { readonly name: string; readonly format: keyof typeof EXPORT_MIME; readonly sheetName: string },
  save: SaveExportFile,
): Promise<void> {
  if (file.format === 'csv') {
    const { buildCsv } = await import('./csv.export');
    save(buildCsv(table), file.name, 'csv');
  } else {
    const { buildXlsx } = await import('./xlsx.export');
    save(await buildXlsx(table, file.sheetName), file.name, 'xlsx');
  }
}
