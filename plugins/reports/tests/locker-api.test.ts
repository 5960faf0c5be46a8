/**
 * The report locker through the API (customer-success.md 3 and 7, platform.md 3): list with report types (items,
 * show_details remembered per user), rename_report, link_to_qbr, delete (confirmed; the file goes too), download
 * (a signed link that works; another tenant's report is a 404), Read Only (list and download only), the realtime
 * function AsyncReportLocker answering as its POST fallback, the CSV export route (formulas escaped, BOM, limits)
 * and the retention purge.
 */
import {
  makeTenant,
  makeUser,
  openSocket,
  startTestServer,
  type TestServer,
  type TestSocket,
  type TestTenant,
} from '../../../tests/sdk';
import { linkedReports, linkToQbr } from '../public';
import { lockerJobs, LOCKER_PURGE_CRON, LOCKER_PURGE_JOB } from '../server/locker/index';
import { purgeExpiredReports } from '../server/locker/retention';
import { CSV_MAX_ROWS, LOCKER_FUNCTION, lockerPaths, type LockerListAnswer, type SavedReport } from '../shared/locker';
import { REPORT_LOCKER_PAGE } from '../shared/pages';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
let sock: TestSocket;

const locker = (t: TestTenant, payload: unknown) => t.api('POST', lockerPaths.locker(t.tenantId), payload);
const list = async (t: TestTenant): Promise<LockerListAnswer> => {
  const r = await locker(t, { action: 'list' });
  expect(r.status).toBe(200);
  return r.body;
};
const csv = (t: TestTenant, body: unknown) => t.api('POST', lockerPaths.csv(t.tenantId), body);
async function keep(t: TestTenant, fileName: string, rows: (string | number | null)[][] = [['a', 1]]) {
  const r = await csv(t, { fileName, header: ['Name', 'Count'], rows });
  expect(r.status).toBe(200);
  return r.body as { saved_report_id: number; download_url: string };
}
const find = (l: LockerListAnswer, id: number) => l.saved_reports.find((r) => r.saved_report_id === id);

/** A user of tenant t whose group has /reportlocker with `level`. */
const userOf = (t: TestTenant, level: 'Read Only' | 'Read/Write') =>
  makeUser(s.k, s.url, t, { pages: [{ url: REPORT_LOCKER_PAGE, access_level: level }] });

beforeAll(async () => {
  s = await startTestServer({ plugins: ['reports'], jobs: false });
  a = await makeTenant(s.k, s.url);
  b = await makeTenant(s.k, s.url);
  sock = openSocket(s.url, a.token);
  await sock.ready;
}, 120_000);
afterAll(async () => {
  await sock?.close();
  await s?.stop();
});

test('a CSV export is kept: formulas escaped, BOM first, listed under CSV export as ready', async () => {
  const kept = await keep(a, 'Companies list', [
    ['=1+1', 3],
    ['+cmd', -2],
    ['Plain, with comma', null],
  ]);
  const res = await fetch(kept.download_url);
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trim().split('\n');
  expect(lines).toEqual(['Name,Count', "'=1+1,3", "'+cmd,-2", '"Plain, with comma",']);

  const l = await list(a);
  const row = find(l, kept.saved_report_id)!;
  expect(row).toMatchObject({
    report_type: 'csv',
    name: 'Companies list',
    file_name: 'Companies list.csv',
    status: 'ready',
    size_bytes: bytes.length,
    rename_report: true,
    link_to_qbr: true,
  });
  expect(row).not.toHaveProperty('storage_key');
  expect(l.report_types.map((t) => [t.report_type, t.label])).toEqual([
    ['docx', 'Word report'],
    ['csv', 'CSV export'],
    ['chart', 'Chart image'],
  ]);
  expect(l.report_types.find((t) => t.report_type === 'csv')!.items.map((r) => r.saved_report_id)).toContain(
    kept.saved_report_id,
  );
  expect(l.report_types.find((t) => t.report_type === 'docx')!.items).toEqual([]);
});

test('the CSV route refuses what it cannot keep with 400s naming the field, and keeps nothing', async () => {
  const before = (await list(a)).saved_reports.length;
  const tooMany = Array.from({ length: CSV_MAX_ROWS + 1 }, () => ['x']);
  const r1 = await a.api('POST', lockerPaths.csv(a.tenantId), { fileName: 'big', header: ['A'], rows: tooMany });
  expect(r1.status).toBe(400);
  expect(JSON.stringify(r1.body)).toContain('body.rows');
  const r2 = await csv(a, { fileName: 'wide', header: Array.from({ length: 201 }, (_, i) => `c${i}`), rows: [] });
  expect(r2.status).toBe(400);
  expect(JSON.stringify(r2.body)).toContain('body.header');
  const r3 = await csv(a, { fileName: 'ragged', header: ['A', 'B'], rows: [['1', '2'], ['only one']] });
  expect(r3.status).toBe(400);
  expect(JSON.stringify(r3.body)).toContain('body.rows.1');
  const r4 = await csv(a, { fileName: '  ', header: ['A'], rows: [] });
  expect(r4.status).toBe(400);
  expect(JSON.stringify(r4.body)).toContain('body.fileName');
  expect((await list(a)).saved_reports.length).toBe(before);
}, 60_000);

test('rename_report trims the name; an empty or too long name is a clear 400', async () => {
  const { saved_report_id } = await keep(a, 'To rename');
  const ok = await locker(a, { action: 'rename', saved_report_id, name: '  Q3 review export  ' });
  expect(ok.status).toBe(200);
  expect(ok.body.saved_report.name).toBe('Q3 review export');
  const empty = await locker(a, { action: 'rename', saved_report_id, name: '   ' });
  expect(empty.status).toBe(400);
  expect(empty.body.error.message).toContain('Enter a name for the report.');
  const long = await locker(a, { action: 'rename', saved_report_id, name: 'x'.repeat(201) });
  expect(long.status).toBe(400);
  expect(long.body.error.message).toContain('at most 200 characters');
  expect(find(await list(a), saved_report_id)!.name).toBe('Q3 review export');
});

test('link_to_qbr stores the review and shows it; null unlinks; public readers see the link', async () => {
  const { saved_report_id } = await keep(a, 'For the QBR');
  const linked = await locker(a, {
    action: 'link_to_qbr',
    saved_report_id,
    qbr: { qbr_id: 4242, title: 'Q3 Business Review' },
  });
  expect(linked.status).toBe(200);
  expect(find(await list(a), saved_report_id)).toMatchObject({ qbr_id: 4242, qbr_title: 'Q3 Business Review' });
  const viaPublic = await s.k.db.withTenant(a.tenantId, (db) => linkedReports(db, 4242));
  expect(viaPublic.map((r) => r.saved_report_id)).toEqual([saved_report_id]);
  expect(await s.k.db.withTenant(b.tenantId, (db) => linkedReports(db, 4242))).toEqual([]);
  expect(await s.k.db.withTenant(b.tenantId, (db) => linkToQbr(db, saved_report_id, null))).toBe(false);

  expect((await locker(a, { action: 'link_to_qbr', saved_report_id, qbr: null })).status).toBe(200);
  expect(find(await list(a), saved_report_id)).toMatchObject({ qbr_id: null, qbr_title: null });
  expect(await s.k.db.withTenant(a.tenantId, (db) => linkToQbr(db, saved_report_id, { qbr_id: 7, title: ' T ' }))).toBe(
    true,
  );
  expect(find(await list(a), saved_report_id)).toMatchObject({ qbr_id: 7, qbr_title: 'T' });
});

test('show_details is remembered per report type and per user', async () => {
  const other = await userOf(a, 'Read/Write');
  expect((await list(a)).report_types.every((t) => t.show_details)).toBe(true);
  const r = await locker(a, { action: 'show_details', report_type: 'csv', show_details: false });
  expect(r.status).toBe(200);
  const mine = (await list(a)).report_types;
  expect(mine.find((t) => t.report_type === 'csv')!.show_details).toBe(false);
  expect(mine.find((t) => t.report_type === 'docx')!.show_details).toBe(true);
  expect((await list(other)).report_types.find((t) => t.report_type === 'csv')!.show_details).toBe(true);
  expect((await locker(a, { action: 'show_details', report_type: 'nope', show_details: true })).status).toBe(400);
});

test('delete needs confirm: true, then removes the file and the row, audited', async () => {
  const { saved_report_id, download_url } = await keep(a, 'To delete');
  const unconfirmed = await locker(a, { action: 'delete', saved_report_id });
  expect(unconfirmed.status).toBe(400);
  expect(unconfirmed.body.error.message).toContain('confirm: true');
  expect(find(await list(a), saved_report_id)).toBeDefined();
  expect((await fetch(download_url)).status).toBe(200);

  const del = await locker(a, { action: 'delete', saved_report_id, confirm: true });
  expect(del.status).toBe(200);
  expect(find(await list(a), saved_report_id)).toBeUndefined();
  expect((await fetch(download_url)).status).toBe(404);
  const audit = await s.k.db.withSystem((db) =>
    db('audit_log').where({ action: 'reports.locker.delete', target: String(saved_report_id) }),
  );
  expect(audit).toHaveLength(1);
  expect((await locker(a, { action: 'delete', saved_report_id, confirm: true })).status).toBe(404);
});

test('download answers a fresh signed link that works; another tenant gets 404; a pending report is refused', async () => {
  const { saved_report_id } = await keep(a, 'To download', [['x', 1]]);
  const r = await locker(a, { action: 'download', saved_report_id });
  expect(r.status).toBe(200);
  expect(r.body.file_name).toBe('To download.csv');
  const res = await fetch(r.body.download_url);
  expect(res.status).toBe(200);
  expect(await res.text()).toContain('Name,Count');
  expect((await locker(b, { action: 'download', saved_report_id })).status).toBe(404);
  expect((await locker(b, { action: 'rename', saved_report_id, name: 'Mine now' })).status).toBe(404);
  expect(find(await list(b), saved_report_id)).toBeUndefined();

  const pending = await s.k.db.withTenant(a.tenantId, async (db) => {
    const [row] = await db('saved_reports')
      .insert({
        tenant_id: a.tenantId,
        report_type: 'docx',
        name: 'Word in progress',
        file_name: 'word.docx',
        content_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        status: 'pending',
      })
      .returning('saved_report_id');
    return Number(row.saved_report_id);
  });
  const refused = await locker(a, { action: 'download', saved_report_id: pending });
  expect(refused.status).toBe(400);
  expect(refused.body.error.message).toBe('The report is not ready to download.');
  const docx = (await list(a)).report_types.find((t) => t.report_type === 'docx')!;
  expect(docx.items.map((i: SavedReport) => [i.name, i.status])).toEqual([['Word in progress', 'pending']]);
});

test('Read Only may list and download but not rename, link, toggle, delete or keep a CSV (403)', async () => {
  const { saved_report_id } = await keep(a, 'Shared report');
  const reader = await userOf(a, 'Read Only');
  const l = await list(reader);
  const row = find(l, saved_report_id)!;
  expect(row).toMatchObject({ rename_report: false, link_to_qbr: false });
  expect((await locker(reader, { action: 'download', saved_report_id })).status).toBe(200);
  for (const payload of [
    { action: 'rename', saved_report_id, name: 'No' },
    { action: 'link_to_qbr', saved_report_id, qbr: { qbr_id: 1, title: 'No' } },
    { action: 'show_details', report_type: 'csv', show_details: false },
    { action: 'delete', saved_report_id, confirm: true },
  ])
    expect((await locker(reader, payload)).status).toBe(403);
  expect((await csv(reader, { fileName: 'x', header: ['A'], rows: [] })).status).toBe(403);
  // The same over the socket.
  const rs = openSocket(s.url, reader.token);
  await rs.ready;
  try {
    expect((await rs.invoke(LOCKER_FUNCTION, { action: 'list' })).ok).toBe(true);
    const refused = await rs.invoke(LOCKER_FUNCTION, { action: 'delete', saved_report_id, confirm: true });
    expect(refused.ok).toBe(false);
    expect(refused.error?.status).toBe(403);
  } finally {
    await rs.close();
  }
  expect(find(await list(a), saved_report_id)!.name).toBe('Shared report');
  const none = await makeTenant(s.k, s.url, { tenantAdmin: false, pages: [] });
  expect((await locker(none, { action: 'list' })).status).toBe(403);
});

test('AsyncReportLocker over the socket answers as the POST fallback', async () => {
  const { saved_report_id } = await keep(a, 'Realtime one');
  const ws = await sock.invoke(LOCKER_FUNCTION, { action: 'list' });
  expect(ws.ok).toBe(true);
  expect(ws.data).toEqual(await list(a));
  const renamed = await sock.invoke(LOCKER_FUNCTION, { action: 'rename', saved_report_id, name: 'Renamed live' });
  expect(renamed.ok).toBe(true);
  expect(find(await list(a), saved_report_id)!.name).toBe('Renamed live');
  const bad = await sock.invoke(LOCKER_FUNCTION, { action: 'rename', saved_report_id, name: '' });
  expect(bad.ok).toBe(false);
  expect(bad.error?.status).toBe(400);
  const unknown = await sock.invoke(LOCKER_FUNCTION, { action: 'explode' });
  expect(unknown.error?.status).toBe(400);
});

test('retention: expired reports are purged, file and row; others stay', async () => {
  const old = await keep(a, 'Expired one');
  const fresh = await keep(a, 'Fresh one');
  await s.k.db.withTenant(a.tenantId, (db) =>
    db('saved_reports')
      .where({ saved_report_id: old.saved_report_id })
      .update({ expires_at: new Date(Date.now() - 1000) }),
  );
  expect(lockerJobs[LOCKER_PURGE_JOB].cron).toBe(LOCKER_PURGE_CRON);
  const purged = await purgeExpiredReports(s.k);
  expect(purged).toBeGreaterThanOrEqual(1);
  const l = await list(a);
  expect(find(l, old.saved_report_id)).toBeUndefined();
  expect(find(l, fresh.saved_report_id)).toBeDefined();
  expect((await fetch(old.download_url)).status).toBe(404);
  expect((await fetch(fresh.download_url)).status).toBe(200);
  expect(new Date(find(l, fresh.saved_report_id)!.expires_at!).getTime()).toBeGreaterThan(Date.now() + 80 * 86_400_000);
});
