import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildCsv, CSV_BOM, csvCell, csvText } from '@/services/export/csv.export';
import {
  EXPORT_PAGE_SIZE,
  fetchAllPages,
  type NumberExportRow,
  numbersTable,
} from '@/services/export/numbers.export';
import { type ExportTable, exportFileName } from '@/services/export/table.export';
import { buildXlsx } from '@/services/export/xlsx.export';

/** Cyrillic headers and status names, Uzbek Latin names with U+02BB (oʻ, gʻ) and U+02BC. */
const table: ExportTable = {
  columns: ['Номер', 'Статус', 'Тариф', 'Сотрудник'],
  rows: [
    ['901234567', 'Активен', 'Biznes 50', 'Oʻlmasov Gʻayrat'],
    ['901234568', 'Заблокирован', 'Korporativ; plus', 'Maʼruf "Mirzo" Qoʻchqorov'],
    ['901234569', 'Расторгнут', '', '=HYPERLINK("http://x")'],
  ],
  textColumns: [0],
};

/** A minimal RFC 4180 reader with a `;` separator, for reading the file back. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length) rows.push([...row, cell]);
  return rows;
}

describe('CSV for Excel', () => {
  it('starts with the UTF-8 byte-order mark (EF BB BF) and has no sep= line', () => {
    const bytes = buildCsv(table);

    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).startsWith(`${CSV_BOM}Номер;`)).toBe(
      true,
    );
    expect(csvText(table)).not.toMatch(/sep=/);
  });

  it('reads back cell for cell: Cyrillic, oʻ gʻ (U+02BB), quotes and separators survive', () => {
    const text = new TextDecoder('utf-8').decode(buildCsv(table)); // the decoder drops the BOM

    const rows = parseCsv(text);

    expect(rows[0]).toEqual(table.columns);
    expect(rows[1]).toEqual(['901234567', 'Активен', 'Biznes 50', 'Oʻlmasov Gʻayrat']);
    expect(rows[2]).toEqual(['901234568', 'Заблокирован', 'Korporativ; plus', 'Maʼruf "Mirzo" Qoʻchqorov']);
    expect(rows[1]?.[3]).toContain('\u02BB');
    expect(rows).toHaveLength(4);
  });

  it('uses CRLF line ends and ends with one', () => {
    expect(csvText(table).split('\r\n')).toHaveLength(5);
    expect(csvText(table).endsWith('\r\n')).toBe(true);
    expect(csvText(table).replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it.each([
    ['=1+1', "'=1+1"],
    // a signed number is written as the text formula Excel shows as typed (a leading ' was shown literally)
    ['+998901234567', '"=""+998901234567"""'],
    ['+998 90 123 45 67', '"=""+998 90 123 45 67"""'],
    ['-5', '"=""-5"""'],
    ['-5\u00A0000,50', '"=""-5\u00A0000,50"""'],
    // a sign before anything but digits stays refused as a formula
    ['+A1', "'+A1"],
    ['-1+cmd|calc', "'-1+cmd|calc"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['plain', 'plain'],
    ['a;b', '"a;b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['', ''],
  ])('cell %j → %j (formulas neutralised, quoting per RFC 4180)', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('never writes a cell Excel would run as a formula', () => {
    const rows = parseCsv(new TextDecoder().decode(buildCsv(table)));

    expect(rows[3]?.[3]).toBe('\'=HYPERLINK("http://x")');
  });
});

describe('XLSX through exceljs', () => {
  it('loads back with exceljs: same headers and cells, Cyrillic and oʻ gʻ intact, numbers kept as text', async () => {
    const bytes = await buildXlsx(table, 'Номера');
    const wb = new ExcelJS.Workbook();

    await wb.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);

    const sheet = wb.getWorksheet('Номера');
    if (!sheet) throw new Error('no sheet named Номера');
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(table.columns);
    expect(values(2)).toEqual(['901234567', 'Активен', 'Biznes 50', 'Oʻlmasov Gʻayrat']);
    expect(values(3)).toEqual(['901234568', 'Заблокирован', 'Korporativ; plus', 'Maʼruf "Mirzo" Qoʻchqorov']);
    expect(typeof sheet.getCell('A2').value).toBe('string');
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(1).font?.bold).toBe(true);
  });

  it('is a ZIP (PK signature), the OOXML container Excel opens', async () => {
    const bytes = await buildXlsx(table, 'x');

    expect([...bytes.slice(0, 2)]).toEqual([0x50, 0x4b]);
  });

  it('cleans the sheet name of characters Excel forbids and keeps it within 31 characters', async () => {
    const bytes = await buildXlsx(table, 'a/b:c*d?[e]\\f — очень длинное название листа');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);

    const name = wb.worksheets[0]?.name ?? '';
    expect(name).not.toMatch(/[[\]:*?/\\]/);
    expect(name.length).toBeLessThanOrEqual(31);
  });
});

describe('fetchAllPages', () => {
  const source = (total: number) => {
    const calls: [number, number][] = [];
    const all = Array.from({ length: total }, (_, i) => i);
    const fetch = async (page: number, size: number) => {
      calls.push([page, size]);
      await new Promise((r) => setTimeout(r, (page * 7) % 5)); // answers out of order
      return { rows: all.slice(page * size, page * size + size), totalPages: Math.ceil(total / size) };
    };
    return { fetch, calls, all };
  };

  it('fetches every page of 1000 (the contract maximum) and keeps page order', async () => {
    const { fetch, calls, all } = source(12_345);

    const rows = await fetchAllPages(fetch);

    expect(rows).toEqual(all);
    expect(calls.map(([p]) => p).sort((a, b) => a - b)).toEqual([...Array(13).keys()]);
    expect(new Set(calls.map(([, s]) => s))).toEqual(new Set([EXPORT_PAGE_SIZE]));
    expect(calls[0]?.[0]).toBe(0);
  });

  it('one request for a small list, none more for an empty one', async () => {
    const small = source(7);
    const empty = source(0);

    expect(await fetchAllPages(small.fetch)).toHaveLength(7);
    expect(await fetchAllPages(empty.fetch)).toEqual([]);
    expect(small.calls).toHaveLength(1);
    expect(empty.calls).toHaveLength(1);
  });

  it('runs at most `concurrency` requests at once', async () => {
    let running = 0;
    let peak = 0;
    const fetch = async (page: number) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 2));
      running--;
      return { rows: [page], totalPages: 10 };
    };

    await fetchAllPages(fetch, { size: 1, concurrency: 3 });

    expect(peak).toBe(3);
  });

  it('fails as a whole when one page fails (a partial file would look complete)', async () => {
    const fetch = async (page: number) => {
      if (page === 2) throw { code: 'E009' };
      return { rows: [page], totalPages: 4 };
    };

    await expect(fetchAllPages(fetch, { size: 1 })).rejects.toEqual({ code: 'E009' });
  });
});

describe('numbersTable', () => {
  it('names the columns, the statuses through the given labels, and marks the number column as text', () => {
    const rows: NumberExportRow[] = [
      { sn: '901234567', status: 'S', pricePlan: null, name: 'Gʻulomov Oʻtkir' },
    ];

    const t = numbersTable(rows, {
      number: 'Номер',
      status: 'Статус',
      tariff: 'Тариф',
      employee: 'Сотрудник',
      statusName: (code) => (code === 'S' ? 'Заблокирован' : '?'),
    });

    expect(t).toEqual({
      columns: ['Номер', 'Статус', 'Тариф', 'Сотрудник'],
      rows: [['+998 90 123 45 67', 'Заблокирован', '', 'Gʻulomov Oʻtkir']],
      textColumns: [0],
    });
  });
});

describe('exportFileName', () => {
  it.each([
    [['numbers', '100234561', 'blocked', ''], 'csv', 'numbers-100234561-blocked.csv'],
    [['numbers', '100234561', 'all', '9012'], 'xlsx', 'numbers-100234561-all-9012.xlsx'],
    [['номера', '../x'], 'csv', 'x.csv'],
    [[], 'csv', 'export.csv'],
  ] as const)('%j → %s', (parts, ext, expected) => {
    expect(exportFileName(parts, ext)).toBe(expected);
  });
});
