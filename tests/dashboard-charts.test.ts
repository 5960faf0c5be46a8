/**
 * GET /v3/tenant/:tenantId/dashboardCharts on a real server: the charts the plugins contribute through the kernel
 * point kernel.dashboardCharts (companies: contract notices, companies without data; customer-success: health
 * distribution, health drops, goals due; assets: six lifecycle charts), each only for callers who may open its page, only the tenant's own data,
 * `?charts=` narrowing, an unknown chart refused naming the field.
 */
import { makeCompany, makeTenant, startTestServer, type TestServer, type TestTenant } from './sdk';

jest.setTimeout(120_000);

let s: TestServer;
let a: TestTenant; // tenant admin with data
let b: TestTenant; // another tenant, no data
let contractsOnly: TestTenant; // a user of tenant a's kind: /dashboard and /contractManager only

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const monthStart = (monthsAgo: number) => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - monthsAgo, 1)).toISOString().slice(0, 10);
};

beforeAll(async () => {
  // The plugins that contribute charts: companies, customer-success, assets.
  s = await startTestServer({ plugins: ['customer-success', 'assets'], jobs: false });
  a = await makeTenant(s.k, s.url, { tenantAdmin: true, name: 'Charts Tenant' });
  b = await makeTenant(s.k, s.url, { tenantAdmin: true, name: 'Other Tenant' });
  contractsOnly = await makeTenant(s.k, s.url, {
    tenantAdmin: false,
    name: 'Contracts Only',
    pages: [
      { url: '/dashboard', access_level: 'Read Only' },
      { url: '/contractManager', access_level: 'Read Only' },
    ],
  });
  const acme = await makeCompany(a, 'Acme');
  const bolt = await makeCompany(a, 'Bolt');
  await makeCompany(a, 'Empty Co');
  await makeCompany(a, 'Gone Co', { is_active: false });
  await s.k.db.withTenant(a.tenantId, async (trx) => {
    const contract = (tenant_company_id: number, vendor: string, notice: number, end: number, status = 'Active') => ({
      tenant_id: a.tenantId,
      tenant_company_id,
      vendor,
      contract_status: status,
      notice_date: day(notice),
      end_date: day(end),
    });
    await trx('tenant_company_contracts').insert([
      contract(acme, 'Soon', 10, 40),
      contract(acme, 'Passed', -5, 20),
      contract(bolt, 'Far', 200, 230),
      contract(bolt, 'Cancelled', 5, 30, 'Cancelled'),
      contract(bolt, 'Ended', -50, -10),
    ]);
    await trx('cs_company_scores').insert([
      { tenant_id: a.tenantId, score_type: 'health', tenant_company_id: acme, score: 40 },
      { tenant_id: a.tenantId, score_type: 'health', tenant_company_id: bolt, score: 90 },
    ]);
    await trx('cs_company_score_history').insert([
      { tenant_id: a.tenantId, score_type: 'health', tenant_company_id: acme, month: monthStart(1), score: 75 },
      { tenant_id: a.tenantId, score_type: 'health', tenant_company_id: bolt, month: monthStart(1), score: 80 },
    ]);
    const goal = (moniker: string, due: number, status = 'inProgress') => ({
      tenant_id: a.tenantId,
      tenant_company_id: acme,
      moniker,
      status,
      due_date: day(due),
    });
    await trx('tenant_company_goals').insert([
      goal('Overdue goal', -3),
      goal('Due goal', 12),
      goal('Later goal', 90),
      goal('Done goal', 2, 'completed'),
    ]);
  });
});
afterAll(async () => {
  await s?.stop();
});

const charts = (t: TestTenant, q = '') => t.api('GET', `/v3/tenant/${t.tenantId}/dashboardCharts${q}`);

test('a tenant admin gets every chart, computed from its own data', async () => {
  const r = await charts(a);
  expect(r.status).toBe(200);
  const c = r.body.charts;
  expect(Object.keys(c).sort()).toEqual([
    // assets (their numbers: plugins/assets/tests/charts-api.test.ts)
    'assetAgeByType',
    'assetDueSoon',
    'assetLifecycle',
    'assetReplacementCost',
    'assetTypes',
    'assetWarrantyExpiries',
    'companiesWithoutData',
    'contractNotices',
    'goalsDue',
    'healthDistribution',
    'healthDrops',
  ]);
  // Notice within 90 days or passed while the contract runs; cancelled and ended ones left out; soonest first.
  expect(c.contractNotices.total).toBe(2);
  expect(c.contractNotices.contracts.map((x: any) => [x.vendor, x.company, x.days_to_notice])).toEqual([
    ['Passed', 'Acme', -5],
    ['Soon', 'Acme', 10],
  ]);
  // Active companies with no location, contract or link: Empty Co only (Gone Co is inactive).
  expect(c.companiesWithoutData).toEqual({
    total: 1,
    active: 3,
    companies: [expect.objectContaining({ moniker: 'Empty Co' })],
  });
  // Default health cuts: up to 49 danger, 79 warning, 100 success.
  expect(c.healthDistribution.bands.map((x: any) => [x.variant, x.companies])).toEqual([
    ['danger', 1],
    ['warning', 0],
    ['success', 1],
  ]);
  expect(c.healthDistribution).toMatchObject({ unscored: 1, total: 3 });
  // Acme fell from 75 to 40; Bolt rose.
  expect(c.healthDrops.drops).toEqual([
    expect.objectContaining({
      company: 'Acme',
      score: 40,
      previous: 75,
      drop: 35,
      previous_month: monthStart(1).slice(0, 7),
    }),
  ]);
  expect(c.goalsDue).toMatchObject({ within_days: 30, total: 2, overdue: 1 });
  expect(c.goalsDue.goals.map((g: any) => g.moniker)).toEqual(['Overdue goal', 'Due goal']);
});

test("another tenant sees none of it (empty charts, not the first tenant's rows)", async () => {
  const r = await charts(b);
  expect(r.status).toBe(200);
  expect(r.body.charts.contractNotices).toMatchObject({ total: 0, contracts: [] });
  expect(r.body.charts.companiesWithoutData).toEqual({ total: 0, active: 0, companies: [] });
  expect(r.body.charts.healthDrops.drops).toEqual([]);
  expect(r.body.charts.goalsDue.total).toBe(0);
  // A tenant's id in another tenant's path is refused.
  expect((await b.api('GET', `/v3/tenant/${a.tenantId}/dashboardCharts`)).status).toBe(403);
});

test('a user gets only the charts whose page is in the access list; ?charts= narrows', async () => {
  const r = await charts(contractsOnly);
  expect(r.status).toBe(200);
  expect(Object.keys(r.body.charts)).toEqual(['contractNotices']);
  const some = await charts(a, '?charts=goalsDue,%20healthDrops');
  expect(Object.keys(some.body.charts).sort()).toEqual(['goalsDue', 'healthDrops']);
  const denied = await charts(contractsOnly, '?charts=goalsDue');
  expect(denied.status).toBe(200);
  expect(denied.body.charts).toEqual({});
});

test('an unknown chart is refused naming the field', async () => {
  const r = await charts(a, '?charts=goalsDue,nope');
  expect(r.status).toBe(400);
  expect(r.body.error.fields).toEqual([{ path: 'query.charts', message: 'Unknown chart: nope' }]);
});

test('a user without /dashboard is refused', async () => {
  const other = await makeTenant(s.k, s.url, {
    tenantAdmin: false,
    pages: [{ url: '/contractManager', access_level: 'Read Only' }],
  });
  expect((await charts(other)).status).toBe(403);
});
