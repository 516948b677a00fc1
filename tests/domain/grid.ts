/**
 * Reads a readable role × column grid written in a test, e.g.
 *   role      | a | b
 *   R000      | x | .
 *   R011-R013 | . | x
 * A first cell with a range (R011-R013) stands for every code in it, so tables stay as short as the spec's lists.
 * Cells are 'x' (yes) or '.' (no). The expansion is written here on purpose, independent of src/domain's roleSet.
 */
export interface GridRow {
  role: string;
  cells: Record<string, boolean>;
}

export function grid(text: string): { columns: string[]; rows: GridRow[] } {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const split = (l: string) => l.split('|').map((c) => c.trim());
  const [head, ...body] = lines;
  if (head === undefined) throw new Error('grid: empty');
  const columns = split(head).slice(1);
  const rows: GridRow[] = [];
  for (const line of body) {
    const [first = '', ...cells] = split(line);
    if (cells.length !== columns.length) throw new Error(`grid: wrong cell count in "${line}"`);
    const values: Record<string, boolean> = {};
    columns.forEach((c, i) => {
      const v = cells[i];
      if (v !== 'x' && v !== '.') throw new Error(`grid: bad cell "${v}" in "${line}"`);
      values[c] = v === 'x';
    });
    const range = /^R(\d{3})-R(\d{3})$/.exec(first);
    const codes = range
      ? Array.from(
          { length: Number(range[2]) - Number(range[1]) + 1 },
          (_, k) => `R${String(Number(range[1]) + k).padStart(3, '0')}`,
        )
      : [first];
    for (const role of codes) rows.push({ role, cells: values });
  }
  return { columns, rows };
}
