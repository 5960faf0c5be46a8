/**
 * The report builder components cs_health_scores and cs_goals (registered in reports.components): built for a company,
 * their blocks carry the company's real scores (overall, per metric, the chart's data) and goals (status, dates,
 * progress, overdue on the report's date); empty blocks without a company or without data; the builder's catalogue
 * lists both.
 */
import { makeCompany, makeTenant, startTestServer, type TestServer, type TestTenant } from '../../../tests/sdk';
import { reportComponentsPoint, type ReportBlock } from '../../reports/public';
import { MSG_GOALS_NO_COMPANY, MSG_GOALS_NONE } from '../server/reports/goals-component';
import { MSG_HEALTH_NO_COMPANY, MSG_HEALTH_NO_DATA } from '../server/reports/health-scores-component';

let s: TestServer;
let a: TestTenant;
let acme: number;
let quiet: number;
const cs = (rest: string) => `/v3/cs/tenant/${a.tenantId}/cs/${rest}`;
const FORMAT = { currency: 'USD', dateFormat: 'yyyy-mm-dd', timeZone: 'UTC', fiscalYearStartMonth: 1 };

async function build(type: string, companyId: number | null, asOf = '2026-11-27'): Promise<ReportBlock[]> {
  const def = s.k.extensions(reportComponentsPoint).find((d) => d.type === type);
  if (!def) throw new Error(`${type} is not registered`);
  return s.k.db.withTenant(a.tenantId, (db) =>
    def.build({ db, k: s.k, tenantId: a.tenantId, companyId, properties: { global: true }, format: FORMAT, asOf }),
  );
}
async function ok(method: 'POST' | 'PUT', path: string, body: Record<string, unknown>) {
  const r = await a.api(method, path, body);
  if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}
const byKind = <K extends ReportBlock['kind']>(blocks: ReportBlock[], kind: K) =>
  blocks.find((b) => b.kind === kind) as Extract<ReportBlock, { kind: K }>;

beforeAll(async () => {
  s = await startTestServer({ plugins: ['reports', 'stack-manager'], jobs: false });
  a = await makeTenant(s.k, s.url);
  acme = await makeCompany(a, 'Acme');
  quiet = await makeCompany(a, 'Quiet');
}, 120_000);
afterAll(async () => s?.stop());

describe('cs_health_scores', () => {
  test("the blocks carry the company's scores, each metric's points and the chart of them", async () => {
    const nps = (await ok('POST', cs('TenantCsHealthMetric'), { name: 'NPS', calcCode: 'custom', weight: 60, max: 10 }))
      .tenantCsHealthMetrics[0].tenantCsHealthMetricId;
    const qbr = (
      await ok('POST', cs('TenantCsHealthMetric'), { name: 'QBR attendance', calcCode: 'custom', weight: 40, max: 4 })
    ).tenantCsHealthMetrics[0].tenantCsHealthMetricId;
    const esc = (
      await ok('POST', cs('TenantCsEffortMetric'), { name: 'Escalations', calcCode: 'custom', weight: 100, max: 10 })
    ).tenantCsEffortMetrics[0].tenantCsEffortMetricId;
    await ok('PUT', cs(`CompanyCsHealthMetricValues/${nps}?tenantCompanyId=${acme}`), { value: 5 });
    await ok('PUT', cs(`CompanyCsHealthMetricValues/${qbr}?tenantCompanyId=${acme}`), { value: 3 });
    await ok('PUT', cs(`CompanyCsEffortMetricValues/${esc}?tenantCompanyId=${acme}`), { value: 2 });

    const blocks = await build('cs_health_scores', acme);
    expect(blocks.map((b) => b.kind)).toEqual(['metrics', 'table', 'chart']);
    expect(byKind(blocks, 'metrics').items.slice(0, 4)).toEqual([
      { label: 'Health score', value: 60, format: 'number' }, // 60 x 5/10 + 40 x 3/4
      { label: 'Health change', value: null, format: 'percent' },
      { label: 'Effort score', value: 20, format: 'number' },
      { label: 'Effort change', value: null, format: 'percent' },
    ]);
    expect(byKind(blocks, 'metrics').items[4]).toMatchObject({ label: 'Calculated', format: 'date' });
    expect(byKind(blocks, 'table').rows).toEqual([
      { type: 'Health', metric: 'NPS', value: 5, max: 10, weight: 60, score: 30 },
      { type: 'Health', metric: 'QBR attendance', value: 3, max: 4, weight: 40, score: 30 },
      { type: 'Effort', metric: 'Escalations', value: 2, max: 10, weight: 100, score: 20 },
    ]);
    const chart = byKind(blocks, 'chart');
    expect((chart.spec.data as { values: unknown[] }).values).toEqual([
      { type: 'Health', metric: 'NPS', points: 30, weight: 60 },
      { type: 'Health', metric: 'QBR attendance', points: 30, weight: 40 },
      { type: 'Effort', metric: 'Escalations', points: 20, weight: 100 },
    ]);
    expect(chart.alt).toContain('NPS (health) 30 of 60');
  });

  test('empty blocks: no company chosen, a company without scores', async () => {
    expect(await build('cs_health_scores', null)).toEqual([
      { kind: 'empty', title: 'No company chosen', message: MSG_HEALTH_NO_COMPANY },
    ]);
    expect(await build('cs_health_scores', quiet)).toEqual([
      { kind: 'empty', title: 'No scores yet', message: MSG_HEALTH_NO_DATA },
    ]);
  });
});

describe('cs_goals', () => {
  test("the blocks carry the company's goals with status, dates and progress, overdue on the report's date", async () => {
    await ok('POST', cs(`TenantCompanyGoal?tenantCompanyId=${acme}`), {
      moniker: 'Move to the cloud',
      status: 'inProgress',
      startDate: '2026-01-15',
      dueDate: '2026-06-30',
    });
    await ok('POST', cs(`TenantCompanyGoal?tenantCompanyId=${acme}`), {
      moniker: 'Quarterly reviews',
      status: 'atRisk',
      dueDate: '2027-03-31',
    });
    // A goal of another company that covers Acme too counts for Acme.
    await ok('POST', cs(`TenantCompanyGoal?tenantCompanyId=${quiet}`), {
      moniker: 'Shared security plan',
      status: 'completed',
      dueDate: '2026-02-01',
      tenantCompanyIds: [acme],
    });
    const blocks = await build('cs_goals', acme);
    expect(byKind(blocks, 'metrics').items).toEqual([
      { label: 'Goals', value: 3, format: 'number' },
      { label: 'Completed', value: 1, format: 'number' },
      { label: 'At risk', value: 1, format: 'number' },
      { label: 'Overdue', value: 1, format: 'number' },
    ]);
    expect(byKind(blocks, 'table').rows).toEqual([
      {
        goal: 'Shared security plan',
        status: 'Completed',
        startDate: null,
        dueDate: '2026-02-01',
        progress: null,
        score: null,
      },
      {
        goal: 'Move to the cloud',
        status: 'In Progress (overdue)',
        startDate: '2026-01-15',
        dueDate: '2026-06-30',
        progress: null,
        score: null,
      },
      {
        goal: 'Quarterly reviews',
        status: 'At Risk',
        startDate: null,
        dueDate: '2027-03-31',
        progress: null,
        score: null,
      },
    ]);
    // Before the due date the goal is not overdue.
    expect(byKind(await build('cs_goals', acme, '2026-05-01'), 'metrics').items[3]).toEqual({
      label: 'Overdue',
      value: 0,
      format: 'number',
    });
  });

  test('empty blocks: no company chosen, a company without goals', async () => {
    expect(await build('cs_goals', null)).toEqual([
      { kind: 'empty', title: 'No company chosen', message: MSG_GOALS_NO_COMPANY },
    ]);
    const other = await makeCompany(a, 'No goals');
    expect(await build('cs_goals', other)).toEqual([{ kind: 'empty', title: 'No goals', message: MSG_GOALS_NONE }]);
  });
});

test("the builder's catalogue lists both types under Customer Success", async () => {
  const r = await a.api('GET', `/v3/tenant/${a.tenantId}/reportBuilder/componentTypes`);
  expect(r.status).toBe(200);
  const types = r.body.types.filter((x: { group: string }) => x.group === 'Customer Success');
  expect(types.map((x: { type: string }) => x.type)).toEqual(
    expect.arrayContaining(['cs_health_scores', 'cs_goals', 'cs_stack_alignment']),
  );
});
