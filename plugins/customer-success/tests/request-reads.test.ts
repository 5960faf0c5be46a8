/**
 * One request reads each input once (issue 14): the dashboard (TenantCsDashboardMetrics, with the charts other
 * plugins add), the segments list, a segment refresh and the company details tile read the companies, segment
 * settings, cut scores, contracts (and contract exclusions), scores and stored segments at most once each, counted
 * on the queries the request's transaction runs (a colour filter also selects by score in the database), and never
 * touch the job queue. Inputs are not kept between requests: a cut saved is used by the next dashboard.
 */
import pg from 'pg';
import { makeCompany, makeTenant, startTestServer, type TestServer, type TestTenant } from '../../../tests/sdk';
import { contract, cs, customMetric, setScore } from './segments-helpers';

let s: TestServer;
let a: TestTenant;
let acme: number;
let beta: number;

/** The tables a CS request reads its inputs from. */
const INPUT_TABLES = [
  'tenant_companies',
  'cs_segment_settings',
  'tenant_cs_health_cuts',
  'tenant_cs_effort_cuts',
  'tenant_company_contracts',
  'cs_contract_excludes',
  'cs_company_scores',
  'cs_company_segments',
];

beforeAll(async () => {
  s = await startTestServer({ plugins: ['stack-manager'], jobs: false });
  a = await makeTenant(s.k, s.url);
  acme = await makeCompany(a, 'Acme');
  beta = await makeCompany(a, 'Beta');
  await makeCompany(a, 'Gamma');
  await contract(a, acme, { vendor: 'Datto', cost: 600, billing_cycle: 'Monthly' });
  await contract(a, beta, { vendor: 'Cisco', cost: 1200, billing_cycle: 'Annually' });
  const health = await customMetric(a, 'health');
  await setScore(a, 'health', health, acme, 85);
  await setScore(a, 'health', health, beta, 30);
  const effort = await customMetric(a, 'effort');
  await setScore(a, 'effort', effort, acme, 20);
  // Stored settings and cuts, so their tables have rows to read.
  expect((await a.api('PUT', cs(a, 'TenantCsSegmentSettings'), { segAutoCalc: true, version: 0 })).status).toBe(200);
  expect(
    (
      await a.api('PUT', cs(a, 'TenantCsHealthCut'), {
        cuts: [
          { max: 40, variant: 'danger' },
          { max: 100, variant: 'success' },
        ],
      })
    ).status,
  ).toBe(200);
}, 90_000);
afterAll(async () => s?.stop());

/** Runs one request and answers it with the SQL its transaction ran and whether the job queue was used. */
async function reads(request: () => Promise<{ status: number; body: any }>) {
  const sql: string[] = [];
  const onQuery = (q: { sql: string }) => {
    sql.push(q.sql);
  };
  const jobs = s.k.jobs as unknown as Record<string, unknown>;
  const methods = new Set<string>();
  for (let o: object | null = jobs; o && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
    for (const name of Object.getOwnPropertyNames(o))
      if (name !== 'constructor' && typeof jobs[name] === 'function') methods.add(name);
  }
  const spies = [...methods].map((m) => jest.spyOn(jobs as never, m as never));
  // PGlite: knex reports each query. PostgreSQL: request transactions send knex-built SQL on the pg client
  // directly (kernel/db/lean-pg.ts, no knex event), so the client's queries are counted there instead.
  const pgSpy = s.k.db.engine === 'postgres' ? jest.spyOn(pg.Client.prototype, 'query').mockName('pg query') : null;
  if (!pgSpy) s.k.db.knex.on('query', onQuery);
  try {
    const r = await request();
    expect(r.status).toBe(200);
    for (const call of pgSpy?.mock.calls ?? []) {
      const q = call[0] as unknown;
      sql.push(typeof q === 'string' ? q : String((q as { text?: string } | null)?.text ?? ''));
    }
    const from = (t: string) => sql.filter((q) => new RegExp(`\\bfrom\\s+"?${t}"?(\\s|$)`, 'i').test(q)).length;
    return {
      body: r.body,
      queries: sql.length,
      perTable: Object.fromEntries(INPUT_TABLES.map((t) => [t, from(t)])),
      jobCalls: spies.reduce((n, x) => n + x.mock.calls.length, 0),
    };
  } finally {
    s.k.db.knex.off('query', onQuery);
    pgSpy?.mockRestore();
    for (const x of spies) x.mockRestore();
  }
}

const atMostOnce = (perTable: Record<string, number>) =>
  Object.fromEntries(Object.entries(perTable).map(([t, n]) => [t, Math.min(n, 1)]));

test('one dashboard request reads each input once and not the job queue', async () => {
  const r = await reads(() => a.api('GET', cs(a, 'TenantCsDashboardMetrics')));
  expect(r.body.dashboardMetrics.companyCount).toBe(3);
  expect(r.body.dashboardMetrics).toHaveProperty('stackMrrAlignmentByCompanyChart'); // the charts other plugins add ran too
  expect(r.perTable).toEqual(atMostOnce(r.perTable));
  expect(r.perTable.cs_segment_settings).toBe(1);
  expect(r.jobCalls).toBe(0);
});

test('a filtered dashboard request (filteredGet) reads each input once', async () => {
  const r = await reads(() =>
    a.api('POST', cs(a, 'TenantCsDashboardMetrics'), { action: 'filteredGet', filters: { tenantCompanyIds: [acme] } }),
  );
  expect(r.body.dashboardMetrics).toMatchObject({ companyCount: 1, averageHealthScore: 85 });
  expect(r.perTable).toEqual(atMostOnce(r.perTable));
  expect(r.jobCalls).toBe(0);
});

test('a dashboard filtered by health colour reads the cuts once, for the filter and the colours alike', async () => {
  const r = await reads(() =>
    a.api('POST', cs(a, 'TenantCsDashboardMetrics'), { action: 'filteredGet', filters: { healthCodes: ['danger'] } }),
  );
  expect(r.body.dashboardMetrics).toMatchObject({ companyCount: 1, averageHealthScore: 30 });
  expect(r.perTable.tenant_cs_health_cuts).toBe(1);
  // The filter selects by score range in the database (ids only; see metrics/filters.ts), the dashboard then reads
  // the scores it shows: that selection is the one second read of cs_company_scores, every other input is read once.
  expect(r.perTable).toEqual({ ...atMostOnce(r.perTable), cs_company_scores: 2 });
});

test('the segments list, a refresh, the details tile and the headlines read each input once', async () => {
  for (const request of [
    () => a.api('GET', cs(a, 'TenantCompanySegment')),
    () => a.api('POST', cs(a, 'TenantCompanySegment'), { action: 'refresh' }),
    () => a.api('GET', cs(a, `CustomerSuccessDetailsTile?tenantCompanyId=${acme}`)),
    () =>
      a.api('POST', cs(a, 'TenantCsHeadlines'), { action: 'filteredGet', filters: { tenantCompanyIds: [acme, beta] } }),
  ]) {
    const r = await reads(request);
    expect(r.perTable).toEqual(atMostOnce(r.perTable));
    expect(r.jobCalls).toBe(0);
  }
});

test('inputs are read afresh by each request: a cut saved colours the next dashboard', async () => {
  const before = (await a.api('GET', cs(a, 'TenantCsDashboardMetrics'))).body.dashboardMetrics.healthByColor;
  expect(before).toEqual(
    expect.arrayContaining([
      { variant: 'danger', count: 1 },
      { variant: 'success', count: 1 },
    ]),
  );
  expect(
    (
      await a.api('PUT', cs(a, 'TenantCsHealthCut'), {
        cuts: [
          { max: 90, variant: 'warning' },
          { max: 100, variant: 'success' },
        ],
      })
    ).status,
  ).toBe(200);
  const after = (await a.api('GET', cs(a, 'TenantCsDashboardMetrics'))).body.dashboardMetrics.healthByColor;
  expect(after).toEqual(expect.arrayContaining([{ variant: 'warning', count: 2 }]));
});
