/**
 * The AIR charts on the real server and database: GET assetCharts answers the figures of a known set of assets, the
 * SQL (one GROUPING SETS scan) agrees with the in-memory rules (shared/charts.ts chartsOf) on a generated set over
 * several days, the company filter, tenant isolation, access (page /airdashboard; dashboardCharts leaves the asset
 * charts out without it), bad input, and the report builder's assets_lifecycle component.
 */
import {
  makeAsset,
  makeCompany,
  makeTenant,
  startTestServer,
  type TestServer,
  type TestTenant,
} from '../../../tests/sdk';
import { reportComponentsPoint, type ReportBlock } from '../../reports/public';
import { MSG_ASSETS_NO_COMPANY, MSG_ASSETS_NONE } from '../server/charts/report-component';
import { assetPaths } from '../shared/api';
import { chartsOf, type ChartAsset } from '../shared/charts';
import { assetChartsPath } from '../shared/charts-api';
import { addDays, addMonths } from '../../../common/dates';
import type { LifecycleSettings } from '../shared/lifecycle';
import { AIR_DASHBOARD_PAGE } from '../shared/pages';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
let acme: number;
let bravo: number;
let gen: number;
let otherCo: number;
const settings = new Map<number, { name: string; s: LifecycleSettings }>();

const AS_OF = '2026-11-27';
const AGREEMENT_DAYS = ['2026-11-27', '2024-02-29', '2026-01-31', '2026-12-31'];
const LAPTOP: LifecycleSettings = {
  default_replacement_cost: 1200,
  default_life_in_months: 48,
  approaching_duration_in_months_eol: 6,
  approaching_duration_in_months_warranty: 3,
};
const SERVER: LifecycleSettings = {
  default_replacement_cost: 8000,
  default_life_in_months: 60,
  approaching_duration_in_months_eol: 6,
  approaching_duration_in_months_warranty: 3,
};

async function ok(t: TestTenant, method: string, path: string, body?: unknown) {
  const r = await t.api(method, path, body);
  if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}
const addCompany = (t: TestTenant, moniker: string, airOnly = false): Promise<number> =>
  makeCompany(t, moniker, { air_only_flag: airOnly });
async function addType(t: TestTenant, moniker: string, st: LifecycleSettings): Promise<number> {
  const id = (
    await ok(t, 'POST', `/v3/tenant/${t.tenantId}/assetType`, { assetTypeId: 0, asset_type_moniker: moniker, ...st })
  ).asset_type_id as number;
  settings.set(id, { name: moniker, s: st });
  return id;
}
const charts = async (t: TestTenant, query = '') =>
  ok(t, 'GET', `${assetChartsPath(t.tenantId)}?asOf=${AS_OF}${query}`);

/** The companies' assets as the reference rules read them (through the list, with the types' settings). */
async function referenceAssets(t: TestTenant, companyIds: number[]): Promise<ChartAsset[]> {
  const out: ChartAsset[] = [];
  for (let page = 1; ; page++) {
    const r = await ok(
      t,
      'GET',
      `${assetPaths.list(t.tenantId)}?tenantCompanyIds=${companyIds.join(',')}&pageSize=500&page=${page}`,
    );
    for (const x of r.assets)
      out.push({
        asset_type_id: x.asset_type_id,
        asset_type: x.asset_type_moniker,
        settings: x.asset_type_id === null ? null : settings.get(x.asset_type_id)!.s,
        purchase_date: x.purchase_date,
        warranty_expiry: x.warranty_expiry,
        eol_date: x.eol_date,
        cost: x.cost === null ? null : Number(x.cost),
      });
    if (page * 500 >= r.total) return out;
  }
}

let laptop: number;
let server: number;

beforeAll(async () => {
  s = await startTestServer({ plugins: ['assets', 'reports'], jobs: false });
  a = await makeTenant(s.k, s.url);
  b = await makeTenant(s.k, s.url);
  acme = await addCompany(a, 'Acme Dental');
  bravo = await addCompany(a, 'Bravo Freight', true);
  gen = await addCompany(a, 'Generated Co');
  laptop = await addType(a, 'Laptop', LAPTOP);
  server = await addType(a, 'Server', SERVER);
  // Acme: the known set (see each line).
  const acmeAssets = [
    // EOL 2026-11-27 (reached today: overdue, 1200 from the type), 48 months old.
    { name: 'A1', asset_type_id: laptop, purchase_date: '2022-11-27', warranty_expiry: '2025-11-27' },
    // EOL 2027-02-15 (approaching; 2027-Q1; within 90 days), own cost 1500; warranty expiring 2026-12.
    { name: 'A2', asset_type_id: laptop, purchase_date: '2023-02-15', warranty_expiry: '2026-12-10', cost: 1500 },
    // Healthy: EOL 2029-06-01.
    { name: 'A3', asset_type_id: laptop, purchase_date: '2025-06-01', warranty_expiry: '2027-06-30' },
    // Server EOL 2027-05-20 (2027-Q2; within 180 days), 8000; warranty expires today (still covered).
    { name: 'S1', asset_type_id: server, eol_date: '2027-05-20', warranty_expiry: '2026-11-27' },
    // No type, nothing known.
    { name: 'N1' },
  ];
  for (const x of acmeAssets) await makeAsset(a, acme, x);
  // Bravo (AIR only): one out-of-warranty server.
  await makeAsset(a, bravo, {
    name: 'B1',
    asset_type_id: server,
    purchase_date: '2024-01-31',
    warranty_expiry: '2026-01-31',
  });
  // Generated: 240 assets with month ends, leap days, future and far dates, straight into the table.
  let seed = 7;
  const rnd = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const day = () => {
    const ends = ['2020-02-29', '2021-01-31', '2022-08-31', '2023-11-30', '2024-02-29', '2026-05-31', '2026-11-27'];
    return rnd(4) === 0 ? ends[rnd(ends.length)] : addDays('2019-01-01', rnd(365 * 10));
  };
  const rows = Array.from({ length: 240 }, (_, i) => ({
    tenant_id: a.tenantId,
    tenant_company_id: gen,
    name: `GEN-${i}`,
    asset_type_id: [laptop, server, null][rnd(3)],
    purchase_date: rnd(5) ? day() : null,
    warranty_expiry: rnd(4) ? day() : null,
    eol_date: rnd(4) === 0 ? day() : null,
    cost: rnd(3) === 0 ? (rnd(300000) / 100).toFixed(2) : null,
    source: 'csv',
  }));
  // The window edges on each day the agreement test checks: asOf + 3 months (warranty) and + 6 (end of life), and the
  // day after (month ends clamp: 2026-01-31 + 3 months is 2026-04-30).
  for (const asOf of AGREEMENT_DAYS)
    for (const extra of [0, 1])
      rows.push(
        {
          ...rows[0],
          name: `EDGE-W-${asOf}-${extra}`,
          asset_type_id: laptop,
          purchase_date: null,
          eol_date: null,
          warranty_expiry: addDays(addMonths(asOf, 3), extra),
          cost: null,
        },
        {
          ...rows[0],
          name: `EDGE-E-${asOf}-${extra}`,
          asset_type_id: server,
          purchase_date: null,
          warranty_expiry: null,
          eol_date: addDays(addMonths(asOf, 6), extra),
          cost: null,
        },
      );
  await s.k.db.withTenant(a.tenantId, (trx) => trx('assets').insert(rows));
  otherCo = await addCompany(b, 'Other Tenant Co');
  await makeAsset(b, otherCo, { name: 'OTHER-1', purchase_date: '2020-01-01', cost: 99 });
}, 400_000);
afterAll(async () => s?.stop());

test('the figures of a known set of assets', async () => {
  const c = await charts(a, `&tenantCompanyIds=${acme}&quarters=4`);
  expect(c.total).toBe(5);
  expect(Object.fromEntries(c.lifecycle.map((l: { state: string; count: number }) => [l.state, l.count]))).toEqual({
    eol_reached: 1,
    out_of_warranty: 0,
    eol_approaching: 2,
    warranty_expiring: 0,
    unknown: 1,
    healthy: 1,
  });
  expect(c.warrantyExpiries).toHaveLength(12);
  expect(c.warrantyExpiries.filter((m: { count: number }) => m.count)).toEqual([
    { month: '2026-11', count: 1 },
    { month: '2026-12', count: 1 },
    { month: '2027-06', count: 1 },
  ]);
  expect(c.replacementByQuarter).toEqual([
    { quarter: '2026-Q4', start: '2026-10-01', count: 0, cost: 0 },
    { quarter: '2027-Q1', start: '2027-01-01', count: 1, cost: 1500 },
    { quarter: '2027-Q2', start: '2027-04-01', count: 1, cost: 8000 },
    { quarter: '2027-Q3', start: '2027-07-01', count: 0, cost: 0 },
  ]);
  expect(c.overdue).toEqual({ count: 1, cost: 1200 });
  expect(c.dueSoon).toEqual([
    { days: 90, count: 1, cost: 1500 },
    { days: 120, count: 1, cost: 1500 },
    { days: 180, count: 2, cost: 9500 },
    { days: 365, count: 2, cost: 9500 },
  ]);
  expect(c.types).toEqual([
    {
      asset_type_id: laptop,
      asset_type: 'Laptop',
      count: 3,
      average_age_months: 36.7,
      average_replacement_cost: 1300,
      replacement_cost: 3900,
    },
    {
      asset_type_id: server,
      asset_type: 'Server',
      count: 1,
      average_age_months: null,
      average_replacement_cost: 8000,
      replacement_cost: 8000,
    },
    {
      asset_type_id: null,
      asset_type: 'No type',
      count: 1,
      average_age_months: null,
      average_replacement_cost: null,
      replacement_cost: 0,
    },
  ]);
  expect(c.ageByType).toEqual([
    { asset_type_id: laptop, asset_type: 'Laptop', bucket: '1-2', count: 1 },
    { asset_type_id: laptop, asset_type: 'Laptop', bucket: '3-4', count: 1 },
    { asset_type_id: laptop, asset_type: 'Laptop', bucket: '4-5', count: 1 },
    { asset_type_id: server, asset_type: 'Server', bucket: 'unknown', count: 1 },
    { asset_type_id: null, asset_type: 'No type', bucket: 'unknown', count: 1 },
  ]);
});

test('the SQL agrees with the in-memory rules on a generated set, on several days', async () => {
  const ref = await referenceAssets(a, [acme, bravo, gen]);
  expect(ref).toHaveLength(262);
  for (const asOf of AGREEMENT_DAYS) {
    for (const quarters of [4, 8]) {
      const r = await ok(a, 'GET', `${assetChartsPath(a.tenantId)}?asOf=${asOf}&quarters=${quarters}`);
      expect(r).toEqual(chartsOf(ref, asOf, quarters));
    }
  }
});

test('the company filter: one company, several, and the module view of AIR-only companies', async () => {
  const one = await charts(a, `&tenantCompanyIds=${bravo}`);
  expect(one.total).toBe(1);
  expect(one.lifecycle.find((l: { state: string }) => l.state === 'out_of_warranty').count).toBe(1);
  expect(one.types).toEqual([
    expect.objectContaining({ asset_type: 'Server', count: 1, average_age_months: 33, average_replacement_cost: 8000 }),
  ]);
  expect((await charts(a, `&tenantCompanyIds=${acme},${bravo}`)).total).toBe(6);
  expect((await charts(a, `&tenantCompanyIds=${acme}&tenantCompanyIds=${bravo}`)).total).toBe(6);
  expect((await charts(a)).total).toBe(262);
});

test("isolation: a tenant sees its own assets only; another tenant's company id filters to nothing", async () => {
  const mine = await charts(b);
  expect(mine.total).toBe(1);
  expect(mine.types).toEqual([expect.objectContaining({ asset_type: 'No type', count: 1, replacement_cost: 99 })]);
  expect((await charts(b, `&tenantCompanyIds=${acme}`)).total).toBe(0);
  expect((await charts(a, `&tenantCompanyIds=${otherCo}`)).total).toBe(0);
});

test('access: the page /airdashboard (Read Only reads); dashboardCharts carries the asset charts only with it', async () => {
  const reader = await makeTenant(s.k, s.url, {
    tenantAdmin: false,
    pages: [
      { url: AIR_DASHBOARD_PAGE, access_level: 'Read Only' },
      { url: '/dashboard', access_level: 'Read Only' },
    ],
  });
  expect((await reader.api('GET', assetChartsPath(reader.tenantId))).status).toBe(200);
  const home = await reader.api(
    'GET',
    `/v3/tenant/${reader.tenantId}/dashboardCharts?charts=assetLifecycle,assetDueSoon`,
  );
  expect(home.status).toBe(200);
  expect(Object.keys(home.body.charts).sort()).toEqual(['assetDueSoon', 'assetLifecycle']);
  const outsider = await makeTenant(s.k, s.url, {
    tenantAdmin: false,
    pages: [{ url: '/dashboard', access_level: 'Read/Write' }],
  });
  expect((await outsider.api('GET', assetChartsPath(outsider.tenantId))).status).toBe(403);
  const none = await outsider.api('GET', `/v3/tenant/${outsider.tenantId}/dashboardCharts?charts=assetLifecycle`);
  expect(none.status).toBe(200);
  expect(none.body.charts).toEqual({});
});

test("dashboardCharts: the tenant's figures, the same as assetCharts for today", async () => {
  const r = await ok(
    a,
    'GET',
    `/v3/tenant/${a.tenantId}/dashboardCharts?charts=assetLifecycle,assetWarrantyExpiries,assetAgeByType,assetReplacementCost,assetTypes,assetDueSoon`,
  );
  const today = await ok(a, 'GET', assetChartsPath(a.tenantId));
  expect(r.charts).toEqual({
    assetLifecycle: today.lifecycle,
    assetWarrantyExpiries: today.warrantyExpiries,
    assetAgeByType: today.ageByType,
    assetReplacementCost: today.replacementByQuarter,
    assetTypes: today.types,
    assetDueSoon: today.dueSoon,
  });
});

test('bad input: 400 naming the field', async () => {
  for (const [q, path] of [
    ['quarters=3', 'query.quarters'],
    ['quarters=9', 'query.quarters'],
    ['tenantCompanyIds=abc', 'query.tenantCompanyIds'],
    ['asOf=2026-02-30', 'query.asOf'],
  ]) {
    const r = await a.api('GET', `${assetChartsPath(a.tenantId)}?${q}`);
    expect(r.status).toBe(400);
    // The field, or an item of it (query.tenantCompanyIds.0).
    expect(r.body.error.fields.some((f: { path: string }) => f.path === path || f.path.startsWith(`${path}.`))).toBe(
      true,
    );
  }
});

describe('report component assets_lifecycle', () => {
  const FORMAT = { currency: 'USD', dateFormat: 'yyyy-mm-dd', timeZone: 'UTC', fiscalYearStartMonth: 1 };
  async function build(companyId: number | null): Promise<ReportBlock[]> {
    const def = s.k.extensions(reportComponentsPoint).find((d) => d.type === 'assets_lifecycle');
    if (!def) throw new Error('assets_lifecycle is not registered');
    return s.k.db.withTenant(a.tenantId, (db) =>
      def.build({
        db,
        k: s.k,
        tenantId: a.tenantId,
        companyId,
        properties: { global: true },
        format: FORMAT,
        asOf: AS_OF,
      }),
    );
  }
  const byKind = <K extends ReportBlock['kind']>(blocks: ReportBlock[], kind: K) =>
    blocks.find((x) => x.kind === kind) as Extract<ReportBlock, { kind: K }>;

  test("the company's lifecycle counts, replacement cost per quarter and the assets due within 365 days", async () => {
    const blocks = await build(acme);
    expect(blocks.map((x) => x.kind)).toEqual(['metrics', 'chart', 'table']);
    expect(byKind(blocks, 'metrics').items).toEqual([
      { label: 'Assets', value: 5, format: 'number' },
      { label: 'End of life reached', value: 1, format: 'number' },
      { label: 'Out of warranty', value: 0, format: 'number' },
      { label: 'End of life approaching', value: 2, format: 'number' },
      { label: 'Warranty expiring', value: 0, format: 'number' },
      { label: 'Unknown', value: 1, format: 'number' },
      { label: 'Healthy', value: 1, format: 'number' },
      { label: 'Replacement overdue', value: 1200, format: 'currency' },
      { label: 'Replacement due within 365 days', value: 9500, format: 'currency' },
    ]);
    const chart = byKind(blocks, 'chart');
    expect(
      (chart.spec.data as { values: { quarter: string; cost: number }[] }).values.map((v) => [v.quarter, v.cost]),
    ).toEqual([
      ['2026-Q4', 0],
      ['2027-Q1', 1500],
      ['2027-Q2', 8000],
      ['2027-Q3', 0],
      ['2027-Q4', 0],
      ['2028-Q1', 0],
      ['2028-Q2', 0],
      ['2028-Q3', 0],
    ]);
    expect(chart.alt).toContain('2027-Q1 1500 (1 assets)');
    expect(byKind(blocks, 'table').rows).toEqual([
      { name: 'A1', type: 'Laptop', serial: null, due: '2026-11-27', cost: 1200 },
      { name: 'A2', type: 'Laptop', serial: null, due: '2027-02-15', cost: 1500 },
      { name: 'S1', type: 'Server', serial: null, due: '2027-05-20', cost: 8000 },
    ]);
  });

  test('empty blocks: no company chosen, a company without assets', async () => {
    expect(await build(null)).toEqual([{ kind: 'empty', title: 'No company chosen', message: MSG_ASSETS_NO_COMPANY }]);
    const empty = await addCompany(a, 'Empty Co');
    expect(await build(empty)).toEqual([{ kind: 'empty', title: 'No assets', message: MSG_ASSETS_NONE }]);
  });
});
