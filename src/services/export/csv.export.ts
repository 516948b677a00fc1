import type { ExportTable } from './table.export';

/**
 * CSV for Excel (docs/decisions.md, "CSV for Excel"):
 * - UTF-8 with a byte-order mark: without it Excel reads the file in the ANSI code page and Cyrillic and the
 *   Uzbek ʻ turn into mojibake; no `sep=` line, because with one Excel ignores the BOM;
 * - `;` between fields: the list separator of the ru and uz Windows locales, so Excel splits the columns when the
 *   file is opened by double-click;
 * - CRLF line ends (RFC 4180); fields with `;`, `"`, CR or LF are quoted, quotes doubled;
 * - a cell starting with `=`, `+`, `-`, `@`, tab or CR is never run as a formula (CSV injection): server text
 *   (employee names) must not become one. A number written so (`+998 90 123 45 67`, `-5 000`) goes out as the text
 *   formula `="+998 90 123 45 67"`, which Excel and LibreOffice show as written (a leading `'` was shown literally);
 *   any other such cell gets a leading `'`.
 */

/** The byte-order mark at the start of the file. */
export const CSV_BOM = '\uFEFF';
/** Field separator. */
export const CSV_SEPARATOR = ';';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[;"\r\n]/;

/** A phone, an amount or a count with a sign: digits, spaces, brackets, dots, commas and dashes only. */
const SIGNED_NUMBER = /^[+-][\d\s\u00A0().,-]*\d[\d\s\u00A0().,-]*$/;

/** One field, neutralised against formulas and quoted when needed. */
export function csvCell(value: string): string {
  const safe = !FORMULA_START.test(value) ? value : SIGNED_NUMBER.test(value) ? `="${value}"` : `'${value}`;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The CSV text, BOM first. */
export function csvText(table: ExportTable): string {
  const lines = [table.columns, ...table.rows].map((row) => row.map(csvCell).join(CSV_SEPARATOR));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}

/** The CSV file's bytes (UTF-8, with BOM). */
export function buildCsv(table: ExportTable): Uint8Array {
  return new TextEncoder().encode(csvText(table));
}
