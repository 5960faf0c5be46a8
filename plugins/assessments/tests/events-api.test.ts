/**
 * The assessment event routes on the real server and database: take an assessment (start on a template version,
 * autosave one answer at a time with its version, 409 with the current answer when stale, value checked against
 * the question type), live weighted scores, the status flow (submit, complete, reopen; out-of-order and stale
 * refused), completion storing the scores and recording Customer Success's assessment-template health input (read
 * back through CS's API), evidence files through signed links, delete, tenant isolation and Read Only refusal.
 */
import { makeCompany, makeTenant, startTestServer, type TestServer, type TestTenant } from '../../../tests/sdk';
import { assessmentPaths as P } from '../shared/api';
import { ASSESSMENT_PAGE, ASSESSMENTS_PAGE } from '../shared/pages';
import { SAMPLE_CONTENT } from './sample-template';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
let acme: number;
let templateId: number;
let tenantUserId: number;
let eventId: number;
const MODULES = ['Core', 'Assessment', 'Customer Success', 'Admin'] as const;
const cs = (x: TestTenant, rest: string) => `/v3/cs/tenant/${x.tenantId}/cs/${rest}`;

beforeAll(async () => {
  // Customer Success: a completed assessment feeds its assessment-template health metric.
  s = await startTestServer({ plugins: ['assessments', 'customer-success'] });
  a = await makeTenant(s.k, s.url, { modules: [...MODULES] });
  b = await makeTenant(s.k, s.url, { modules: [...MODULES] });
  acme = await makeCompany(a, 'Acme Dental');
  const t = await a.api('POST', P.templates(a.tenantId), {
    name: 'Baseline',
    description: '',
    content: SAMPLE_CONTENT,
  });
  templateId = t.body.template.assessment_template_id;
  tenantUserId = await s.k.db.withTenant(a.tenantId, async (trx) =>
    Number((await trx('tenant_users').where('user_id', a.userId).first('tenant_user_id')).tenant_user_id),
  );
}, 400_000);
afterAll(async () => s?.stop());

const patch = (t: TestTenant, id: number, key: string, body: Record<string, unknown>) =>
  t.api('PATCH', P.answer(t.tenantId, id, key), body);
const event = async (id = eventId) => (await a.api('GET', P.event(a.tenantId, id))).body;

test('an assessment is started on the current version with its assessor and shows no answers yet', async () => {
  const r = await a.api('POST', P.events(a.tenantId), {
    tenantCompanyId: acme,
    assessmentTemplateId: templateId,
    assessedOn: '2026-10-01',
    assessorTenantUserId: tenantUserId,
  });
  expect(r.status).toBe(200);
  eventId = r.body.event.assessment_event_id;
  expect(r.body.event).toMatchObject({
    tenant_company_id: acme,
    company_moniker: 'Acme Dental',
    template_name: 'Baseline',
    template_version: 1,
    title: 'Baseline',
    assessed_on: '2026-10-01',
    status: 'draft',
    overall_score: null,
    assessor: { tenant_user_id: tenantUserId },
    reviewer: null,
    version: 1,
  });
  expect(r.body.answers).toEqual([]);
  expect(r.body.scores).toMatchObject({ overall: null, progress: { answered: 0, total: 6, percent: 0 }, findings: 0 });
  const bad = await a.api('POST', P.events(a.tenantId), {
    tenantCompanyId: acme,
    assessmentTemplateId: templateId,
    assessedOn: '2026-02-30',
    reviewerTenantUserId: 999999,
  });
  expect(bad.status).toBe(400);
  expect(bad.body.error.fields).toEqual([{ path: 'body.assessedOn', message: 'A real date yyyy-mm-dd' }]);
  const yearZero = await a.api('POST', P.events(a.tenantId), {
    tenantCompanyId: acme,
    assessmentTemplateId: templateId,
    assessedOn: '0000-01-01',
  });
  expect(yearZero.body.error.fields).toEqual([{ path: 'body.assessedOn', message: 'A date from 1900 to 2999' }]);
  const list = await a.api('GET', `${P.events(a.tenantId)}?tenantCompanyId=${acme}`);
  expect(list.body.total).toBe(1);
});

test('autosave: one answer at a time with its version; a stale save is a 409 carrying the current answer', async () => {
  const first = await patch(a, eventId, 'mfa', { value: true });
  expect(first.status).toBe(200);
  expect(first.body.answer).toMatchObject({
    question_key: 'mfa',
    value: true,
    na: false,
    note: '',
    score: 100,
    version: 1,
  });
  expect(first.body.scores.progress).toMatchObject({ answered: 1, total: 6 });
  // A second tab that still thinks there is no answer.
  const stale = await patch(a, eventId, 'mfa', { version: 0, value: false });
  expect(stale.status).toBe(409);
  expect(stale.body.error.current).toMatchObject({ value: true, version: 1 });
  const note = await patch(a, eventId, 'mfa', { version: 1, note: 'Enforced by CA policy', finding: true });
  expect(note.body.answer).toMatchObject({ value: true, note: 'Enforced by CA policy', finding: true, version: 2 });
  // Values must fit the question; unknown questions are named.
  const wrong = await patch(a, eventId, 'pwpolicy', { value: 9 });
  expect(wrong.status).toBe(400);
  expect(wrong.body.error.fields).toEqual([{ path: 'body.value', message: 'A whole number 0 to 5' }]);
  const choice = await patch(a, eventId, 'backupfreq', { value: 'hourly' });
  expect(choice.body.error.fields).toEqual([{ path: 'body.value', message: 'One of: daily, weekly, never' }]);
  expect((await patch(a, eventId, 'nope', { value: true })).body.error.fields[0].path).toBe('params.questionKey');
  expect((await event()).answers).toHaveLength(1);
});

test('scores are weighted per category, section and overall; text, unanswered and N/A are left out', async () => {
  await patch(a, eventId, 'pwpolicy', { value: 3 });
  await patch(a, eventId, 'backupfreq', { value: 'weekly' });
  await patch(a, eventId, 'restoredays', { value: 180 });
  await patch(a, eventId, 'runbook', { value: false });
  const last = await patch(a, eventId, 'notes', { value: 'Old NAS in the closet' });
  const sc = last.body.scores;
  // identity (5*1 + 2*0.6)/7 = 88.6; backup (3*0.5 + 1*0.5)/4 = 50; security (2*88.57 + 50)/3 = 75.7;
  // operations 0 (runbook no; the text question is not scored); overall (3*75.71 + 0)/4 = 56.8.
  expect(sc.categories.map((c: { key: string; score: number | null }) => [c.key, c.score])).toEqual([
    ['identity', 88.6],
    ['backup', 50],
    ['docs', 0],
  ]);
  expect(sc.sections.map((c: { key: string; score: number | null }) => [c.key, c.score])).toEqual([
    ['security', 75.7],
    ['ops', 0],
  ]);
  expect(sc.overall).toBe(56.8);
  expect(sc.progress).toEqual({ answered: 6, total: 6, percent: 100 });
  expect(sc.findings).toBe(1);
  const got = await event();
  expect(got.scores).toEqual(sc);
  expect(got.answers.find((x: { question_key: string }) => x.question_key === 'notes').score).toBeNull();
});

test('review and completion: the flow is enforced, completing stores the scores and feeds the CS health metric', async () => {
  const metric = await a.api('POST', cs(a, 'TenantCsHealthMetric'), {
    name: 'Baseline assessment',
    calcCode: 'assessment-template',
    weight: 10,
    max: 100,
    assessmentTemplateId: templateId,
  });
  expect(metric.status).toBe(200);
  const metricId = metric.body.tenantCsHealthMetrics[0].tenantCsHealthMetricId;
  const health = async () => {
    const r = await a.api('GET', cs(a, `CompanyCsHealthMetricValues?tenantCompanyId=${acme}`));
    expect(r.status).toBe(200);
    const row = r.body.companyCsHealthMetricValues[0];
    return row.metrics.find((m: { healthMetricId: number }) => m.healthMetricId === metricId);
  };
  expect((await health()).value).toBeNull();

  let e = (await event()).event;
  expect((await a.api('POST', P.status(a.tenantId, eventId), { version: e.version, action: 'complete' })).status).toBe(
    409,
  );
  expect(
    (await a.api('POST', P.status(a.tenantId, eventId), { version: e.version + 5, action: 'submit' })).status,
  ).toBe(409);
  const reviewer = await a.api('PUT', P.event(a.tenantId, eventId), {
    version: e.version,
    reviewerTenantUserId: tenantUserId,
  });
  expect(reviewer.status).toBe(200);
  expect(reviewer.body.event.reviewer).toMatchObject({ tenant_user_id: tenantUserId });
  const submitted = await a.api('POST', P.status(a.tenantId, eventId), {
    version: reviewer.body.event.version,
    action: 'submit',
  });
  expect(submitted.status).toBe(200);
  expect(submitted.body.event).toMatchObject({ status: 'in_review', overall_score: null });
  expect(submitted.body.event.submitted_at).not.toBeNull();
  // The reviewer may still correct answers while in review.
  expect((await patch(a, eventId, 'restoredays', { version: 1, value: 180 })).status).toBe(200);
  const done = await a.api('POST', P.status(a.tenantId, eventId), {
    version: submitted.body.event.version,
    action: 'complete',
  });
  expect(done.status).toBe(200);
  expect(done.body.event).toMatchObject({ status: 'completed', overall_score: 56.8 });
  expect(done.body.scores.overall).toBe(56.8);
  expect((await health()).value).toBe(56.8);
  // A completed assessment is read only until reopened.
  expect((await patch(a, eventId, 'runbook', { version: 1, value: true })).status).toBe(409);
  e = (await event()).event;
  const reopened = await a.api('POST', P.status(a.tenantId, eventId), { version: e.version, action: 'reopen' });
  expect(reopened.body.event).toMatchObject({ status: 'in_review', overall_score: null, completed_at: null });
  // Operations N/A: it drops out of the overall score; completing again records the newer result.
  expect((await patch(a, eventId, 'runbook', { version: 1, na: true })).status).toBe(200);
  const again = await a.api('POST', P.status(a.tenantId, eventId), {
    version: reopened.body.event.version,
    action: 'complete',
  });
  expect(again.body.event.overall_score).toBe(75.7);
  expect((await health()).value).toBe(75.7);
  const completed = await a.api('GET', `${P.events(a.tenantId)}?status=completed`);
  expect(completed.body.events.map((x: { assessment_event_id: number }) => x.assessment_event_id)).toEqual([eventId]);
});

test('evidence: a signed upload link for an answer, listed with a download link; removed with the file', async () => {
  const second = await a.api('POST', P.events(a.tenantId), { tenantCompanyId: acme, assessmentTemplateId: templateId });
  const id = second.body.event.assessment_event_id;
  const bytes = Buffer.from('conditional access export');
  const up = await a.api('POST', P.evidence(a.tenantId, id), {
    questionKey: 'mfa',
    fileName: 'ca policy.txt',
    contentType: 'text/plain',
    bytes: bytes.length,
  });
  expect(up.status).toBe(200);
  const put = await fetch(up.body.upload_url, {
    method: 'PUT',
    headers: { 'content-type': 'text/plain' },
    body: bytes,
  });
  expect(put.status).toBeLessThan(300);
  const list = await a.api('GET', P.evidence(a.tenantId, id));
  expect(list.body.evidence).toHaveLength(1);
  expect(list.body.evidence[0]).toMatchObject({ question_key: 'mfa', file_name: 'ca policy.txt', bytes: bytes.length });
  const down = await fetch(list.body.evidence[0].download_url);
  expect(down.status).toBe(200);
  expect(await down.text()).toBe('conditional access export');
  expect((await event(id)).evidence).toHaveLength(1);
  const badKey = await a.api('POST', P.evidence(a.tenantId, id), {
    questionKey: 'nope',
    fileName: 'x.txt',
    contentType: 'text/plain',
    bytes: 3,
  });
  expect(badKey.body.error.fields[0].path).toBe('body.questionKey');
  const rm = await a.api('DELETE', P.evidenceOne(a.tenantId, id, list.body.evidence[0].assessment_evidence_id));
  expect(rm.status).toBe(200);
  expect((await a.api('GET', P.evidence(a.tenantId, id))).body.evidence).toEqual([]);
  expect((await fetch(list.body.evidence[0].download_url)).status).toBe(404);
  // Deleting the assessment needs confirm.
  expect((await a.api('DELETE', P.event(a.tenantId, id))).status).toBe(400);
  expect((await a.api('DELETE', `${P.event(a.tenantId, id)}?confirm=true`)).status).toBe(200);
  expect((await a.api('GET', P.event(a.tenantId, id))).status).toBe(404);
});

test("another tenant cannot read, answer, move or delete an assessment, nor start one on another tenant's company", async () => {
  const before = await event();
  expect((await b.api('GET', P.event(b.tenantId, eventId))).status).toBe(404);
  expect((await patch(b, eventId, 'mfa', { version: 2, value: false })).status).toBe(404);
  expect(
    (await b.api('POST', P.status(b.tenantId, eventId), { version: before.event.version, action: 'reopen' })).status,
  ).toBe(404);
  expect((await b.api('GET', P.evidence(b.tenantId, eventId))).status).toBe(404);
  expect((await b.api('DELETE', `${P.event(b.tenantId, eventId)}?confirm=true`)).status).toBe(404);
  expect((await b.api('GET', P.events(b.tenantId))).body.total).toBe(0);
  expect((await b.api('GET', P.events(a.tenantId))).status).toBe(403);
  const forged = await b.api('POST', P.events(b.tenantId), { tenantCompanyId: acme, assessmentTemplateId: templateId });
  expect(forged.status).toBe(400);
  expect(await event()).toEqual(before);
});

test('Read Only on the assessment page: reads, but cannot answer, move or add evidence', async () => {
  const reader = await makeTenant(s.k, s.url, {
    tenantAdmin: false,
    modules: [...MODULES],
    pages: [
      { url: ASSESSMENTS_PAGE, access_level: 'Read/Write' },
      { url: ASSESSMENT_PAGE, access_level: 'Read Only' },
      { url: '/assessmentTemplates', access_level: 'Read/Write' },
      { url: '/datamanagercompanies', access_level: 'Read/Write' },
    ],
  });
  const co = await makeCompany(reader, 'Reader Co');
  const t = await reader.api('POST', P.templates(reader.tenantId), {
    name: 'R',
    description: '',
    content: SAMPLE_CONTENT,
  });
  const e = await reader.api('POST', P.events(reader.tenantId), {
    tenantCompanyId: co,
    assessmentTemplateId: t.body.template.assessment_template_id,
  });
  expect(e.status).toBe(200);
  const id = e.body.event.assessment_event_id;
  expect((await reader.api('GET', P.event(reader.tenantId, id))).status).toBe(200);
  expect((await patch(reader, id, 'mfa', { value: true })).status).toBe(403);
  expect((await reader.api('POST', P.status(reader.tenantId, id), { version: 1, action: 'submit' })).status).toBe(403);
  expect(
    (
      await reader.api('POST', P.evidence(reader.tenantId, id), {
        questionKey: 'mfa',
        fileName: 'a.txt',
        contentType: 'text/plain',
        bytes: 1,
      })
    ).status,
  ).toBe(403);
  expect((await reader.api('GET', P.event(reader.tenantId, id))).body.answers).toEqual([]);
});

test("an assessment started without a date is dated the tenant's today in its time zone, not UTC's", async () => {
  // A zone where the day is not UTC's right now: 14 hours ahead from 10:00 UTC on, else 12 hours behind.
  const now = Date.now();
  const ahead = new Date(now).getUTCHours() >= 10;
  const tenantDay = new Date(now + (ahead ? 14 : -12) * 3_600_000).toISOString().slice(0, 10);
  expect(tenantDay).not.toBe(new Date(now).toISOString().slice(0, 10));
  const zone = { timeZone: ahead ? 'Etc/GMT-14' : 'Etc/GMT+12' };
  expect((await a.api('PUT', `/v3/tenant/${a.tenantId}/settings/tenant`, zone)).status).toBe(200);
  const r = await a.api('POST', P.events(a.tenantId), { tenantCompanyId: acme, assessmentTemplateId: templateId });
  expect(r.status).toBe(200);
  expect(r.body.event.assessed_on).toBe(tenantDay);
});
