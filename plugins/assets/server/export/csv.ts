/**
 * The CSV export of the asset list (issue 17, part F): every asset matching the list's filters, in its sort order,
 * streamed. Rows are read `EXPORT_CHUNK_ROWS` at a time (keyset paging, store.ts selectAssetChunks) within the
 * request's transaction, each row gets its lifecycle from shared/lifecycle.ts (as the list's rows do), and goes through
 * csv-stringify (byte-order mark for spreadsheets, formulas escaped: a cell starting with =, +, -, @, tab or CR gets a
 * leading quote, as the workspace's own CSV downloads) straight to the HTTP response, with back-pressure: the next
 * chunk is read only when the client has taken the last, so memory stays about one chunk whatever the row count.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type Koa from 'koa';
import type { Trx } from '../../../../kernel/index';
import type { Asset } from '../../shared/api';
import { LIFECYCLE_LABELS, todayUtc, type EolState, type WarrantyState } from '../../shared/lifecycle';
import { toAsset } from '../service';
import { selectAssetChunks, type AssetQuery } from '../store';

export const CSV_OPTIONS = { bom: true, escape_formulas: true } as const;

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
export const CSV_COLUMNS: readonly (readonly [string, (a: Asset) => Cell])[] = [
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
export const csvFileName = (asOf: string): string => `assets-${asOf}.csv`;

/**
 * The records of the file: the header, then one per asset, chunk by chunk. The first chunk is read before the header
 * is given, so a failing query fails before anything is sent.
 */
export async function* csvRecords(
  db: Trx,
  q: AssetQuery,
  asOf: string,
  chunkRows?: number,
  tenantId?: number,
): AsyncGenerator<Cell[]> {
  const chunks = selectAssetChunks(db, q, asOf, chunkRows, tenantId);
  let next = await chunks.next();
  yield CSV_COLUMNS.map(([h]) => h);
  while (!next.done) {
    for (const r of next.value) {
      const a = toAsset(r, asOf);
      yield CSV_COLUMNS.map(([, v]) => v(a) ?? '');
    }
    next = await chunks.next();
  }
}

/**
 * Writes the CSV to the response while the request's transaction is open (the kernel's reply is JSON or a buffer, and
 * the transaction ends when the handler returns): headers first, then the rows as they are read. An error after the
 * first bytes can no longer be a status: the connection is cut, so the client sees an incomplete download, never a
 * silently short file.
 */
export async function streamAssetsCsv(db: Trx, q: AssetQuery, koa: Koa.Context, tenantId?: number): Promise<void> {
  const asOf = q.asOf ?? todayUtc();
  const records = csvRecords(db, q, asOf, undefined, tenantId);
  // The first chunk is read (csvRecords) before anything is sent, so a failing query still answers an error status.
  const first = await records.next();
  koa.respond = false;
  const res = koa.res;
  res.statusCode = 200;
  for (const [h, v] of Object.entries(koa.response.headers)) if (v !== undefined) res.setHeader(h, v as string);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${csvFileName(asOf)}"`);
  res.setHeader('Cache-Control', 'no-store');
  const all = (async function* () {
    if (!first.done) yield first.value;
    yield* records;
  })();
  try {
    await pipeline(Readable.from(all), stringify(CSV_OPTIONS), res);
  } catch (e) {
    res.destroy(e as Error);
    // A client that went away is no error of ours; anything else is logged by the caller's error handling.
    if (!res.writableEnded && (e as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw e;
  }
}
