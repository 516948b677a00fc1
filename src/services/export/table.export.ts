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
