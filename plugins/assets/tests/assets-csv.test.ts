/**
 * GET assetList/csv (part F): the file's content (BOM, header, ISO dates, lifecycle columns, quoting, formulas
 * escaped), the list's filters and sort applied to every row, the keyset chunks (every sort, both directions, ties
 * and nulls) giving exactly the list's order, tenant isolation, and the page permission.
 */
import http from 'node:http';
import { parse } from 'csv-parse/sync';
import {
  apiCall,
  makeAsset,
  makeCompany,
  makeTenant,
  startTestServer,
  type TestServer,
  type TestTenant,
} from '../../../tests/sdk';
import { stringify } from 'csv-stringify/sync';
import { CSV_OPTIONS, csvLine, csvRecords } from '../server/export/csv';
import { selectAssets } from '../server/store';
import { ASSET_LIST_SORTS, assetListQuery, assetPaths } from '../shared/api';
import { ASSET_LIST_PAGE } from '../shared/pages';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
let acme: number;
let bravo: number;
let laptop: number;

const AS_OF = '2025-06-15';
const csvPath = (t: TestTenant, query = '') => `/v3/tenant/${t.tenantId}/assetList/csv?asOf=${AS_OF}${query}`;

/** The file as the browser gets it: the raw bytes (a fresh connection each time). */
function download(t: TestTenant, query = '') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer; rows: string[][] }>(
    (resolve, reject) => {
      const headers = { 'x-api-key': s.k.config.apiKey, authorization: `Bearer ${t.token}` };
      http
        .get(`${s.url}${csvPath(t, query)}`, { agent: false, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const bytes = Buffer.concat(chunks);
            const ok = res.statusCode === 200;
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              bytes,
              rows: ok ? (parse(bytes.toString('utf8'), { bom: true }) as string[][]) : [],
            });
          });
        })
        .on('error', reject);
    },
  );
}
const col = (rows: string[][], name: string) => {
  const i = rows[0].indexOf(name);
  expect(i).toBeGreaterThanOrEqual(0);
  return rows.slice(1).map((r) => r[i]);
};

beforeAll(async () => {
  s = await startTestServer({ plugins: ['assets'] });
  a = await makeTenant(s.k, s.url);
  b = await makeTenant(s.k, s.url);
  acme = await makeCompany(a, 'Acme, "Dental"');
  bravo = await makeCompany(a, 'Bravo Freight');
  const r = await a.api('POST', `/v3/tenant/${a.tenantId}/assetType`, {
    assetTypeId: 0,
    asset_type_moniker: 'Laptop',
    default_replacement_cost: 1400,
    default_life_in_months: 48,
    approaching_duration_in_months_eol: 6,
    approaching_duration_in_months_warranty: 3,
  });
  laptop = r.body.asset_type_id;
  await makeAsset(a, acme, {
    asset_type_id: laptop,
    name: 'FRONTDESK-01',
    serial: 'SN-1',
    make: 'Dell',
    purchase_date: '2021-06-15',
    warranty_expiry: '2026-01-01',
    notes: 'line one\nline two, "quoted"',
  });
  await makeAsset(a, bravo, {
    asset_type_id: laptop,
    name: '=HYPERLINK("http://evil.example","x")',
    serial: '+SN-2',
    make: '@Lenovo',
    model: '-1+2',
    purchase_date: '2024-02-29',
    warranty_expiry: '2025-09-15',
    cost: 999.5,
  });
  await makeAsset(a, bravo, { name: 'NOTYPE-EMPTY' });
  // Many rows with ties and nulls in every sort column, straight into the table (spread over both companies).
  await s.k.db.withTenant(a.tenantId, (trx) =>
    trx.raw(
      `insert into assets (tenant_id, tenant_company_id, asset_type_id, name, serial, make, model, purchase_date, warranty_expiry, cost)
       select ?, case when g % 2 = 0 then ?::bigint else ?::bigint end, case when g % 3 = 0 then null else ?::bigint end,
              'BULK-' || (g % 17), case when g % 5 = 0 then null else 'B' || g end, case when g % 4 = 0 then null else 'Make' || (g % 3) end,
              case when g % 7 = 0 then null else 'M' || (g % 5) end,
              case when g % 6 = 0 then null else date '2020-01-31' + (g % 40) * 30 end,
              case when g % 8 = 0 then null else date '2024-02-29' + (g % 25) * 40 end,
              case when g % 9 = 0 then null else (g % 11) * 100 end
         from generate_series(1, 240) g`,
      [a.tenantId, acme, bravo, laptop],
    ),
  );
  const other = await makeCompany(b, 'Other Tenant Co');
  await makeAsset(b, other, { name: 'OTHER-PC', serial: 'OT1' });
}, 400_000);
afterAll(async () => s?.stop());

test('csvLine writes the bytes csv-stringify writes (quotes, commas, line breaks, formulas, numbers, empties)', () => {
  const cells = [
    [
      1,
      'plain',
      '',
      null,
      'a,b',
      'say "hi"',
      'two\nlines',
      'cr\rhere',
      '=SUM(A1)',
      '+1',
      '-2',
      '@x',
      '\tt',
      -5,
      0,
      12.5,
    ],
    ['\uFF1Dwide', 'é ünïcode', '"', ',', "'quoted", ' lead', '=a,"b"', 'x'],
  ];
  for (const row of cells) expect(csvLine(row)).toBe(stringify([row], { escape_formulas: true }));
  expect(stringify([['x']], CSV_OPTIONS).startsWith('\uFEFF')).toBe(true);
});

test('csvLine escapes a formula after leading whitespace too (spreadsheets trim it), as CSV_OPTIONS does', () => {
  const row = [' =1+1', '\t\t@x', '\r\n-2', '\u3000+1', ' plain', -5];
  expect(csvLine(row)).toBe(`' =1+1,'\t\t@x,"'\r\n-2",'\u3000+1, plain,-5\n`);
  expect(stringify([row], { ...CSV_OPTIONS, bom: false })).toBe(csvLine(row));
});

test('the file: BOM, header, ISO dates, lifecycle columns, quoting, formulas escaped, its name', async () => {
  const { status, headers, bytes, rows } = await download(a, '&search=SN-');
  expect(status).toBe(200);
  expect(headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(headers['content-disposition']).toBe(`attachment; filename="assets-${AS_OF}.csv"`);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(rows[0]).toEqual(
    expect.arrayContaining(['Asset ID', 'Name', 'Company', 'Warranty Expiry', 'Lifecycle State', 'Replacement Due']),
  );
  expect(rows).toHaveLength(3); // header + the two assets with a serial containing SN-
  const byName = Object.fromEntries(rows.slice(1).map((r) => [r[rows[0].indexOf('Serial Number')], r]));
  const cell = (serial: string, name: string) => byName[serial][rows[0].indexOf(name)];
  expect(cell('SN-1', 'Company')).toBe('Acme, "Dental"');
  expect(cell('SN-1', 'Notes')).toBe('line one\nline two, "quoted"');
  expect(cell('SN-1', 'Purchase Date')).toBe('2021-06-15');
  expect(cell('SN-1', 'Replacement Due')).toBe('2025-06-15');
  expect(cell('SN-1', 'Lifecycle State')).toBe('End of life reached');
  expect(cell('SN-1', 'Age (Months)')).toBe('48');
  expect(cell('SN-1', 'Replacement Cost')).toBe('1400');
  // Formulas: a leading quote, so a spreadsheet shows the text instead of running it.
  expect(cell("'+SN-2", 'Name')).toBe(`'=HYPERLINK("http://evil.example","x")`);
  expect(cell("'+SN-2", 'Make')).toBe("'@Lenovo");
  expect(cell("'+SN-2", 'Model')).toBe("'-1+2");
  expect(cell("'+SN-2", 'Lifecycle State')).toBe('Warranty expiring');
  expect(cell("'+SN-2", 'Warranty State')).toBe('Expiring');
  expect(cell("'+SN-2", 'Cost')).toBe('999.5');
});

test("the list's filters and sort apply to every row, in the list's order", async () => {
  const query = '&lifecycleStates=out_of_warranty,eol_reached&sort=warranty_expiry&dir=desc';
  const list = await a.api('GET', `${assetPaths.list(a.tenantId)}?asOf=${AS_OF}${query}&pageSize=500`);
  expect(list.status).toBe(200);
  expect(list.body.total).toBe(145); // of the 243 (the generated rows fix it, as of AS_OF)
  const { rows } = await download(a, query);
  expect(col(rows, 'Asset ID').map(Number)).toEqual(list.body.assets.map((x: { asset_id: number }) => x.asset_id));
  expect(new Set(col(rows, 'Lifecycle State'))).toEqual(new Set(['Out of warranty', 'End of life reached']));
  const byCompany = await download(a, `&tenantCompanyIds=${acme}&search=bulk-1`);
  expect(byCompany.rows).toHaveLength(1 + 56); // the header and Acme's BULK-1x rows
  expect(new Set(col(byCompany.rows, 'Company'))).toEqual(new Set(['Acme, "Dental"']));
  expect(col(byCompany.rows, 'Name').every((n) => n.startsWith('BULK-1'))).toBe(true);
  const all = await download(a);
  expect(all.rows).toHaveLength(1 + 3 + 240);
  expect(new Set(col(all.rows, 'Asset ID')).size).toBe(243);
});

test('read in small chunks, every sort in both directions gives exactly the list order (ties, nulls)', async () => {
  for (const sort of ASSET_LIST_SORTS) {
    for (const dir of ['asc', 'desc'] as const) {
      const q = assetListQuery.parse({ sort, dir, asOf: AS_OF, pageSize: 500 });
      const [want, got] = await s.k.db.withTenant(a.tenantId, async (trx) => {
        const page = await selectAssets(trx, q, AS_OF);
        const ids: number[] = [];
        let header = true;
        for await (const r of csvRecords(trx, q, AS_OF, 40)) {
          if (header) header = false;
          else ids.push(Number(r[0]));
        }
        return [page.rows.map((x) => x.asset_id), ids];
      });
      expect({ sort, dir, ids: got }).toEqual({ sort, dir, ids: want });
    }
  }
});

test("another tenant's export holds only its own assets; another tenant's path is refused", async () => {
  const { rows } = await download(b);
  expect(col(rows, 'Name')).toEqual(['OTHER-PC']);
  const r = await apiCall(s.url, s.k.config.apiKey, b.token, 'GET', csvPath(a));
  expect(r.status).toBe(403);
});

test('Read Only access to /assetList may export; no access is refused; bad input is a 400', async () => {
  const ro = await makeTenant(s.k, s.url, {
    tenantAdmin: false,
    modules: ['Core'],
    pages: [{ url: ASSET_LIST_PAGE, access_level: 'Read Only' }],
  });
  expect((await download(ro)).status).toBe(200);
  const none = await makeTenant(s.k, s.url, { tenantAdmin: false, modules: ['Core'], pages: [] });
  expect((await download(none)).status).toBe(403);
  const bad = await a.api('GET', `${csvPath(a)}&lifecycleStates=soon&sort=nope`);
  expect(bad.status).toBe(400);
  expect(JSON.stringify(bad.body)).toMatch(/lifecycleStates/);
});
