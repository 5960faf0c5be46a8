/**
 * The Stack Alignment Overview CSV (customer-success.md section 9: file named _cs_stack_alignment.csv): exactly what
 * the table shows — the row header and the column names, then each row's name and its cells formatted as on screen
 * (currency without decimals, alignment as a whole percent, missing as --), the Total row last. RFC 4180 quoting;
 * names starting with = + - @, also after leading whitespace (a spreadsheet would run them as formulas), get a
 * leading apostrophe. Pure.
 */
import { guardFormula } from '../../../common/csv-formula';
import { stackCellFormatter, type StackTableView } from './stack-overview';

export const STACK_CSV_FILE_NAME = '_cs_stack_alignment.csv';

/** The rows of the CSV (header first). */
export function stackCsvRows(t: StackTableView, currency: string): string[][] {
  const fmt = stackCellFormatter(t.view, currency);
  return [[t.rowHeader, ...t.columns.map((c) => c.name)], ...t.rows.map((r, i) => [r.name, ...t.cells[i].map(fmt)])];
}

/** A text field a spreadsheet must not run as a formula (common/csv-formula.ts). */
export const safeText = guardFormula;

export function csvField(s: string): string {
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** CSV text (CRLF line ends). The first column (names) is guarded against formulas; cells are formatted values. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return (
    rows.map((r, i) => r.map((f, j) => csvField(j === 0 || i === 0 ? safeText(f) : f)).join(',')).join('\r\n') + '\r\n'
  );
}

export const stackCsv = (t: StackTableView, currency: string): string => toCsv(stackCsvRows(t, currency));
