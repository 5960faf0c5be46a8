/**
 * "Download CSV" of every table page (issue 16 part 4): the page passes what the user sees (its filters applied, its
 * columns, cells formatted as shown) and this builds the CSV in the browser with csv-stringify's browser build (a
 * byte-order mark first, so spreadsheets read UTF-8; formulas escaped: a text cell starting with =, +, -, @, tab or
 * CR, also after leading whitespace, gets a leading quote: common/csv-formula.ts) and starts the download. Then the same rows are offered to every 'csv' handler of the
 * fileExports slot the user may use (workspace/slots.ts; e.g. the reports plugin keeps them in its report locker):
 * the shell names no plugin here.
 */
import { stringify } from 'csv-stringify/browser/esm/sync';
import { guardFormula } from '../common/csv-formula';
import { fileExportsNow } from './file-exports';

export type CsvCell = string | number | boolean | null | undefined;
export interface CsvExport {
  /** The file the browser saves, e.g. 'companies.csv' (.csv is added when missing). */
  fileName: string;
  header: string[];
  rows: CsvCell[][];
  /** false: download only, never offered to the fileExports handlers (e.g. internal admin exports). */
  keep?: boolean;
}

/** The API's JSON bodies stop at 10 MB: a larger table downloads without being offered to the handlers. */
const HANDLER_MAX_CHARS = 8_000_000;

const cell = (c: CsvCell): string | number | null =>
  c === null || c === undefined ? null : typeof c === 'boolean' ? (c ? 'true' : 'false') : c;

/** The CSV text (BOM first, formulas escaped). */
export function csvText(header: string[], rows: CsvCell[][]): string {
  return stringify([header, ...rows.map((r) => r.map((c) => cell(c) ?? ''))], {
    bom: true,
    cast: { string: guardFormula },
  });
}

/** Starts the browser's download of a text file. */
export function saveFile(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Downloads the rows as a CSV file, then offers them to the 'csv' file exports the user may use (in order, one after
 * the other). Resolves with whether one kept it (the download itself never waits; a handler's failure is logged, not
 * shown).
 */
export async function downloadCsv({ fileName, header, rows, keep = true }: CsvExport): Promise<{ kept: boolean }> {
  const name = /\.csv$/i.test(fileName) ? fileName : `${fileName}.csv`;
  const text = csvText(header, rows);
  saveFile(name, text);
  if (!keep || text.length > HANDLER_MAX_CHARS) return { kept: false };
  const found = fileExportsNow('csv');
  if (!found || !found.items.length) return { kept: false };
  const file = { fileName: name, header, rows: rows.map((r) => r.map(cell)) };
  let kept = false;
  for (const item of found.items) {
    try {
      const handler = (await item.load()).default;
      await handler(found.tenantId, file);
      kept = true;
    } catch (e) {
      console.warn(`The CSV could not be passed to ${item.title}`, e);
    }
  }
  return { kept };
}
