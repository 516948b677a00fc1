/**
 * A table's header row of plain column names, in the order given: `<thead><tr><th scope="col">`. The caller
 * translates each column key (so the keys stay typed), and its cells can give the same text as their `data-label`.
 */
export function ColumnHeads<K extends string>({
  columns,
  label,
}: {
  readonly columns: readonly K[];
  readonly label: (column: K) => string;
}) {
  return (
    <thead>
      <tr>
        {columns.map((c) => (
          <th key={c} scope="col">
            {label(c)}
          </th>
        ))}
      </tr>
    </thead>
  );
}
