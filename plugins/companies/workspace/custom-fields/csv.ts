/**
 * A list's CSV download: csv-stringify with a byte-order mark (spreadsheets read UTF-8) and formulas escaped (a cell
 * starting with =, +, -, @, tab or CR gets a leading quote, so a value typed by someone cannot run in a spreadsheet).
 */
import { stringify } from 'csv-stringify/sync';

export function toCsv(header: string[], rows: (string | number | boolean | null | undefined)[][]): string {
  return stringify([header, ...rows.map((r) => r.map((c) => (c === null || c === undefined ? '' : c)))], {
    bom: true,
    escape_formulas: true,
    cast: { boolean: (b) => (b ? 'true' : 'false') },
  });
}

/** Starts the browser's download of a text file. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
