/**
 * The contacts list's CSV download in the browser (csv-stringify's browser build): a byte-order mark first
 * (spreadsheets read UTF-8) and formulas escaped (a cell starting with =, +, -, @, tab or CR gets a leading quote).
 */
import { stringify } from 'csv-stringify/browser/esm/sync';

export function downloadCsv(fileName: string, header: string[], rows: string[][]): void {
  const text = stringify([header, ...rows], { bom: true, escape_formulas: true });
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
