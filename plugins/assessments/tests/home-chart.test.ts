/**
 * The assessments /dashboard panel's data (chart assessmentsHome of GET dashboardCharts), on the demo assessments:
 * the open ones dated within two weeks (overdue counted), oldest first, and the five latest completed with their
 * scores; only for users who may open /assessments; only the tenant's own.
 */
import { makeTenant, startTestServer, type TestServer, type TestTenant } from '../../../tests/sdk';
import { ASSESSMENTS_DUE_DAYS, ASSESSMENTS_HOME_ROWS, type AssessmentsHomeChart } from '../shared/home-chart';

jest.setTimeout(300_000);

let s: TestServer;
let t: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  s = await startTestServer({ plugins: ['assessments'], jobs: false });
  t = await makeTenant(s.k, s.url, { modules: ['Core', 'Assessment'] });
  other = await makeTenant(s.k, s.url, { modules: ['Core', 'Assessment'] });
  for (const plugin of ['companies', 'assessments'])
    await s.k.plugins.find((p) => p.id === plugin)!.fixtures!({
      db: s.k.db,
      k: s.k,
      tenantId: t.tenantId,
      log: () => undefined,
    });
});
afterAll(async () => s?.stop());

const chart = async (who: TestTenant, tenantId = who.tenantId) =>
  who.api('GET', `/v3/tenant/${tenantId}/dashboardCharts?charts=assessmentsHome`);

test('the open assessments due and the latest scores, as the events table holds them', async () => {
  const r = await chart(t);
  expect(r.status).toBe(200);
  const home = r.body.charts.assessmentsHome as AssessmentsHomeChart;
  // What the table holds, read directly (the UTC date is the tenant's here: no time zone set).
  const rows = await s.k.db.withTenant(t.tenantId, (trx) =>
    trx('assessment_events as e')
      .join('tenant_companies as c', 'c.tenant_company_id', 'e.tenant_company_id')
      .select(
        'e.assessment_event_id',
        'e.status',
        'e.overall_score',
        'e.completed_at',
        'c.moniker',
        trx.raw(`to_char(e.assessed_on, 'YYYY-MM-DD') as assessed_on`),
      ),
  );
  const today = new Date().toISOString().slice(0, 10);
  const until = new Date(Date.now() + ASSESSMENTS_DUE_DAYS * 86_400_000).toISOString().slice(0, 10);
  const open = rows.filter((e) => e.status !== 'completed' && e.assessed_on <= until);
  expect(open.length).toBeGreaterThan(0); // the demo has a draft per company
  expect(home.due_total).toBe(open.length);
  expect(home.overdue).toBe(open.filter((e) => e.assessed_on < today).length);
  const firstDue = [...open].sort(
    (x, y) =>
      x.assessed_on.localeCompare(y.assessed_on) || Number(x.assessment_event_id) - Number(y.assessment_event_id),
  );
  expect(home.due.map((d) => d.assessment_event_id)).toEqual(
    firstDue.slice(0, ASSESSMENTS_HOME_ROWS).map((e) => Number(e.assessment_event_id)),
  );
  for (const d of home.due) {
    const days = Math.round((Date.parse(d.assessed_on) - Date.parse(today)) / 86_400_000);
    expect(d.days_left).toBe(days);
    expect(d.template).not.toBe('');
  }
  const completed = rows
    .filter((e) => e.status === 'completed')
    .sort(
      (x, y) =>
        new Date(y.completed_at).getTime() - new Date(x.completed_at).getTime() ||
        Number(y.assessment_event_id) - Number(x.assessment_event_id),
    )
    .slice(0, ASSESSMENTS_HOME_ROWS);
  expect(home.recent.map((e) => [e.assessment_event_id, e.overall_score])).toEqual(
    completed.map((e) => [Number(e.assessment_event_id), Math.round(Number(e.overall_score) * 10) / 10]),
  );
});

test('another tenant sees none of it, and a user who may not open /assessments gets no such chart', async () => {
  const mine = await chart(other);
  expect(mine.status).toBe(200);
  expect(mine.body.charts.assessmentsHome).toMatchObject({ due_total: 0, overdue: 0, due: [], recent: [] });
  expect((await chart(other, t.tenantId)).status).toBe(403);
  const noPage = await makeTenant(s.k, s.url, {
    tenantAdmin: false,
    modules: ['Core', 'Assessment'],
    pages: [{ url: '/dashboard', access_level: 'Read Only' }],
  });
  const r = await noPage.api('GET', `/v3/tenant/${noPage.tenantId}/dashboardCharts`);
  expect(r.status).toBe(200);
  expect(r.body.charts.assessmentsHome).toBeUndefined();
});
