/**
 * CSV export kept in the report locker (issue 16 part 4): the rows a table page shows are streamed through
 * csv-stringify (byte-order mark for Excel, formulas escaped: a cell starting with =, +, -, @, tab or CR, also after leading whitespace, gets a
 * leading quote) into storage, and a saved_reports row (report_type 'csv', status 'ready') records it.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { guardFormula } from '../../../../common/csv-formula';
import type { Kernel, Trx } from '../../../../kernel/index';
import { badRequest } from '../../../../kernel/index';
import { LOCKER_LINK_SECONDS, MSG_CSV_ROW_WIDTH, type CsvExportBody } from '../../shared/locker';
import { reportExpiry } from '../../shared/retention';
import { insertSavedReport } from './store';

const CSV_OPTIONS = { bom: true, cast: { string: guardFormula } } as const;

/** The file name as saved: trimmed, ending in .csv. */
export const csvFileName = (name: string): string => (/\.csv$/i.test(name.trim()) ? name.trim() : `${name.trim()}.csv`);

/** The index of the first row whose width differs from the header's, or -1. */
export const firstBadRow = (b: CsvExportBody): number => b.rows.findIndex((r) => r.length !== b.header.length);

/** The CSV text of a header and rows as a stream (one record at a time). */
export function csvStream(header: string[], rows: CsvExportBody['rows']): Readable {
  const records = (function* () {
    yield header;
    for (const r of rows) yield r;
  })();
  return Readable.from(records).pipe(stringify(CSV_OPTIONS));
}

export async function keepCsv(
  k: Kernel,
  db: Trx,
  tenantId: number,
  userId: number,
  body: CsvExportBody,
): Promise<{ saved_report_id: number; download_url: string }> {
  const bad = firstBadRow(body);
  if (bad >= 0) throw badRequest(MSG_CSV_ROW_WIDTH, [{ path: `body.rows.${bad}`, message: MSG_CSV_ROW_WIDTH }]);
  const fileName = csvFileName(body.fileName);
  const key = `tenants/${tenantId}/reports/csv/${randomUUID()}.csv`;
  const { bytes } = await k.storage.putStream(key, csvStream(body.header, body.rows), 'text/csv; charset=utf-8');
  try {
    const id = await insertSavedReport(db, {
      tenant_id: tenantId,
      report_type: 'csv',
      name: fileName.replace(/\.csv$/i, ''),
      file_name: fileName,
      storage_key: key,
      content_type: 'text/csv',
      size_bytes: bytes,
      status: 'ready',
      source: 'table',
      created_by: userId,
      expires_at: reportExpiry(),
    });
    return { saved_report_id: id, download_url: k.storage.signedUrl(key, LOCKER_LINK_SECONDS, { fileName }) };
  } catch (e) {
    await k.storage.delete(key).catch(() => undefined);
    throw e;
  }
}
