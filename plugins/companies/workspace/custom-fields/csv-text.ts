/**
 * The CSV text of a list download, given csv-stringify's sync `stringify` (the browser build in the workspace, the
 * Node build in tests): a byte-order mark first (spreadsheets read UTF-8) and formulas escaped (a cell starting with
 * =, +, -, @, tab or CR, also after leading whitespace, gets a leading quote, so a value someone typed cannot run in a
 * spreadsheet: common/csv-formula.ts).
 */
import { guardFormula } from '../../../../common/csv-formula';

type Cell = string | number | boolean | null | undefined;
type Stringify = (records: unknown[][], options: Record<string, unknown>) => string;

export function csvText(stringify: Stringify, header: string[], rows: Cell[][]): string {
  return stringify([header, ...rows.map((r) => r.map((c) => (c === null || c === undefined ? '' : c)))], {
    bom: true,
    cast: { boolean: (b: boolean) => (b ? 'true' : 'false'), string: guardFormula },
  });
}
