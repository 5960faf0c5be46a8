/**
 * TenantCsContractExclude through the API: list with the options of the tenant's contracts (each once), save (new
 * rows merged with a stored row of the same value), soft delete (activeFlag 0, DELETE and save), 400 when not
 * exactly one of excludeVendor and excludeAccount, escaped storage, tenant admins only, tenant isolation; and that
 * an excluded vendor's contracts leave the segment monthly value, the dashboard total, insights, headlines and the
 * contracts tile (CS's TenantCompanyCsContract, through CS's contract filter point).
 */
import { makeCompany, makeTenant, startTestServer, type TestServer, type TestTenant } from '../../../tests/sdk';
import { contract, cs } from './cs-helpers';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
let acme: number;
let beta: number;
const OBJ = 'TenantCsContractExclude';

interface Row {
  tenantCsContractExcludeId: number;
  excludeVendor: string | null;
  excludeAccount: string | null;
  activeFlag: 0 | 1;
}
const list = async (t: TestTenant, q = '') =>
  (await t.api('GET', cs(t, `${OBJ}${q}`))).body as {
    tenantCsContractExcludes: Row[];
    options: { vendors: string[]; accounts: string[] };
  };
const save = (t: TestTenant, excludes: unknown[]) => t.api('PUT', cs(t, OBJ), { excludes });
const values = (rows: Row[]) => rows.map((r) => r.excludeVendor ?? `account:${r.excludeAccount}`);
const stored = (t: TestTenant) =>
  s.k.db.withTenant(t.tenantId, (trx) =>
    trx('cs_contract_excludes')
      .select('exclude_vendor', 'exclude_account', 'active_flag')
      .orderBy('tenant_cs_contract_exclude_id'),
  );

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const monthlyValueOf = async (t: TestTenant, id: number) => {
  const r = await t.api('POST', cs(t, 'TenantCompanySegment'), { action: 'refresh' });
  expect(r.status).toBe(200);
  return r.body.segments.find((x: { tenantCompanyId: number }) => x.tenantCompanyId === id).monthlyValue;
};
const dashboardTotal = async (t: TestTenant) =>
  (await t.api('GET', cs(t, 'TenantCsDashboardMetrics'))).body.dashboardMetrics.totalMonthlyValue;

beforeAll(async () => {
  s = await startTestServer({ plugins: ['stack-manager'], jobs: false });
  a = await makeTenant(s.k, s.url);
  b = await makeTenant(s.k, s.url);
  acme = await makeCompany(a, 'Acme');
  beta = await makeCompany(a, 'Beta');
  await contract(a, acme, {
    vendor: 'Microsoft',
    account: 'MS-1',
    cost: 900,
    billing_cycle: 'Monthly',
    end_date: inDays(60),
  });
  await contract(a, acme, { vendor: 'AT&T (US)', account: 'T-1', cost: 100, billing_cycle: 'Monthly' });
  await contract(a, beta, { vendor: 'microsoft ', account: 'MS-2', cost: 1200, billing_cycle: 'Annually' });
  await contract(a, beta, { vendor: 'Dell', account: null, cost: 50, billing_cycle: 'Monthly' });
  await contract(b, await makeCompany(b, 'Other'), {
    vendor: 'Secret Vendor',
    account: 'SECRET',
    cost: 1,
    billing_cycle: 'Monthly',
  });
}, 90_000);
afterAll(async () => {
  await s?.stop();
});

test("the list starts empty with the distinct vendors and accounts of the tenant's contracts", async () => {
  const r = await list(a);
  expect(r.tenantCsContractExcludes).toEqual([]);
  // "microsoft " is the same vendor as "Microsoft": shown once.
  expect(r.options).toEqual({ vendors: ['AT&T (US)', 'Dell', 'Microsoft'], accounts: ['MS-1', 'MS-2', 'T-1'] });
});

test('not exactly one of excludeVendor and excludeAccount answers 400 naming the field; nothing is saved', async () => {
  for (const [row, path] of [
    [{ excludeVendor: 'Dell', excludeAccount: 'T-1' }, 'body.excludes.1.excludeAccount'],
    [{}, 'body.excludes.1.excludeVendor'],
    [{ excludeVendor: '  ', excludeAccount: null }, 'body.excludes.1.excludeVendor'],
  ] as const) {
    const r = await save(a, [{ excludeVendor: 'Dell' }, row]);
    expect(r.status).toBe(400);
    expect(r.body.error.fields.map((f: { path: string }) => f.path)).toContain(path);
  }
  expect((await list(a)).tenantCsContractExcludes).toEqual([]);
});

test('saving stores special characters escaped and answers them as entered', async () => {
  const r = await save(a, [{ excludeVendor: 'AT&T (US)' }, { excludeAccount: 'MS-2', excludeVendor: null }]);
  expect(r.status).toBe(200);
  expect(r.body.records_updated).toBe(2);
  expect(values(r.body.tenantCsContractExcludes)).toEqual(['AT&T (US)', 'account:MS-2']);
  expect(r.body.options.vendors).toContain('AT&T (US)');
  expect(await stored(a)).toEqual([
    { exclude_vendor: 'AT\\&T \\(US\\)', exclude_account: null, active_flag: true },
    { exclude_vendor: null, exclude_account: 'MS-2', active_flag: true },
  ]);
});

test("an excluded vendor's contracts leave the segment monthly value, the dashboard total, insights and headlines", async () => {
  // So far AT&T (100) and account MS-2 (Beta's Microsoft contract, 1200 a year) are excluded.
  expect(await monthlyValueOf(a, acme)).toBe(900);
  expect(await monthlyValueOf(a, beta)).toBe(50);
  expect(await dashboardTotal(a)).toBe(950);
  const tileOf = async () =>
    (await a.api('GET', cs(a, `CustomerSuccessDetailsTile?tenantCompanyId=${acme}`))).body
      .customerSuccessDetailsTile[0];
  const renewals = async () =>
    (
      await a.api('GET', cs(a, `TenantCsInsights?startDate=${inDays(0)}&endDate=${inDays(90)}`))
    ).body.insights.renewals.map((x: { label: string }) => x.label);
  const headlines = async () =>
    JSON.stringify((await a.api('GET', cs(a, `TenantCsHeadlines?tenantCompanyId=${acme}`))).body.headlines);
  const contractsTile = async () => {
    const body = (await a.api('GET', cs(a, `TenantCompanyCsContract?tenantCompanyId=${acme}`))).body;
    return { vendors: body.contracts.map((c: { vendor: string }) => c.vendor), excludedCount: body.excludedCount };
  };
  expect(await contractsTile()).toEqual({ vendors: ['Microsoft'], excludedCount: 1 });
  expect(await tileOf()).toMatchObject({ currentContracts: 1, nextContractEnd: { label: 'Microsoft MS-1' } });
  expect(await renewals()).toEqual(['Microsoft MS-1']);
  expect(await headlines()).toContain('Microsoft');

  const r = await save(a, [{ excludeVendor: 'MICROSOFT' }]);
  expect(r.status).toBe(200);
  // Saving marked the stored segments stale, so the pages refresh them.
  expect((await a.api('GET', cs(a, 'TenantCompanySegment'))).body.stale_data).toBe(true);
  expect(await monthlyValueOf(a, acme)).toBe(0);
  expect(await monthlyValueOf(a, beta)).toBe(50);
  expect(await dashboardTotal(a)).toBe(50);
  expect(await tileOf()).toMatchObject({ currentContracts: 0, nextContractEnd: null });
  expect(await renewals()).toEqual([]);
  expect(await headlines()).not.toContain('Microsoft');
  expect(await contractsTile()).toEqual({ vendors: [], excludedCount: 2 });
});

test('a new row of a value already stored is merged; soft delete by save and by DELETE; the deleted are listed with activeFlag=0', async () => {
  const before = (await list(a)).tenantCsContractExcludes;
  const ms = before.find((x) => x.excludeVendor === 'MICROSOFT')!;
  // The same value again (any case), twice: no second row.
  const dup = await save(a, [{ excludeVendor: 'microsoft' }, { excludeVendor: 'Microsoft ' }]);
  expect(dup.status).toBe(200);
  expect(dup.body.records_updated).toBe(0);
  expect(dup.body.tenantCsContractExcludes).toHaveLength(before.length);

  const off = await save(a, [
    { tenantCsContractExcludeId: ms.tenantCsContractExcludeId, excludeVendor: 'MICROSOFT', activeFlag: 0 },
  ]);
  expect(off.status).toBe(200);
  expect(off.body.records_updated).toBe(1);
  expect(values(off.body.tenantCsContractExcludes)).toEqual(['AT&T (US)', 'account:MS-2']);
  expect(values((await list(a, '?activeFlag=0')).tenantCsContractExcludes)).toEqual(['MICROSOFT']);
  expect(await monthlyValueOf(a, acme)).toBe(900);

  // Adding it again brings the stored row back instead of a second one.
  const again = await save(a, [{ excludeVendor: 'Microsoft' }]);
  expect(
    again.body.tenantCsContractExcludes.find((x: Row) => x.tenantCsContractExcludeId === ms.tenantCsContractExcludeId),
  ).toMatchObject({ activeFlag: 1 });
  expect(await stored(a)).toHaveLength(3);

  const del = await a.api('DELETE', cs(a, `${OBJ}/${ms.tenantCsContractExcludeId}`));
  expect(del.status).toBe(200);
  expect(
    (await a.api('GET', cs(a, `${OBJ}/${ms.tenantCsContractExcludeId}`))).body.tenantCsContractExcludes[0],
  ).toMatchObject({ activeFlag: 0 });
  expect((await a.api('DELETE', cs(a, `${OBJ}/999999`))).status).toBe(404);
});

test('an unknown id answers 400 naming it, and nothing of the request is saved', async () => {
  const r = await save(a, [
    { excludeVendor: 'Dell' },
    { tenantCsContractExcludeId: 999999, excludeVendor: 'X', activeFlag: 0 },
  ]);
  expect(r.status).toBe(400);
  expect(r.body.error.fields[0].path).toBe('body.excludes.1.tenantCsContractExcludeId');
  expect(values((await list(a)).tenantCsContractExcludes)).not.toContain('Dell');
});

test('tenant isolation: another tenant sees neither the rows nor the options, and cannot change a row', async () => {
  const mine = (await list(a)).tenantCsContractExcludes;
  const theirs = await list(b);
  expect(theirs.tenantCsContractExcludes).toEqual([]);
  expect(theirs.options).toEqual({ vendors: ['Secret Vendor'], accounts: ['SECRET'] });
  expect((await a.api('GET', cs(a, OBJ))).body.options.vendors).not.toContain('Secret Vendor');
  const id = mine[0].tenantCsContractExcludeId;
  expect((await b.api('DELETE', cs(b, `${OBJ}/${id}`))).status).toBe(404);
  expect((await b.api('GET', cs(b, `${OBJ}/${id}`))).status).toBe(404);
  expect((await save(b, [{ tenantCsContractExcludeId: id, excludeVendor: 'X', activeFlag: 0 }])).status).toBe(400);
  expect((await list(a)).tenantCsContractExcludes).toEqual(mine);
});

test('writes need a tenant admin; reads only the module', async () => {
  const user = await makeTenant(s.k, s.url, {
    tenantAdmin: false,
    pages: [{ url: '/cs/admin/csAppSettings', access_level: 'Read/Write' }],
  });
  expect((await user.api('GET', cs(user, OBJ))).status).toBe(200);
  expect((await save(user, [{ excludeVendor: 'Dell' }])).status).toBe(403);
});
