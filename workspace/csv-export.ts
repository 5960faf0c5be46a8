/**
 * "Download CSV" of every table page (issue 16 part 4): the page passes what the user sees (its filters applied, its
 * columns, cells formatted as shown) and this builds the CSV in the browser with csv-stringify's browser build (a
 * byte-order mark first, so spreadsheets read UTF-8; formulas escaped: a text cell starting with =, +, -, @, tab or
 * CR gets a leading quote) and starts the download. When the reports plugin is on and the user may write in the
 * report locker (Read/Write on /reportlocker), the same rows are also kept there (POST
 * /v3/tenant/:tenantId/reportlocker/csv, the reports plugin's route): the shell owns no point for it yet, so the
 * locker's page key and route are named here (plugins/reports/shared/locker.ts has the same limits).
 */
import { stringify } from 'csv-stringify/browser/esm/sync';
import { pageAccessLevel } from '../common/access-rule';
import { store, sessionAtom } from './state/atoms';
import { api } from './runtime';

export type CsvCell = string | number | boolean | null | undefined;
export interface CsvExport {
  /** The file the browser saves, e.g. 'companies.csv' (.csv is added when missing). */
  fileName: string;
  header: string[];
  rows: CsvCell[][];
  /** false: download only, never kept in the report locker (e.g. internal admin exports). */
  keep?: boolean;
}

const LOCKER_PAGE = '/reportlocker';
const LOCKER_PLUGIN = 'reports';
const LOCKER_MAX_ROWS = 100_000;
const LOCKER_MAX_COLUMNS = 200;
/** The API's JSON bodies stop at 10 MB: a larger table downloads without a locker copy. */
const LOCKER_MAX_CHARS = 8_000_000;

const cell = (c: CsvCell): string | number | null =>
  c === null || c === undefined ? null : typeof c === 'boolean' ? (c ? 'true' : 'false') : c;

/** The CSV text (BOM first, formulas escaped). */
export function csvText(header: string[], rows: CsvCell[][]): string {
  return stringify([header, ...rows.map((r) => r.map((c) => cell(c) ?? ''))], { bom: true, escape_formulas: true });
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

/** The tenant whose locker keeps the file, or null when it does not (plugin off, no write access, no tenant). */
function lockerTenant(): number | null {
  const s = store.get(sessionAtom);
  if (!s) return null;
  const tenantId = s.impersonation?.tenantId ?? s.tenant?.tenantId ?? null;
  if (tenantId == null) return null;
  if (s.plugins && !s.plugins.includes(LOCKER_PLUGIN)) return null;
  return pageAccessLevel(s.user, s.userAccessPages, LOCKER_PAGE) === 'Read/Write' ? tenantId : null;
}

/**
 * Downloads the rows as a CSV file, then keeps them in the report locker when it can. Resolves with whether the
 * locker kept it (the download itself never waits for the locker; a failure to keep is logged, not shown).
 */
export async function downloadCsv({ fileName, header, rows, keep = true }: CsvExport): Promise<{ kept: boolean }> {
  const name = /\.csv$/i.test(fileName) ? fileName : `${fileName}.csv`;
  const text = csvText(header, rows);
  saveFile(name, text);
  const tenantId = keep ? lockerTenant() : null;
  const fits = rows.length <= LOCKER_MAX_ROWS && header.length <= LOCKER_MAX_COLUMNS && text.length <= LOCKER_MAX_CHARS;
  if (tenantId === null || !fits) return { kept: false };
  try {
    await api.post(
      `/v3/tenant/${tenantId}/reportlocker/csv`,
      {
        fileName: name,
        header,
        rows: rows.map((r) => r.map(cell)),
      },
      { expect: 'saved_report_id' },
    );
    return { kept: true };
  } catch (e) {
    console.warn('The CSV could not be kept in the report locker', e);
    return { kept: false };
  }
}
