/** The locker's pure rules: grouping by report type with show_details, the write flag of payloads, CSV helpers. */
import { buffer } from 'node:stream/consumers';
import { csvFileName, csvStream, firstBadRow } from '../server/locker/csv';
import { groupByType } from '../server/locker/service';
import { withFlags } from '../server/locker/view';
import type { SavedReportRow } from '../server/locker/store';
import { lockerWrites } from '../shared/locker';

const row = (id: number, report_type: string): SavedReportRow => ({
  saved_report_id: id,
  report_type,
  name: `R${id}`,
  file_name: `r${id}`,
  storage_key: `tenants/1/reports/r${id}`,
  content_type: 'text/csv',
  size_bytes: 1,
  status: 'ready',
  error: null,
  source: 'table',
  report_template_id: null,
  template_name: null,
  vers: null,
  tenant_company_id: null,
  company_name: null,
  qbr_id: null,
  qbr_title: null,
  created_by: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  expires_at: null,
});

test('types come in the locker order with their items; show_details defaults on; unknown types follow', () => {
  const reports = [row(1, 'csv'), row(2, 'docx'), row(3, 'csv'), row(4, 'pptx')].map((r) => withFlags(r, false));
  const types = groupByType(reports, new Map([['csv', false]]));
  expect(types.map((t) => [t.report_type, t.label, t.show_details, t.items.map((i) => i.saved_report_id)])).toEqual([
    ['docx', 'Word report', true, [2]],
    ['csv', 'CSV export', false, [1, 3]],
    ['chart', 'Chart image', true, []],
    ['pptx', 'pptx', true, [4]],
  ]);
});

test('a saved report is answered without its storage key, with the write flags of the caller', () => {
  const r = withFlags(row(1, 'csv'), true);
  expect(r).not.toHaveProperty('storage_key');
  expect(r).toMatchObject({ rename_report: true, link_to_qbr: true });
  expect(withFlags(row(1, 'csv'), false)).toMatchObject({ rename_report: false, link_to_qbr: false });
});

test('only list and download are reads', () => {
  expect(['list', 'download'].map((action) => lockerWrites({ action }))).toEqual([false, false]);
  for (const action of ['rename', 'link_to_qbr', 'show_details', 'delete', 'anything'])
    expect(lockerWrites({ action })).toBe(true);
  expect(lockerWrites(null)).toBe(true);
});

test('CSV helpers: the .csv suffix, the first ragged row, and the streamed text (BOM, formulas escaped)', async () => {
  expect(csvFileName(' companies ')).toBe('companies.csv');
  expect(csvFileName('list.CSV')).toBe('list.CSV');
  expect(firstBadRow({ fileName: 'x', header: ['a', 'b'], rows: [['1', 2], ['3']] })).toBe(1);
  expect(firstBadRow({ fileName: 'x', header: ['a'], rows: [['1']] })).toBe(-1);
  const rows = [
    ['@SUM(A1)', -5],
    ['-x', null],
    ['a "q"', 1.5],
  ];
  // Buffer.toString keeps the BOM (a TextDecoder would drop it).
  const out = (await buffer(csvStream(['Name', 'Value'], rows))).toString('utf8');
  expect(out).toBe('\ufeffName,Value\n\'@SUM(A1),-5\n\'-x,\n"a ""q""",1.5\n');
});

test('the kept CSV escapes a formula after leading whitespace too (spreadsheets trim it)', async () => {
  const out = (await buffer(csvStream(['Name'], [[' =1+1'], ['\t+1'], ['\u00a0@x'], [' plain']]))).toString('utf8');
  expect(out).toBe("\ufeffName\n' =1+1\n'\t+1\n'\u00a0@x\n plain\n");
});
