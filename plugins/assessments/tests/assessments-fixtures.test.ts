/**
 * The demo assessments: two templates (the security baseline with two versions), per demo company two completed
 * events of each template a quarter apart and one draft, answers of every question type, findings, scores that
 * differ between the rounds (improvement and decline); the same data on every run, idempotent, written in bulk;
 * completions go through `assessments.eventCompleted` (Customer Success records its assessment-template input);
 * the comparison, trend and findings routes answer on them.
 */
import { makeTenant, startTestServer, type TestServer, type TestTenant } from '../../../tests/sdk';
import { eventCompletedPoint } from '../public';
import { analysisPaths as A, assessmentPaths as P } from '../shared/api';
import { DEMO_ALIGNMENT, DEMO_MATURITY, DEMO_SECURITY } from '../server/fixtures';

let s: TestServer;
let t: TestTenant;
const logs: string[] = [];
const run = (plugin: string, tenant = t) =>
  s.k.plugins.find((p) => p.id === plugin)!.fixtures!({
    db: s.k.db,
    k: s.k,
    tenantId: tenant.tenantId,
    log: (line) => logs.push(line),
  });

beforeAll(async () => {
  // Customer Success records the completed demo events (assessments.eventCompleted).
  s = await startTestServer({ plugins: ['assessments', 'customer-success'], jobs: false });
  t = await makeTenant(s.k, s.url, { modules: ['Core', 'Assessment', 'Customer Success', 'Admin'] });
  await run('companies');
}, 400_000);
afterAll(async () => s?.stop());

type Row = Record<string, any>;
const snapshot = () =>
  s.k.db.withTenant(t.tenantId, async (trx) => ({
    events: (await trx('assessment_events as e')
      .join('tenant_companies as c', 'c.tenant_company_id', 'e.tenant_company_id')
      .join('assessment_template_defs as d', 'd.assessment_template_id', 'e.assessment_template_id')
      .join('assessment_template_versions as v', 'v.assessment_template_version_id', 'e.assessment_template_version_id')
      .select('e.*', 'c.moniker', 'd.name as template', 'v.template_version')
      .orderBy('e.assessment_event_id')) as Row[],
    answers: (await trx('assessment_answers').select(
      'assessment_event_id',
      'question_key',
      'value',
      'finding',
    )) as Row[],
  }));

test('demo assessments: two templates, two completed rounds a quarter apart and a draft per company; once', async () => {
  const started = Date.now();
  await run('assessments');
  expect(Date.now() - started).toBeLessThan(30_000); // bulk inserts (generous under load)
  const companies = Object.keys(DEMO_MATURITY).length;
  const { events, answers } = await snapshot();
  expect(events).toHaveLength(companies * 5);
  expect(
    logs.some((l) => l.startsWith(`assessments: ${companies * 5} demo assessments (${companies * 4} completed)`)),
  ).toBe(true);

  const templates = (await t.api('GET', P.templates(t.tenantId))).body.templates;
  const sec = templates.find((x: Row) => x.name === DEMO_SECURITY);
  const ali = templates.find((x: Row) => x.name === DEMO_ALIGNMENT);
  expect(sec).toMatchObject({ current_version: 2, event_count: companies * 3 });
  expect(ali).toMatchObject({ current_version: 1, event_count: companies * 2 });
  // Every question type and framework tags.
  const content = (await t.api('GET', P.template(t.tenantId, sec.assessment_template_id))).body.content;
  const qs = content.sections.flatMap((x: Row) => x.categories.flatMap((c: Row) => c.questions));
  expect(new Set(qs.map((q: Row) => q.type))).toEqual(new Set(['yesno', 'scale', 'choice', 'text', 'number']));
  expect(qs.some((q: Row) => q.frameworkTags.includes('CIS 6.5'))).toBe(true);

  for (const moniker of Object.keys(DEMO_MATURITY)) {
    const mine = events.filter((e) => e.moniker === moniker && e.template === DEMO_SECURITY);
    expect(mine.map((e) => e.status)).toEqual(['completed', 'completed', 'draft']);
    expect(mine.map((e) => e.template_version)).toEqual([1, 2, 2]);
    const days = (new Date(mine[1]!.assessed_on).getTime() - new Date(mine[0]!.assessed_on).getTime()) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(88);
    expect(days).toBeLessThanOrEqual(93);
    for (const e of mine.slice(0, 2)) expect(e.overall_score).not.toBeNull();
    expect(mine[2]!.overall_score).toBeNull();
  }
  // Scores differ between the rounds: some improve, one declines.
  const deltas = Object.keys(DEMO_MATURITY).map((m) => {
    const [r1, r2] = events.filter((e) => e.moniker === m && e.template === DEMO_SECURITY);
    return Number(r2!.overall_score) - Number(r1!.overall_score);
  });
  expect(deltas.some((d) => d > 0)).toBe(true);
  expect(deltas.some((d) => d < 0)).toBe(true);
  expect(answers.some((a) => a.finding)).toBe(true);

  // Deterministic and idempotent: a second run adds nothing.
  logs.length = 0;
  await run('assessments');
  const again = await snapshot();
  expect(again.events).toHaveLength(events.length);
  expect(again.answers).toHaveLength(answers.length);
});

test('the demo data answers the comparison, trend and findings routes; Customer Success got the results', async () => {
  const { events } = await snapshot();
  const acme = events.filter((e) => e.moniker === 'Acme Dental Group' && e.template === DEMO_SECURITY);
  const cmp = await t.api(
    'GET',
    A.comparison(t.tenantId, Number(acme[1]!.assessment_event_id), Number(acme[0]!.assessment_event_id)),
  );
  expect(cmp.status).toBe(200);
  expect(cmp.body.overall.change).toBe('improved');
  // Version 1 -> 2: the audit log question added, the removable media one removed.
  expect(cmp.body.questions.find((q: Row) => q.key === 'cis-8.2').change).toBe('added');
  expect(cmp.body.questions.find((q: Row) => q.key === 'cis-usb').change).toBe('removed');
  const avg = await t.api('GET', A.comparison(t.tenantId, Number(acme[1]!.assessment_event_id), 'tenantAverage'));
  expect(avg.body).toMatchObject({ kind: 'tenantAverage', average_of: Object.keys(DEMO_MATURITY).length });
  const trend = await t.api(
    'GET',
    A.trend(t.tenantId, Number(acme[0]!.tenant_company_id), Number(acme[0]!.assessment_template_id)),
  );
  expect(trend.body.points).toHaveLength(2);
  const findings = await t.api('GET', `${A.findings(t.tenantId)}?pageSize=500`);
  expect(findings.body.total).toBe(45); // the flagged answers of the completed demo rounds (findings-api.test.ts)
  expect(findings.body.findings.every((f: Row) => f.kind === 'flagged' && f.status === 'open')).toBe(true);

  // Customer Success handles the completion point: one result per completed demo event.
  expect(s.k.extensions(eventCompletedPoint)).toHaveLength(1);
  const results = await s.k.db.withTenant(t.tenantId, (trx) => trx('cs_assessment_results').select('*'));
  expect(results).toHaveLength(Object.keys(DEMO_MATURITY).length * 4);
});
