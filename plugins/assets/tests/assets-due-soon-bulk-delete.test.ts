/**
 * The due soon window filter (assetList and assetList/csv `dueSoonDays`: replacement due after asOf and within N
 * days, overdue left out, agreeing with the list's own `due_soon` field) and its url in the list page and the AIR
 * dashboard's links; POST assets/bulk/delete (confirm required, all or nothing, tenant isolation, audit, Read Only).
 */
import {
  makeAsset,
  makeCompany,
  makeTenant,
  startTestServer,
  type TestServer,
  type TestTenant,
} from '../../../tests/sdk';
import { assetPaths } from '../shared/api';
import { assetListHref } from '../shared/charts';
import { DUE_SOON_WINDOWS } from '../shared/lifecycle';
import { ASSET_LIST_PAGE } from '../shared/pages';
import { parseListState } from '../workspace/list/list-query';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
let acme: number;
let otherAsset: number;
const AS_OF = '2025-06-15';
/** name -> eol_date (the replacement due date), around each window's edge. */
const DUE: Record<string, string | null> = {
  today: '2025-06-15', // overdue: due today
  past: '2024-01-01', // overdue
  tomorrow: '2025-06-16', // within 90
  d90: '2025-09-13', // asOf + 90: within 90
  d91: '2025-09-14', // within 120
  d120: '2025-10-13',
  d121: '2025-10-14', // within 180
  d180: '2025-12-12',
  d181: '2025-12-13', // within 365
  d365: '2026-06-15',
  d366: '2026-06-16', // none
  none: null,
};

const names = async (query: string): Promise<string[]> => {
  const r = await a.api('GET', `${assetPaths.list(a.tenantId)}?asOf=${AS_OF}&sort=name${query}`);
  expect(r.status).toBe(200);
  return (r.body.assets as { name: string }[]).map((x) => x.name);
};

beforeAll(async () => {
  s = await startTestServer({ plugins: ['assets'] });
  a = await makeTenant(s.k, s.url);
  b = await makeTenant(s.k, s.url);
  acme = await makeCompany(a, 'Acme Dental');
  for (const [name, eol] of Object.entries(DUE)) await makeAsset(a, acme, { name, eol_date: eol });
  otherAsset = await makeAsset(b, await makeCompany(b, 'Other Co'), { name: 'OTHER' });
}, 400_000);
afterAll(async () => s?.stop());

test('dueSoonDays keeps the assets due after asOf and within the window, edges included, overdue left out', async () => {
  const sorted = (xs: string[]) => [...xs].sort();
  expect(await names('&dueSoonDays=90')).toEqual(sorted(['tomorrow', 'd90']));
  expect(await names('&dueSoonDays=120')).toEqual(sorted(['tomorrow', 'd90', 'd91', 'd120']));
  expect(await names('&dueSoonDays=180')).toEqual(sorted(['tomorrow', 'd90', 'd91', 'd120', 'd121', 'd180']));
  expect(await names('&dueSoonDays=365')).toEqual(
    sorted(['tomorrow', 'd90', 'd91', 'd120', 'd121', 'd180', 'd181', 'd365']),
  );
  // The same set as the answer's own due_soon field (shared/lifecycle.ts): a window at most N, never 'overdue'.
  const all = await a.api('GET', `${assetPaths.list(a.tenantId)}?asOf=${AS_OF}&pageSize=500`);
  for (const n of DUE_SOON_WINDOWS) {
    const expected = (all.body.assets as { name: string; due_soon: number | string | null }[])
      .filter((x) => typeof x.due_soon === 'number' && x.due_soon <= n)
      .map((x) => x.name)
      .sort();
    expect(await names(`&dueSoonDays=${n}&pageSize=500`)).toEqual(expected);
  }
  // Combined with another filter and another day.
  expect(await names('&dueSoonDays=90&search=d9')).toEqual(['d90']);
  const later = await a.api('GET', `${assetPaths.list(a.tenantId)}?asOf=2025-09-13&dueSoonDays=90&sort=name`);
  // Sep 13 + 90 days is Dec 12 (d180's day, included); d90 is due that day: overdue, left out.
  expect((later.body.assets as { name: string }[]).map((x) => x.name)).toEqual(['d120', 'd121', 'd180', 'd91']);
});

test('a due soon window other than 90/120/180/365 is a 400 naming dueSoonDays', async () => {
  for (const v of ['30', 'soon', '0']) {
    const r = await a.api('GET', `${assetPaths.list(a.tenantId)}?dueSoonDays=${v}`);
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toMatch(/dueSoonDays/);
  }
});

test('the CSV export takes the same window', async () => {
  const res = await fetch(`${s.url}/v3/tenant/${a.tenantId}/assetList/csv?asOf=${AS_OF}&dueSoonDays=120&sort=name`, {
    headers: { 'x-api-key': s.k.config.apiKey, authorization: `Bearer ${a.token}` },
  });
  expect(res.status).toBe(200);
  const lines = (await res.text()).trim().split(/\r?\n/);
  expect(lines).toHaveLength(5); // header + tomorrow, d90, d91, d120
  expect(lines.slice(1).join('\n')).toMatch(/d120/);
  expect(lines.slice(1).join('\n')).not.toMatch(/d121|today/);
});

test("the dashboard's due soon links open the list with the window (and overdue is the end of life reached state)", () => {
  const href = assetListHref([], [4], 180);
  expect(href).toBe('/assetList?companies=4&dueSoon=180');
  expect(parseListState(href.slice(href.indexOf('?')))).toMatchObject({ companies: [4], dueSoon: 180, states: [] });
  expect(assetListHref(['eol_reached'])).toBe('/assetList?states=eol_reached');
});

describe('POST assets/bulk/delete', () => {
  const ids = async (t: TestTenant): Promise<number[]> =>
    ((await t.api('GET', `${assetPaths.list(t.tenantId)}?pageSize=500`)).body.assets as { asset_id: number }[]).map(
      (x) => x.asset_id,
    );

  test('needs confirm: true and 1..1000 ids (400, nothing deleted)', async () => {
    const mine = await ids(a);
    const path = assetPaths.bulkDelete(a.tenantId);
    const noConfirm = await a.api('POST', path, { assetIds: mine.slice(0, 2) });
    expect(noConfirm.status).toBe(400);
    expect(JSON.stringify(noConfirm.body)).toMatch(/confirm/);
    expect((await a.api('POST', path, { assetIds: mine.slice(0, 2), confirm: 'true' })).status).toBe(400);
    expect((await a.api('POST', path, { assetIds: [], confirm: true })).status).toBe(400);
    const tooMany = Array.from({ length: 1001 }, (_, i) => i + 1);
    expect((await a.api('POST', path, { assetIds: tooMany, confirm: true })).status).toBe(400);
    expect(await ids(a)).toEqual(mine);
  });

  test("is all or nothing: another tenant's id answers 404 and deletes nothing, in either tenant", async () => {
    const mine = await ids(a);
    const r = await a.api('POST', assetPaths.bulkDelete(a.tenantId), {
      assetIds: [mine[0], otherAsset],
      confirm: true,
    });
    expect(r.status).toBe(404);
    expect(await ids(a)).toEqual(mine);
    expect(await ids(b)).toEqual([otherAsset]);
    // B cannot delete A's assets either.
    expect(
      (await b.api('POST', assetPaths.bulkDelete(b.tenantId), { assetIds: [mine[0]], confirm: true })).status,
    ).toBe(404);
    expect(await ids(a)).toEqual(mine);
  });

  test('deletes every id named (repeats once), audited; they are gone', async () => {
    const mine = await ids(a);
    const gone = mine.slice(0, 3);
    const r = await a.api('POST', assetPaths.bulkDelete(a.tenantId), { assetIds: [...gone, gone[0]], confirm: true });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ records_updated: 3 });
    expect(await ids(a)).toEqual(mine.filter((x) => !gone.includes(x)));
    expect((await a.api('GET', assetPaths.one(a.tenantId, gone[0]))).status).toBe(404);
    const audits = await s.k.db.withSystem((db) =>
      db('audit_log').where({ action: 'asset.bulk_delete', tenant_id: a.tenantId }).select('details'),
    );
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits[0])).toContain(String(gone[2]));
    // Deleted ids named again: 404.
    expect((await a.api('POST', assetPaths.bulkDelete(a.tenantId), { assetIds: gone, confirm: true })).status).toBe(
      404,
    );
  });

  test('a Read Only page may not bulk-delete (403); no access to the page: 403', async () => {
    const reader = await makeTenant(s.k, s.url, {
      tenantAdmin: false,
      pages: [
        { url: ASSET_LIST_PAGE, access_level: 'Read Only' },
        { url: '/datamanagercompanies', access_level: 'Read/Write' },
      ],
    });
    const company = await makeCompany(reader, 'Reader Co');
    const own = await s.k.db.withTenant(reader.tenantId, (db) =>
      db('assets').insert({ tenant_id: reader.tenantId, tenant_company_id: company, name: 'R1' }).returning('asset_id'),
    );
    const id = Number(own[0].asset_id);
    const r = await reader.api('POST', assetPaths.bulkDelete(reader.tenantId), { assetIds: [id], confirm: true });
    expect(r.status).toBe(403);
    expect(await ids(reader)).toEqual([id]);
    const none = await makeTenant(s.k, s.url, { tenantAdmin: false, pages: [] });
    expect(
      (await none.api('POST', assetPaths.bulkDelete(none.tenantId), { assetIds: [1], confirm: true })).status,
    ).toBe(403);
  });
});
