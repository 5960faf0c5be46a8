/**
 * Reads the CSV text of an import into rows keyed by column (csv-parse): a BOM is dropped, headers match the kind's
 * columns case-insensitively (spaces and dashes as _, aliases allowed), cells are trimmed and empty cells are absent.
 * A file the import cannot read at all (broken quoting, unknown or missing columns, too many rows) is a CsvFileError.
 */
import { CsvError, parse } from 'csv-parse/sync';
import type { CsvImportDef, CsvRejection } from './csv-import';
import { columnsOf } from './csv-import';

const MAX_IMPORT_ROWS = 50_000;

export class CsvFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CsvFileError';
  }
}

interface ParsedCsv {
  /** Data rows with the line they start on; cells by column name. */
  rows: { line: number; cells: Record<string, string | undefined> }[];
  /** Rows that cannot be read as rows (wrong number of fields). */
  rejected: CsvRejection[];
}

const normalizeHeader = (h: string): string =>
  h
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

const BREAKS = /\r\n|\r|\n/g;
const countBreaks = (s: string): number => s.match(BREAKS)?.length ?? 0;

export function parseCsv(def: CsvImportDef, text: string): ParsedCsv {
  const buf = Buffer.from(text, 'utf8');
  let records: { record: string[]; info: { bytes: number } }[];
  try {
    records = parse(buf, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
      record_delimiter: ['\r\n', '\n', '\r'],
    }) as unknown as typeof records;
  } catch (e) {
    if (e instanceof CsvError)
      throw new CsvFileError(`The file is not valid CSV: ${e.message.replace(/^Invalid [^:]*: /, '')}`);
    throw e;
  }
  if (records.length === 0) throw new CsvFileError('The file is empty: the first line must name the columns.');
  if (records.length - 1 > MAX_IMPORT_ROWS)
    throw new CsvFileError(
      `The file has ${records.length - 1} rows; at most ${MAX_IMPORT_ROWS} can be imported at once.`,
    );

  // The line each record starts on, counted from the bytes csv-parse consumed (its own line count drifts after a
  // quoted cell with a CR LF): empty lines before a record are skipped, a cell with line breaks spans lines.
  const lines: number[] = [];
  let pos = 0;
  let line = 1;
  for (const { info } of records) {
    const seg = buf.subarray(pos, info.bytes).toString('utf8');
    lines.push(line + countBreaks(/^(?:\r\n|\r|\n)*/.exec(seg)![0]));
    line += countBreaks(seg);
    pos = info.bytes;
  }

  const known = columnsOf(def);
  const names = new Set(known.map((c) => c.name));
  const aliases = new Map(Object.entries(def.aliases ?? {}).map(([a, c]) => [normalizeHeader(a), c]));
  const head = records[0].record;
  if (head.some((h) => h.includes('\u0000')))
    throw new CsvFileError('The first line (the column names) may not contain the NUL character.');
  const header = head.map((raw) => {
    const h = normalizeHeader(raw);
    return names.has(h) ? h : (aliases.get(h) ?? null);
  });
  const unknown = head.filter((_, i) => header[i] === null && head[i].trim() !== '');
  if (unknown.length)
    throw new CsvFileError(
      `Unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((u) => `"${u.trim()}"`).join(', ')}; the columns are ${known.map((c) => c.name).join(', ')}.`,
    );
  const seen = new Set<string>();
  for (const h of header) {
    if (h === null) continue;
    if (seen.has(h)) throw new CsvFileError(`The column ${h} appears twice.`);
    seen.add(h);
  }
  const missing = known.filter((c) => c.required && !seen.has(c.name)).map((c) => c.name);
  if (missing.length)
    throw new CsvFileError(`Missing required column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}.`);

  const out: ParsedCsv = { rows: [], rejected: [] };
  records.forEach(({ record }, i) => {
    if (i === 0 || record.every((c) => c.trim() === '')) return;
    if (record.length !== header.length) {
      out.rejected.push({ line: lines[i], reasons: [`has ${record.length} fields; the header has ${header.length}`] });
      return;
    }
    const cells: Record<string, string | undefined> = {};
    header.forEach((h, j) => {
      if (h === null) return;
      const v = record[j].trim();
      cells[h] = v === '' ? undefined : v;
    });
    out.rows.push({ line: lines[i], cells });
  });
  return out;
}
