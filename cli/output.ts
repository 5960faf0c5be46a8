/** Output of listings: an aligned text table, or JSON with --json. Data goes to stdout, nothing else does. */
export interface Column<T> {
  header: string;
  value: (row: T) => unknown;
}

export function write(text: string): void {
  process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
}

export function printJson(data: unknown): void {
  write(JSON.stringify(data, null, 2));
}

function cell(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return v.join(', ');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v).replace(/\s+/g, ' ');
}

/** Formats rows as a table with a header line; an empty listing says so. */
export function formatTable<T>(rows: T[], columns: Column<T>[], empty = '(none)'): string {
  if (!rows.length) return empty;
  const cells = rows.map((r) => columns.map((c) => cell(c.value(r))));
  const widths = columns.map((c, i) => Math.max(c.header.length, ...cells.map((r) => r[i].length)));
  const line = (vals: string[]) =>
    vals
      .map((v, i) => (i === vals.length - 1 ? v : v.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(columns.map((c) => c.header)), ...cells.map(line)].join('\n');
}

/** Prints a listing: JSON (the rows as given) with --json, otherwise a table. */
export function printList<T>(rows: T[], columns: Column<T>[], opts: { json?: boolean }, empty?: string): void {
  if (opts.json) printJson(rows);
  else write(formatTable(rows, columns, empty));
}
