/**
 * The CSV export of the asset list (issue 17, part F): every asset matching the list's filters, in its sort order,
 * streamed. Rows are read `EXPORT_CHUNK_ROWS` at a time (keyset paging, store.ts selectAssetChunks) within the
 * request's transaction, each row gets its lifecycle from shared/lifecycle.ts (as the list's rows do), and goes through
 * csvLine in csv-stringify's format with CSV_OPTIONS (byte-order mark for spreadsheets, formulas escaped: a cell
 * starting with =, +, -, @, tab or CR, also after leading whitespace, gets a leading quote, as the workspace's own CSV
 * downloads: common/csv-formula.ts), one string per
 * chunk, straight to the HTTP response with back-pressure: the next chunk is read only when the client has taken the
 * last, so memory stays about one chunk whatever the row count.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type Koa from 'koa';
import type { Trx } from '../../../../kernel/index';
import { guardFormula } from '../../../../common/csv-formula';
import type { Asset } from '../../shared/api';
import { tenantTodayOf } from '../../../settings/public';
import { LIFECYCLE_LABELS, type EolState, type WarrantyState } from '../../shared/lifecycle';
import { toAsset } from '../service';
import { selectAssetChunks, type AssetQuery } from '../store';

export const CSV_OPTIONS = { bom: true, cast: { string: guardFormula } } as const;

const WARRANTY_LABELS: Record<WarrantyState, string> = {
  in_warranty: 'In warranty',
  expiring: 'Expiring',
  expired: 'Expired',
  unknown: 'Unknown',
};
const EOL_LABELS: Record<EolState, string> = {
  ok: 'OK',
  approaching: 'Approaching',
  reached: 'Reached',
  unknown: 'Unknown',
};

type Cell = string | number | null;
/** The columns of the file: header (the spec's words) and value. Dates are ISO (YYYY-MM-DD; times in UTC). */
const CSV_COLUMNS: readonly (readonly [string, (a: Asset) => Cell])[] = [
  ['Asset ID', (a) => a.asset_id],
  ['Name', (a) => a.name],
  ['Company', (a) => a.company_moniker],
  ['Asset Type', (a) => a.asset_type_moniker],
  ['Status', (a) => a.status_moniker],
  ['Serial Number', (a) => a.serial],
  ['Make', (a) => a.make],
  ['Model', (a) => a.model],
  ['Operating System', (a) => a.operating_system],
  ['Assigned To', (a) => a.assigned_to],
  ['Purchase Date', (a) => a.purchase_date],
  ['Warranty Start', (a) => a.warranty_start],
  ['Warranty Expiry', (a) => a.warranty_expiry],
  ['Warranty State', (a) => WARRANTY_LABELS[a.warranty_state]],
  ['Age (Months)', (a) => a.age_months],
  ['End of Life Date', (a) => a.replacement_due],
  ['End of Life State', (a) => EOL_LABELS[a.eol_state]],
  ['Lifecycle State', (a) => LIFECYCLE_LABELS[a.lifecycle_state]],
  ['Replacement Due', (a) => a.replacement_due],
  ['Due Soon', (a) => (a.due_soon === null ? null : a.due_soon === 'overdue' ? 'Overdue' : `${a.due_soon} days`)],
  ['Cost', (a) => a.cost],
  ['Replacement Cost', (a) => a.replacement_cost],
  ['Source', (a) => a.source],
  ['Last Seen', (a) => a.last_seen_at],
  ['Notes', (a) => a.notes],
];

/** assets-YYYY-MM-DD.csv, the day the lifecycle was computed for. */
const csvFileName = (asOf: string): string => `assets-${asOf}.csv`;

/**
 * The records of the file chunk by chunk: the header alone, then the rows of each chunk read. The first chunk is read
 * before the header is given, so a failing query fails before anything is sent.
 */
async function* csvChunks(
  db: Trx,
  q: AssetQuery,
  asOf: string,
  chunkRows?: number,
  tenantId?: number,
): AsyncGenerator<Cell[][]> {
  const chunks = selectAssetChunks(db, q, asOf, chunkRows, tenantId);
  let next = await chunks.next();
  yield [CSV_COLUMNS.map(([h]) => h)];
  while (!next.done) {
    yield next.value.map((r) => {
      const a = toAsset(r, asOf);
      return CSV_COLUMNS.map(([, v]) => v(a) ?? '');
    });
    next = await chunks.next();
  }
}

/** The records one by one (csvChunks flattened). */
export async function* csvRecords(
  db: Trx,
  q: AssetQuery,
  asOf: string,
  chunkRows?: number,
  tenantId?: number,
): AsyncGenerator<Cell[]> {
  for await (const chunk of csvChunks(db, q, asOf, chunkRows, tenantId)) yield* chunk;
}

const NEEDS_QUOTES = /[",\n\r]/;

/**
 * One record as csv-stringify writes it with CSV_OPTIONS (the same bytes, tests/assets-csv.test.ts parses them back):
 * numbers as they print; text starting like a formula (=, +, -, @, tab, CR and their full-width forms, also after
 * leading whitespace: common/csv-formula.ts) gets a leading quote; a cell holding a comma, quote or line break is quoted with its quotes doubled. Written by hand: a chunk of
 * 5,000 rows becomes one string, instead of 5,000 objects through a stream transform.
 */
export function csvLine(cells: readonly Cell[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i];
    if (i > 0) line += ',';
    if (c === null || c === '') continue;
    if (typeof c === 'number') {
      line += String(c);
      continue;
    }
    let v = guardFormula(c);
    if (NEEDS_QUOTES.test(v)) v = `"${v.replaceAll('"', '""')}"`;
    line += v;
  }
  return line + '\n';
}

/**
 * Writes the CSV to the response while the request's transaction is open (the kernel's reply is JSON or a buffer, and
 * the transaction ends when the handler returns): headers first, then the rows as they are read. An error after the
 * first bytes can no longer be a status: the connection is cut, so the client sees an incomplete download, never a
 * silently short file.
 */
export async function streamAssetsCsv(db: Trx, q: AssetQuery, koa: Koa.Context, tenantId: number): Promise<void> {
  const asOf = q.asOf ?? (await tenantTodayOf(db, tenantId));
  const chunks = csvChunks(db, q, asOf, undefined, tenantId);
  // The first chunk is read (csvChunks) before anything is sent, so a failing query still answers an error status.
  const first = await chunks.next();
  koa.respond = false;
  const res = koa.res;
  res.statusCode = 200;
  for (const [h, v] of Object.entries(koa.response.headers)) if (v !== undefined) res.setHeader(h, v as string);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${csvFileName(asOf)}"`);
  res.setHeader('Cache-Control', 'no-store');
  // One string per chunk (the byte-order mark first, as CSV_OPTIONS' bom), written with back-pressure.
  const text = (async function* () {
    yield '\uFEFF';
    if (!first.done) yield first.value.map(csvLine).join('');
    for await (const chunk of chunks) yield chunk.map(csvLine).join('');
  })();
  try {
    await pipeline(Readable.from(text), res);
  } catch (e) {
    res.destroy(e as Error);
    // A client that went away is no error of ours; anything else is logged by the caller's error handling.
    if (!res.writableEnded && (e as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw e;
  }
}
