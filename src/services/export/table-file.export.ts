import type { EXPORT_MIME, ExportTable } from './table.export';

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
