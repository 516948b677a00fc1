import type { ExportTable } from './table.export';

/**
 * XLSX through exceljs, loaded only when the user exports (it is large: never in the initial bundle). XLSX stores
 * text as UTF-8 XML, so Cyrillic and the Uzbek ʻ need nothing special.
 */

type ExcelModule = typeof import('exceljs');

async function loadExcel(): Promise<ExcelModule> {
  const mod = (await import('exceljs')) as ExcelModule & { default?: ExcelModule };
  // CommonJS under Node puts the API on `default`; the browser build exposes it directly
  return mod.default ?? mod;
}

/** Excel forbids these in sheet names and caps them at 31 characters. */
function sheetNameOf(name: string): string {
  const clean = name.replace(/[[\]:*?/\\]/g, ' ').trim();
  return (clean === '' ? 'Sheet1' : clean).slice(0, 31);
}

/** The XLSX file's bytes: one sheet, bold frozen header row, columns sized to their content. */
export async function buildXlsx(table: ExportTable, sheetName: string): Promise<Uint8Array> {
  const { Workbook } = await loadExcel();
  const workbook = new Workbook();
  const sheet = workbook.addWorksheet(sheetNameOf(sheetName), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  const text = new Set(table.textColumns ?? []);
  sheet.columns = table.columns.map((header, i) => ({
    header,
    key: `c${i}`,
    width: Math.min(
      60,
      Math.max(header.length, ...table.rows.slice(0, 500).map((r) => (r[i] ?? '').length)) + 2,
    ),
    ...(text.has(i) ? { style: { numFmt: '@' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  // every cell is written as a string: the list shows text, and numbers such as sn must stay exact
  for (const row of table.rows) sheet.addRow(table.columns.map((_, i) => row[i] ?? ''));
  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer);
}
