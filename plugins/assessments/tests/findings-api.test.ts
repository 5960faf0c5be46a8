/**
 * The findings routes on the demo assessments: the list (flagged answers of completed events, newest first, paged,
 * status counts), filters (company, template, framework tag, status, candidates, latest only), the follow-up update
 * (status and note, optimistic version, 409 when stale, 400 for bad input changing nothing), Read Only refusal,
 * tenant isolation, and an action contributed to `assessments.findingActions` that runs and leaves its link.
 */
import { contribute } from '../../../kernel/index';
import { makeTenant, startTestServer, type TestServer, type TestTenant } from '../../../tests/sdk';
import { findingActionsPoint, type FindingActionDef } from '../public';
import { analysisPaths as A, assessmentPaths as P } from '../shared/api';
import { ASSESSMENT_FINDINGS_PAGE } from '../shared/pages';
import { DEMO_SECURITY } from '../server/fixtures';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
const MODULES = ['Core', 'Assessment', 'Customer Success', 'Admin'] as const;
type Row = Record<string, any>;
const seen: { tenantId: number; question: string }[] = [];

const run = (plugin: string, tenant: TestTenant) =>
  s.k.plugins.find((p) => p.id === plugin)!.fixtures!({ db: s.k.db, k: s.k, tenantId: tenant.tenantId, log: () => {} });

beforeAll(async () => {
  s = await startTestServer({ plugins: ['assessments'], jobs: false });
  a = await makeTenant(s.k, s.url, { modules: [...MODULES] });
  b = await makeTenant(s.k, s.url, { modules: [...MODULES] });
  for (const t of [a, b]) {
    await run('companies', t);
    await run('assessments', t);
  }
  // A plugin's action on findings (as the projects plugin's "create recommendation" will be).
  const action: FindingActionDef = {
    id: 'test.recommend',
    title: 'Create recommendation',
    async run(db, tenantId, finding) {
      seen.push({ tenantId, question: finding.question_key });
      const n = await db('tenant_companies').where('tenant_company_id', finding.tenant_company_id).count('* as n');
      return {
        message: `Recommendation made (${Number(n[0].n)})`,
        link: { kind: 'recommendation', id: 77, label: `Fix ${finding.question_key}`, url: '/recommendation?id=77' },
      };
    },
  };
  s.k.points.add('projects-test', [contribute(findingActionsPoint, action)], (owner) => owner === 'assessments');
}, 400_000);
afterAll(async () => s?.stop());

const list = async (t: TestTenant, query = '') => {
  const r = await t.api('GET', `${A.findings(t.tenantId)}?pageSize=500${query}`);
  expect(r.status).toBe(200);
  return r.body;
};

test('the list: flagged answers of completed events with question, company, template, tags; open; counts; paged', async () => {
  const all = await list(a);
  // The demo data (DEMO_MATURITY, DEMO_DATES) fixes them: flagged answers of the two completed rounds of each template.
  expect(all.total).toBe(45);
  expect(all.findings).toHaveLength(all.total);
  const perCompany: Record<string, number> = {};
  for (const x of all.findings as Row[]) perCompany[x.company_moniker] = (perCompany[x.company_moniker] ?? 0) + 1;
  expect(perCompany).toEqual({
    'Acme Dental Group': 11,
    'Brightwater Logistics': 7,
    'Cedar Ridge Law': 8,
    'Northwind Clinics': 13,
    'Summit Manufacturing': 6,
  });
  const f = all.findings[0];
  expect(f).toMatchObject({ kind: 'flagged', status: 'open', version: 0, links: [], follow_up_note: '' });
  expect(typeof f.question_text).toBe('string');
  expect(f.score === null || f.score < 100).toBe(true);
  expect(all.statusCounts).toEqual({ open: all.total, planned: 0, resolved: 0, accepted_risk: 0 });
  expect(all.actions).toEqual([{ id: 'test.recommend', title: 'Create recommendation' }]);
  // Newest event first.
  const dates = all.findings.map((x: Row) => x.assessed_on);
  expect([...dates].sort().reverse()).toEqual(dates);
  // Drafts have no findings in the list.
  const events = (await a.api('GET', `${P.events(a.tenantId)}?status=draft&pageSize=500`)).body.events;
  const drafts = new Set(events.map((e: Row) => e.assessment_event_id));
  expect(all.findings.some((x: Row) => drafts.has(x.assessment_event_id))).toBe(false);
  // Paging.
  const p2 = (await a.api('GET', `${A.findings(a.tenantId)}?pageSize=2&page=2`)).body;
  expect(p2).toMatchObject({ total: all.total, page: 2, pageSize: 2 });
  expect(p2.findings.map((x: Row) => x.assessment_finding_id)).toEqual(
    all.findings.slice(2, 4).map((x: Row) => x.assessment_finding_id),
  );
});

test('filters: company, template, framework tag, candidates, latest only; bad filters are a 400', async () => {
  const all = (await list(a)).findings as Row[];
  const company = all.find((x) => x.company_moniker === 'Acme Dental Group')!.tenant_company_id;
  const byCompany = await list(a, `&tenantCompanyId=${company}`);
  expect(byCompany.findings).toHaveLength(11);
  expect(byCompany.findings.every((x: Row) => x.tenant_company_id === company)).toBe(true);
  const sec = all.find((x) => x.template_name === DEMO_SECURITY)!;
  const byTemplate = await list(a, `&assessmentTemplateId=${sec.assessment_template_id}`);
  expect(byTemplate.findings).toHaveLength(33);
  expect(byTemplate.findings.every((x: Row) => x.template_name === DEMO_SECURITY)).toBe(true);
  const cis = await list(a, `&frameworkTag=${encodeURIComponent('CIS')}`);
  expect(cis.findings).toHaveLength(42);
  expect(cis.findings.every((x: Row) => x.framework_tags.some((t: string) => t.startsWith('CIS ')))).toBe(true);
  const exact = await list(a, `&frameworkTag=${encodeURIComponent('cis 6.5')}`);
  expect(exact.findings).toHaveLength(4);
  expect(exact.findings.every((x: Row) => x.framework_tags.includes('CIS 6.5'))).toBe(true);
  // Candidates add low answers not flagged.
  const withCandidates = await list(a, '&candidates=true');
  expect(withCandidates.total).toBe(60);
  const cand = withCandidates.findings.filter((x: Row) => x.kind === 'candidate');
  expect(cand).toHaveLength(60 - all.length);
  expect(cand.every((x: Row) => x.score !== null && x.score < 50)).toBe(true);
  const latest = await list(a, '&latestOnly=true');
  expect(latest.total).toBe(17);
  const bad = await a.api('GET', `${A.findings(a.tenantId)}?status=done&pageSize=0`);
  expect(bad.status).toBe(400);
  expect(JSON.stringify(bad.body)).toMatch(/status/);
  expect(JSON.stringify(bad.body)).toMatch(/pageSize/);
});

test('follow-up: status and note with the version read; stale is a 409; bad input a 400 that changes nothing', async () => {
  const f = (await list(a)).findings[1] as Row;
  const url = A.finding(a.tenantId, f.assessment_finding_id);
  const bad = await a.api('PUT', url, { version: 0, status: 'fixed' });
  expect(bad.status).toBe(400);
  expect(JSON.stringify(bad.body)).toMatch(/status/);
  const r = await a.api('PUT', url, { version: 0, status: 'planned', note: 'In the Q1 roadmap' });
  expect(r.status).toBe(200);
  expect(r.body.finding).toMatchObject({ status: 'planned', follow_up_note: 'In the Q1 roadmap', version: 1 });
  const stale = await a.api('PUT', url, { version: 0, status: 'resolved' });
  expect(stale.status).toBe(409);
  // The reply carries the current finding (the planned one), which the stale write did not change.
  expect(stale.body.error).toMatchObject({
    code: 'conflict',
    message: 'The finding was changed by someone else; the current one is attached.',
    current: {
      assessment_finding_id: f.assessment_finding_id,
      status: 'planned',
      follow_up_note: 'In the Q1 roadmap',
      version: 1,
    },
  });
  const ok = await a.api('PUT', url, { version: 1, status: 'accepted_risk' });
  expect(ok.body.finding).toMatchObject({ status: 'accepted_risk', follow_up_note: 'In the Q1 roadmap', version: 2 });
  const after = await list(a, '&status=accepted_risk');
  expect(after.findings.map((x: Row) => x.assessment_finding_id)).toEqual([f.assessment_finding_id]);
  expect(after.statusCounts.accepted_risk).toBe(1);
  // An answer that is no finding is not one.
  const notFinding = await a.api('PUT', A.finding(a.tenantId, 999_999_999), { version: 0, status: 'resolved' });
  expect(notFinding.status).toBe(404);
});

test("an action another plugin registered runs in the tenant's transaction and its link stays on the finding", async () => {
  const f = (await list(a)).findings[2] as Row;
  const r = await a.api('POST', A.findingAction(a.tenantId, f.assessment_finding_id, 'test.recommend'));
  expect(r.status).toBe(200);
  expect(r.body.message).toBe('Recommendation made (1)');
  expect(r.body.finding.links).toEqual([
    expect.objectContaining({
      action_id: 'test.recommend',
      kind: 'recommendation',
      id: 77,
      url: '/recommendation?id=77',
    }),
  ]);
  expect(seen).toEqual([{ tenantId: a.tenantId, question: f.question_key }]);
  const again = (await list(a)).findings.find((x: Row) => x.assessment_finding_id === f.assessment_finding_id);
  expect(again.links).toHaveLength(1);
  expect((await a.api('POST', A.findingAction(a.tenantId, f.assessment_finding_id, 'nope'))).status).toBe(404);
});

test('isolation: another tenant neither sees nor changes these findings', async () => {
  const mine = (await list(a)).findings as Row[];
  const theirs = (await list(b)).findings as Row[];
  const ids = new Set(mine.map((x) => x.assessment_finding_id));
  expect(theirs.some((x) => ids.has(x.assessment_finding_id))).toBe(false);
  const f = mine[0]!;
  expect(
    (await b.api('PUT', A.finding(b.tenantId, f.assessment_finding_id), { version: 0, status: 'resolved' })).status,
  ).toBe(404);
  expect((await b.api('GET', A.findings(a.tenantId))).status).toBe(403);
  expect((await b.api('POST', A.findingAction(b.tenantId, f.assessment_finding_id, 'test.recommend'))).status).toBe(
    404,
  );
  const still = (await list(a)).findings.find((x: Row) => x.assessment_finding_id === f.assessment_finding_id);
  expect(still.status).toBe('open');
});

test('Read Only on /assessmentFindings: the list opens, a follow-up or an action is refused (403), nothing changes', async () => {
  const reader = await makeTenant(s.k, s.url, {
    tenantAdmin: false,
    modules: [...MODULES],
    pages: [{ url: ASSESSMENT_FINDINGS_PAGE, access_level: 'Read Only' }],
  });
  await run('companies', reader);
  await run('assessments', reader);
  const f = (await list(reader)).findings[0] as Row;
  expect(
    (await reader.api('PUT', A.finding(reader.tenantId, f.assessment_finding_id), { version: 0, status: 'resolved' }))
      .status,
  ).toBe(403);
  expect(
    (await reader.api('POST', A.findingAction(reader.tenantId, f.assessment_finding_id, 'test.recommend'))).status,
  ).toBe(403);
  const same = (await list(reader)).findings.find((x: Row) => x.assessment_finding_id === f.assessment_finding_id);
  expect(same).toMatchObject({ status: 'open', version: 0, links: [] });
});
