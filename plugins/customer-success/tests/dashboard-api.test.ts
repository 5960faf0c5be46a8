/**
 * TenantCsDashboardMetrics and TenantCsInsights through the API: counts by colour, segment distribution, averages,
 * the data quality chart, filters, the date range of insights (400 fields), and tenant isolation.
 */
import { makeCompany, makeTenant, startTestServer, type TestServer, type TestTenant } from '../../../tests/sdk';
import { presetRange } from '../shared/date-presets';
import { contract, cs, customMetric, setScore } from './segments-helpers';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
let acme: number;
let beta: number;
let gamma: number;

const ymd = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const inDays = (n: number) => {
  const d = new Date();
  d.setDate(d.getDate() + n);
  return ymd(d);
};

beforeAll(async () => {
  s = await startTestServer({ plugins: ['customer-success'], jobs: false });
  a = await makeTenant(s.k, s.url);
  b = await makeTenant(s.k, s.url);
  acme = await makeCompany(a, 'Acme');
  beta = await makeCompany(a, 'Beta');
  gamma = await makeCompany(a, 'Gamma');
  await contract(a, acme, {
    vendor: 'Datto',
    cost: 600,
    billing_cycle: 'Monthly',
    end_date: inDays(10),
    notice_to_terminate_in_days: 5,
  });
  await contract(a, beta, { vendor: 'Cisco', cost: 1200, billing_cycle: 'Annually', end_date: inDays(400) });
  const health = await customMetric(a, 'health');
  await setScore(a, 'health', health, acme, 85);
  await setScore(a, 'health', health, beta, 30);
  const effort = await customMetric(a, 'effort');
  await setScore(a, 'effort', effort, acme, 20);
  // An account manager for Acme (data quality), and Acme's profile.
  const me = (await a.api('GET', cs(a, 'TenantAccountManager'))).body.candidates.find(
    (c: { email: string }) => c.email === a.email,
  );
  expect(
    (await a.api('POST', cs(a, 'TenantAccountManager'), { tenantUserId: me.tenantUserId, tenantCompanyIds: [acme] }))
      .status,
  ).toBe(200);
  expect(
    (await a.api('PUT', cs(a, `TenantCompanyProfile?tenantCompanyId=${acme}`), { version: 0, industry: 'Dental' }))
      .status,
  ).toBe(200);
  expect(
    (
      await a.api('POST', cs(a, `TenantCompanyGoal?tenantCompanyId=${beta}`), {
        moniker: 'MFA rollout',
        dueDate: inDays(3),
      })
    ).status,
  ).toBe(200);
}, 90_000);
afterAll(async () => s?.stop());

test('dashboard metrics count by colour and segment and average the scores', async () => {
  const r = await a.api('GET', cs(a, 'TenantCsDashboardMetrics'));
  expect(r.status).toBe(200);
  const m = r.body.dashboardMetrics;
  expect(m.companyCount).toBe(3);
  expect(m.healthByColor).toEqual([
    { variant: 'success', count: 1 },
    { variant: 'danger', count: 1 },
    { variant: 'none', count: 1 },
  ]);
  expect(m.effortByColor).toEqual([
    { variant: 'success', count: 1 },
    { variant: 'none', count: 2 },
  ]);
  expect(m.averageHealthScore).toBe(57.5);
  expect(m.averageEffortScore).toBe(20);
  expect(m.totalMonthlyValue).toBe(700);
  // Acme: 600 a month, effort 20 -> segment 1; Beta 100, no effort -> 3; Gamma nothing -> 3.
  expect(m.segmentDistribution.map((x: { segmentId: number; count: number }) => [x.segmentId, x.count])).toEqual([
    [1, 1],
    [2, 0],
    [3, 2],
    [4, 0],
  ]);
  expect(m.stale_data).toBe(true);
});

test('the data quality chart scores the share of checks passed, coloured by the health cuts', async () => {
  const q = (await a.api('GET', cs(a, 'TenantCsDashboardMetrics'))).body.dashboardMetrics.dataQuality;
  // Acme passes 5 of 5, Beta 2 (health, contracts), Gamma 0: 7 of 15 = 47 -> danger.
  expect(q.overallScore).toBe(47);
  expect(q.overallScoreColor).toBe('danger');
  expect(q.checks.find((c: { key: string }) => c.key === 'healthScored')).toMatchObject({ passed: 2, total: 3 });
  expect(q.drilldown.find((d: { key: string }) => d.key === 'hasAccountManager').tenantCompanyIds.sort()).toEqual(
    [beta, gamma].sort(),
  );
});

test('dashboard metrics follow the filters', async () => {
  const r = await a.api('POST', cs(a, 'TenantCsDashboardMetrics'), {
    action: 'filteredGet',
    filters: { healthCodes: ['danger'] },
  });
  expect(r.status).toBe(200);
  expect(r.body.dashboardMetrics).toMatchObject({ companyCount: 1, averageHealthScore: 30, totalMonthlyValue: 100 });
});

test('insights cover the date range: renewals, notice dates, goals due, score trend', async () => {
  const r = await a.api('GET', cs(a, `TenantCsInsights?startDate=${inDays(0)}&endDate=${inDays(30)}`));
  expect(r.status).toBe(200);
  const i = r.body.insights;
  expect(
    i.renewals.map((x: { label: string; tenantCompanyId: number; monthlyValue: number }) => [
      x.label,
      x.tenantCompanyId,
      x.monthlyValue,
    ]),
  ).toEqual([['Datto', acme, 600]]);
  expect(i.summary).toMatchObject({
    companyCount: 3,
    renewalsCount: 1,
    renewalsMonthlyValue: 600,
    noticeCount: 1,
    goalsDueCount: 1,
    goalsCompletedCount: 0,
  });
  expect(i.goalsDue[0]).toMatchObject({ title: 'MFA rollout', tenantCompanyId: beta, companyName: 'Beta' });
  const month = inDays(0).slice(0, 7);
  expect(i.scoreTrend.find((p: { month: string }) => p.month === month)).toMatchObject({
    averageHealthScore: 57.5,
    averageEffortScore: 20,
  });

  const later = await a.api('GET', cs(a, `TenantCsInsights?startDate=${inDays(31)}&endDate=${inDays(500)}`));
  expect(later.body.insights.renewals.map((x: { label: string }) => x.label)).toEqual(['Cisco']);
  const filtered = await a.api('POST', cs(a, 'TenantCsInsights'), {
    action: 'filteredGet',
    filters: { tenantCompanyIds: [beta] },
    startDate: inDays(0),
    endDate: inDays(30),
  });
  expect(filtered.status).toBe(200);
  expect(filtered.body.insights.summary).toMatchObject({ companyCount: 1, renewalsCount: 0, goalsDueCount: 1 });
});

test('insights default to this quarter and refuse bad dates', async () => {
  const d = await a.api('GET', cs(a, 'TenantCsInsights'));
  expect(d.status).toBe(200);
  expect({ startDate: d.body.insights.startDate, endDate: d.body.insights.endDate }).toEqual(
    presetRange('This Quarter'),
  );
  const bad = await a.api('GET', cs(a, 'TenantCsInsights?startDate=2025-02-30&endDate=soon'));
  expect(bad.status).toBe(400);
  expect(bad.body.error.fields.map((f: { path: string }) => f.path).sort()).toEqual([
    'query.endDate',
    'query.startDate',
  ]);
  const reversed = await a.api('GET', cs(a, 'TenantCsInsights?startDate=2025-05-01&endDate=2025-04-01'));
  expect(reversed.status).toBe(400);
  expect(reversed.body.error.fields[0].path).toBe('query.endDate');
});

test('tenants are isolated', async () => {
  const m = (await b.api('GET', cs(b, 'TenantCsDashboardMetrics'))).body.dashboardMetrics;
  expect(m).toMatchObject({ companyCount: 0, totalMonthlyValue: 0, averageHealthScore: null });
  const f = (
    await b.api('POST', cs(b, 'TenantCsDashboardMetrics'), {
      action: 'filteredGet',
      filters: { tenantCompanyIds: [acme, beta] },
    })
  ).body.dashboardMetrics;
  expect(f.companyCount).toBe(0);
  const i = (await b.api('GET', cs(b, `TenantCsInsights?startDate=${inDays(0)}&endDate=${inDays(30)}`))).body.insights;
  expect(i.renewals).toEqual([]);
  expect(i.goalsDue).toEqual([]);
  expect((await b.api('GET', cs(a, 'TenantCsDashboardMetrics'))).status).toBe(403);
});
