/**
 * The comparison and trend routes on events taken through the API: two events of a company on different template
 * versions (matched by key; the added and removed questions listed; the earlier event is "before" whichever is
 * asked), an event against the tenant average (the latest completed event per company), refusals (another company,
 * itself, unknown), the trend over time, tenant isolation and access (Read Only may compare; no access: 403).
 */
import { makeCompany, makeTenant, startTestServer, type TestServer, type TestTenant } from '../../../tests/sdk';
import { analysisPaths as A, assessmentPaths as P, templateContent } from '../shared/api';
import { ASSESSMENT_PAGE, ASSESSMENTS_PAGE } from '../shared/pages';
import { SAMPLE_CONTENT } from './sample-template';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
let acme: number;
let other: number;
let template: number;
const ev: Record<string, number> = {};
const MODULES = ['Core', 'Assessment', 'Customer Success', 'Admin'] as const;
type Row = Record<string, any>;

async function ok(t: TestTenant, method: 'GET' | 'POST' | 'PUT' | 'PATCH', path: string, body?: unknown) {
  const r = await t.api(method, path, body);
  if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** Takes an assessment through the API: answers, submit, complete (unless draft). */
async function take(
  t: TestTenant,
  companyId: number,
  assessedOn: string,
  answers: Record<string, unknown>,
  opts: { templateVersion?: number; complete?: boolean } = {},
): Promise<number> {
  const created = await ok(t, 'POST', P.events(t.tenantId), {
    tenantCompanyId: companyId,
    assessmentTemplateId: template,
    assessedOn,
    ...(opts.templateVersion ? { templateVersion: opts.templateVersion } : {}),
  });
  const id = created.event.assessment_event_id;
  for (const [key, value] of Object.entries(answers))
    await ok(t, 'PATCH', P.answer(t.tenantId, id, key), { version: 0, value });
  if (opts.complete !== false) {
    let e = (await ok(t, 'GET', P.event(t.tenantId, id))).event;
    e = (await ok(t, 'POST', P.status(t.tenantId, id), { version: e.version, action: 'submit' })).event;
    await ok(t, 'POST', P.status(t.tenantId, id), { version: e.version, action: 'complete' });
  }
  return id;
}

beforeAll(async () => {
  s = await startTestServer({ plugins: ['assessments'], jobs: false });
  a = await makeTenant(s.k, s.url, { modules: [...MODULES] });
  b = await makeTenant(s.k, s.url, { modules: [...MODULES] });
  acme = await makeCompany(a, 'Acme');
  other = await makeCompany(a, 'Other');
  const t = await ok(a, 'POST', P.templates(a.tenantId), {
    name: 'Baseline',
    description: '',
    content: SAMPLE_CONTENT,
  });
  template = t.template.assessment_template_id;
  ev.first = await take(a, acme, '2026-03-01', { mfa: false, pwpolicy: 2, backupfreq: 'weekly', runbook: true });
  // Version 2: "runbook" removed, "dr" added (the first event keeps version 1).
  const v2 = templateContent.parse(SAMPLE_CONTENT);
  const docs = v2.sections[1]!.categories[0]!;
  docs.questions = docs.questions.filter((q) => q.key !== 'runbook');
  docs.questions.push({
    key: 'dr',
    text: 'Is there a DR plan?',
    type: 'yesno',
    weight: 1,
    guidance: '',
    frameworkTags: [],
  });
  const put = await ok(a, 'PUT', P.template(a.tenantId, template), { version: t.template.version, content: v2 });
  expect(put.new_version).toBe(true);
  ev.second = await take(a, acme, '2026-06-01', { mfa: true, pwpolicy: 2, backupfreq: 'never', dr: true });
  ev.draft = await take(a, acme, '2026-09-01', { mfa: true }, { complete: false });
  ev.otherCo = await take(a, other, '2026-05-01', { mfa: true, pwpolicy: 4, backupfreq: 'daily', dr: false });
}, 400_000);
afterAll(async () => s?.stop());

test('two events of different versions: per question, category and overall; the earlier one is before', async () => {
  const r = await ok(a, 'GET', A.comparison(a.tenantId, ev.second!, ev.first!));
  // Asked from either side, the earlier event is "before".
  const flipped = await ok(a, 'GET', A.comparison(a.tenantId, ev.first!, ev.second!));
  expect(flipped.overall).toEqual(r.overall);
  expect(r).toMatchObject({
    kind: 'events',
    before: { assessment_event_id: ev.first, template_version: 1, assessed_on: '2026-03-01' },
    after: { assessment_event_id: ev.second, template_version: 2 },
    tenant_company_id: acme,
    company_moniker: 'Acme',
    template_name: 'Baseline',
  });
  const q = Object.fromEntries(r.questions.map((x: Row) => [x.key, x]));
  expect(q.mfa).toMatchObject({
    before: 0,
    after: 100,
    delta: 100,
    change: 'improved',
    before_value: false,
    after_value: true,
  });
  expect(q.pwpolicy).toMatchObject({ before: 40, after: 40, change: 'unchanged' });
  expect(q.backupfreq).toMatchObject({ before: 50, after: 0, delta: -50, change: 'declined' });
  expect(q.dr).toMatchObject({ before: null, after: 100, change: 'added' });
  expect(q.runbook).toMatchObject({ before: 100, after: null, change: 'removed' });
  expect(r.counts).toMatchObject({ improved: 1, declined: 1, unchanged: 1, added: 1, removed: 1 });
  const cat = Object.fromEntries(r.categories.map((x: Row) => [x.key, x]));
  // Identity: (0x5 + 0.4x2)/7 = 11.4 -> (5 + 0.8)/7 = 82.9.
  expect(cat.identity).toMatchObject({ before: 11.4, after: 82.9, change: 'improved' });
  expect(cat.backup).toMatchObject({ before: 50, after: 0, change: 'declined' });
  expect(cat.docs).toMatchObject({ before: 100, after: 100, change: 'unchanged' });
  expect(typeof r.overall.delta).toBe('number');
  expect(r.overall.change).toBe(r.overall.delta > 0 ? 'improved' : r.overall.delta < 0 ? 'declined' : 'unchanged');
  expect(r.sections.map((x: Row) => x.key)).toEqual(['security', 'ops']);
});

test('a draft compares with its live answers', async () => {
  const r = await ok(a, 'GET', A.comparison(a.tenantId, ev.draft!, ev.second!));
  expect(r.after).toMatchObject({ assessment_event_id: ev.draft, status: 'draft' });
  expect(r.questions.find((x: Row) => x.key === 'backupfreq')).toMatchObject({ after: null, change: 'not_scored' });
});

test('the tenant average: the latest completed event of each company on the template', async () => {
  const r = await ok(a, 'GET', A.comparison(a.tenantId, ev.first!, 'tenantAverage'));
  expect(r).toMatchObject({
    kind: 'tenantAverage',
    before: null,
    after: { assessment_event_id: ev.first },
    average_of: 2,
  });
  const q = Object.fromEntries(r.questions.map((x: Row) => [x.key, x]));
  // Acme's latest (second: mfa yes) and Other's (mfa yes): 100; the first event said no.
  expect(q.mfa).toMatchObject({ before: 100, after: 0, change: 'declined' });
  // backupfreq: (0 + 100) / 2 = 50; the first event's weekly = 50.
  expect(q.backupfreq).toMatchObject({ before: 50, after: 50, change: 'unchanged' });
  // runbook: no company's latest event has it (version 2): only in the event.
  expect(q.runbook.change).toBe('added');
  expect(q.dr.change).toBe('removed');
});

test('refusals: another company, itself, an unknown event, a bad value', async () => {
  const otherCo = await a.api('GET', A.comparison(a.tenantId, ev.second!, ev.otherCo!));
  expect(otherCo.status).toBe(400);
  expect(JSON.stringify(otherCo.body)).toMatch(/query\.with/);
  expect((await a.api('GET', A.comparison(a.tenantId, ev.second!, ev.second!))).status).toBe(400);
  expect((await a.api('GET', A.comparison(a.tenantId, ev.second!, 999_999_999))).status).toBe(400);
  expect((await a.api('GET', A.comparison(a.tenantId, 999_999_999, ev.second!))).status).toBe(404);
  expect(
    (await a.api('GET', `/v3/tenant/${a.tenantId}/assessmentEvents/${ev.second}/comparison?with=latest`)).status,
  ).toBe(400);
});

test('the trend: completed events oldest first with overall and category scores', async () => {
  const r = await ok(a, 'GET', A.trend(a.tenantId, acme, template));
  expect(r.points.map((p: Row) => p.assessment_event_id)).toEqual([ev.first, ev.second]);
  expect(r.points[0].categories.find((c: Row) => c.key === 'identity').score).toBe(11.4);
  expect(r.categories.map((c: Row) => c.key)).toEqual(['identity', 'backup', 'docs']);
  expect(r.points[1].overall).toEqual(expect.any(Number));
  expect((await a.api('GET', A.trend(a.tenantId, acme, 999_999_999))).status).toBe(400);
});

test("isolation and access: another tenant cannot compare a's events; Read Only may; no access is a 403", async () => {
  expect((await b.api('GET', A.comparison(b.tenantId, ev.second!, ev.first!))).status).toBe(404);
  expect((await b.api('GET', A.comparison(a.tenantId, ev.second!, ev.first!))).status).toBe(403);
  expect((await b.api('GET', A.trend(b.tenantId, acme, template))).status).toBe(400);
  const reader = await makeTenant(s.k, s.url, {
    tenantAdmin: false,
    modules: [...MODULES],
    pages: [{ url: ASSESSMENT_PAGE, access_level: 'Read Only' }],
  });
  expect((await reader.api('GET', A.comparison(reader.tenantId, 1, 'tenantAverage'))).status).toBe(404);
  const none = await makeTenant(s.k, s.url, {
    tenantAdmin: false,
    modules: [...MODULES],
    pages: [{ url: ASSESSMENTS_PAGE, access_level: 'Read/Write' }],
  });
  expect((await none.api('GET', A.comparison(none.tenantId, 1, 'tenantAverage'))).status).toBe(403);
});
