/**
 * The report builder components lci_assessment_summary, lci_assessment_item_detail, lci_assessment and
 * lci_assessment_comparison (registered in reports.components) on the demo assessments: the builder lists them as
 * available; a report template with the four renders the company's real scores, answers and the comparison with
 * the previous event (or the tenant average); the event named in the properties is used, one of another company
 * falls back to this company's latest of the same template; clear empty blocks without a company or an assessment;
 * the Word export of the report holds their texts and draws their charts.
 */
import JSZip from 'jszip';
import { makeCompany, makeTenant, startTestServer, type TestServer, type TestTenant } from '../../../tests/sdk';
import { reportComponentsPoint, type ReportBlock } from '../../reports/public';
import { DEMO_SECURITY } from '../server/fixtures';
import { MSG_NO_COMPANY, MSG_NO_EVENT, MSG_NO_PREVIOUS } from '../server/reports/components';

let s: TestServer;
let a: TestTenant;
const MODULES = ['Core', 'Assessment', 'Customer Success', 'Admin'] as const;
const FORMAT = { currency: 'USD', dateFormat: 'yyyy-mm-dd', timeZone: 'UTC', fiscalYearStartMonth: 1 };
type Row = Record<string, any>;
let events: Row[];
let quiet: number;

beforeAll(async () => {
  s = await startTestServer({ plugins: ['assessments', 'reports'], jobs: false });
  a = await makeTenant(s.k, s.url, { modules: [...MODULES] });
  for (const p of ['companies', 'assessments'])
    await s.k.plugins.find((x) => x.id === p)!.fixtures!({ db: s.k.db, k: s.k, tenantId: a.tenantId, log: () => {} });
  events = await s.k.db.withTenant(a.tenantId, (trx) =>
    trx('assessment_events as e')
      .join('tenant_companies as c', 'c.tenant_company_id', 'e.tenant_company_id')
      .join('assessment_template_defs as d', 'd.assessment_template_id', 'e.assessment_template_id')
      .select('e.*', 'c.moniker', 'd.name as template', s.k.db.knex.raw(`to_char(e.assessed_on, 'YYYY-MM-DD') as day`))
      .orderBy('e.assessment_event_id'),
  );
  quiet = await makeCompany(a, 'Quiet Co');
}, 400_000);
afterAll(async () => s?.stop());

async function build(type: string, companyId: number | null, properties: Row = {}): Promise<ReportBlock[]> {
  const def = s.k.extensions(reportComponentsPoint).find((d) => d.type === type);
  if (!def) throw new Error(`${type} is not registered`);
  return s.k.db.withTenant(a.tenantId, (db) =>
    def.build({
      db,
      k: s.k,
      tenantId: a.tenantId,
      companyId,
      properties: { global: true, ...properties },
      format: FORMAT,
      asOf: '2026-11-27',
    }),
  );
}
const byKind = <K extends ReportBlock['kind']>(blocks: ReportBlock[], kind: K, n = 0) =>
  blocks.filter((b) => b.kind === kind)[n] as Extract<ReportBlock, { kind: K }>;
const of = (moniker: string, template = DEMO_SECURITY) =>
  events.filter((e) => e.moniker === moniker && e.template === template && e.status === 'completed');

test('the builder lists the four as available (no longer "no source")', async () => {
  const types = (await a.api('GET', `/v3/tenant/${a.tenantId}/reportBuilder/componentTypes`)).body.types as Row[];
  for (const type of [
    'lci_assessment_summary',
    'lci_assessment_item_detail',
    'lci_assessment',
    'lci_assessment_comparison',
  ])
    expect(types.find((x) => x.type === type)).toMatchObject({ available: true, reason: null });
});

test("summary and item detail: the company's latest completed assessment, or the one in the properties", async () => {
  const acme = events.filter((e) => e.moniker === 'Acme Dental Group' && e.status === 'completed');
  const latest = acme.sort((x, y) =>
    x.day < y.day ? 1 : x.day > y.day ? -1 : y.assessment_event_id - x.assessment_event_id,
  )[0]!;
  const company = Number(latest.tenant_company_id);
  const summary = await build('lci_assessment_summary', company);
  expect(summary.map((b) => b.kind)).toEqual(['paragraph', 'metrics', 'table', 'chart']);
  expect(byKind(summary, 'metrics').items[0]).toEqual({
    label: 'Overall score',
    value: Number(latest.overall_score),
    format: 'number',
  });
  const scores = typeof latest.scores === 'string' ? JSON.parse(latest.scores) : latest.scores;
  expect(byKind(summary, 'table').rows.map((r) => r.score)).toEqual(scores.categories.map((c: Row) => c.score));

  const first = of('Acme Dental Group')[0]!;
  const detail = await build('lci_assessment_item_detail', company, {
    assessmentEventId: Number(first.assessment_event_id),
  });
  expect(byKind(detail, 'paragraph').text).toContain(first.day);
  const rows = byKind(detail, 'table').rows;
  const answers = await s.k.db.withTenant(a.tenantId, (trx) =>
    trx('assessment_answers').where('assessment_event_id', first.assessment_event_id),
  );
  expect(rows.filter((r) => r.finding === 'Finding')).toHaveLength(answers.filter((x: Row) => x.finding).length);
  expect(rows.some((r) => r.answer === 'Yes' || r.answer === 'No')).toBe(true);
  expect(rows.some((r) => String(r.answer).endsWith(' days'))).toBe(true);

  // An event of another company (a shared template component): this company's latest of that template.
  const cedar = of('Cedar Ridge Law');
  const full = await build('lci_assessment', Number(cedar[0]!.tenant_company_id), {
    assessment_event_id: Number(first.assessment_event_id),
  });
  expect(byKind(full, 'paragraph').text).toContain(cedar[1]!.day);
  expect(full.map((b) => b.kind)).toEqual(['paragraph', 'metrics', 'table', 'chart', 'table']);
});

test('comparison: with the previous event by default, or the tenant average; nothing earlier says so', async () => {
  // A demo company whose second security baseline scored lower than the first.
  const monikers = [...new Set(events.map((e) => e.moniker as string))];
  const cedar = monikers.map((m) => of(m)).find((x) => Number(x[1]!.overall_score) < Number(x[0]!.overall_score))!;
  const company = Number(cedar[0]!.tenant_company_id);
  const blocks = await build('lci_assessment_comparison', company, {
    assessmentEventId: Number(cedar[1]!.assessment_event_id),
  });
  const m = byKind(blocks, 'metrics').items;
  expect(m[0]).toMatchObject({ label: `Overall ${cedar[0]!.day}`, value: Number(cedar[0]!.overall_score) });
  expect(m[1]).toMatchObject({ label: `Overall ${cedar[1]!.day}`, value: Number(cedar[1]!.overall_score) });
  expect(Number(m[2]!.value)).toBeLessThan(0);
  // The demo's five categories, each before and after (its scores fixed by DEMO_MATURITY).
  expect(byKind(blocks, 'table').rows.map((r) => [r.category, r.change])).toEqual([
    ['Inventory and Control of Assets', 'Improved'],
    ['Data Protection', 'Declined'],
    ['Account and Access Control', 'Improved'],
    ['Vulnerability Management', 'Improved'],
    ['Security Awareness', 'Declined'],
  ]);
  const spec = byKind(blocks, 'chart').spec as { mark: unknown; data: { values: Row[] } };
  expect(spec.mark).toEqual({ type: 'bar' });
  expect(spec.data.values).toHaveLength(10);
  expect(spec.data.values.map((v) => v.side)).toEqual(
    Array.from({ length: 5 }, () => [cedar[0]!.day, cedar[1]!.day]).flat(),
  );
  const avg = await build('lci_assessment_comparison', company, { compareWith: 'tenantAverage' });
  expect(byKind(avg, 'paragraph').text).toMatch(/average of 5 companies/);
  const none = await build('lci_assessment_comparison', company, {
    assessmentEventId: Number(cedar[0]!.assessment_event_id),
  });
  expect(none.find((b) => b.kind === 'empty')).toEqual({
    kind: 'empty',
    title: 'Nothing to compare with',
    message: MSG_NO_PREVIOUS,
  });
});

test('empty states: no company, no completed assessment', async () => {
  expect(await build('lci_assessment_summary', null)).toEqual([
    { kind: 'empty', title: 'No company chosen', message: MSG_NO_COMPANY },
  ]);
  expect(await build('lci_assessment', quiet)).toEqual([
    { kind: 'empty', title: 'No assessment yet', message: MSG_NO_EVENT },
  ]);
});

test('a report with the four exports to Word with their texts and charts', async () => {
  const t = (
    await a.api('POST', `/v3/tenant/${a.tenantId}/reportBuilder`, { name: 'Assessment Review', description: '' })
  ).body.template;
  for (const type of [
    'lci_assessment_summary',
    'lci_assessment_item_detail',
    'lci_assessment',
    'lci_assessment_comparison',
  ]) {
    const r = await a.api('POST', `/v3/tenant/${a.tenantId}/reportBuilder/${t.report_template_id}/components`, {
      type,
    });
    expect(r.status).toBe(200);
    expect(r.body.component.needs_attention).toBeNull();
  }
  const acme = of('Acme Dental Group');
  const company = Number(acme[0]!.tenant_company_id);
  // The reports plugin's own export route (docmosisExport) answers the .docx.
  const res = await fetch(`${s.url}/v3/tenant/${a.tenantId}/docmosisExport`, {
    method: 'POST',
    headers: { 'x-api-key': s.k.config.apiKey, authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ templateId: t.report_template_id, companyId: company }),
  });
  expect(res.status).toBe(200);
  const buf = Buffer.from(await res.arrayBuffer());
  const zip = await JSZip.loadAsync(buf);
  const doc = await zip.file('word/document.xml')!.async('string');
  const shown = [...doc.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((x) => x[1]).join('');
  for (const text of [
    'Assessment Summary',
    'Assessment Comparison',
    'Scores by category',
    'Endpoints',
    'Questions that changed',
    'Is EDR deployed on every endpoint?',
  ])
    expect(shown).toContain(text);
  expect(shown).not.toMatch(/could not be (drawn|loaded)/i);
  // Three charts: the summary's, the full assessment's (the same image, stored once) and the comparison's; each image
  // an SVG with its PNG fallback.
  expect(doc.match(/<w:drawing>/g)).toHaveLength(3);
  expect(
    Object.keys(zip.files)
      .filter((n) => n.startsWith('word/media/'))
      .sort(),
  ).toEqual(['word/media/image1.png', 'word/media/image1.svg', 'word/media/image2.png', 'word/media/image2.svg']);
}, 120_000);
