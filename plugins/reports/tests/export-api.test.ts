/**
 * The export routes on the real server: docmosisExport answers the .docx (texts, the tenant's logo, a chart image, the
 * uploaded Word file as an altChunk) and keeps it in the locker; a report above the limits is refused with 413 and
 * the advice to export in the background; asyncDocmosisExport sends download_pending, runs its job, marks the locker
 * row ready and sends download with a signed link that serves the file (and only that link: a changed key or
 * signature is refused; another tenant reaches neither the template nor the export); a failing job marks the row
 * failed and sends an error; fusionexport answers PNG or SVG (or a signed link that downloads it under its name) and
 * refuses remote data and bad specs (400); Read Only
 * users are refused every export (403).
 */
import JSZip from 'jszip';
import { contribute } from '../../../kernel/index';
import { makeCompany, makeTenant, startTestServer, type TestServer, type TestTenant } from '../../../tests/sdk';
import { reportComponentsPoint, type ReportComponentDef } from '../public';
import { builderPaths as P, DOCX_CONTENT_TYPE } from '../shared/api';
import { exportPaths as X, MSG_USE_ASYNC, SYNC_MAX_COMPONENTS } from '../shared/exports';
import { REPORT_BUILDER_PAGE } from '../shared/pages';
import { runDocxJob } from '../server/exports/jobs';
import { insertPendingExport } from '../server/exports/save';
import { barChartSpec, makePng, makeWordFile } from './export-fixtures';

jest.setTimeout(240_000);

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
let acme: number;
let templateId: number;
const logo = makePng(200, 80, [10, 120, 60]);
const published: { room: string; message: Record<string, unknown> }[] = [];

/** A raw call (binary answers): status, headers and bytes. */
async function raw(t: TestTenant, path: string, body: unknown) {
  const res = await fetch(`${s.url}${path}`, {
    method: 'POST',
    headers: { 'x-api-key': s.k.config.apiKey, authorization: `Bearer ${t.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function waitFor<T>(fn: () => T | undefined | false | Promise<T | undefined | false>, ms = 90_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}

const savedRow = (t: TestTenant, id: number) =>
  s.k.db.withTenant(t.tenantId, (db) => db('saved_reports').where({ saved_report_id: id }).first());

async function upload(t: TestTenant, fileName: string, contentType: string, bytes: Buffer) {
  const link = await t.api('POST', P.uploads(t.tenantId), { fileName, contentType, bytes: bytes.length });
  expect(link.status).toBe(200);
  const put = await fetch(link.body.signedUrl, {
    method: 'PUT',
    headers: { 'content-type': contentType },
    body: new Uint8Array(bytes),
  });
  expect(put.status).toBe(200);
  return link.body as { fileKey: string; fileName: string };
}

async function docText(bytes: Buffer) {
  const zip = await JSZip.loadAsync(bytes);
  const xml = await zip.file('word/document.xml')!.async('string');
  const text = [...xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');
  const media = await Promise.all(
    Object.keys(zip.files)
      .filter((n) => n.startsWith('word/media/') && !zip.files[n]!.dir)
      .map(async (n) => ({ name: n, bytes: await zip.file(n)!.async('nodebuffer') })),
  );
  return { zip, xml, text, media };
}

const chartType: ReportComponentDef = {
  type: 'probe_health_chart',
  label: 'Health chart',
  description: 'A chart and a table for the export test',
  group: 'Probe',
  perCompany: true,
  build: async ({ companyId, format }) => [
    { kind: 'chart', title: 'Health by month', alt: 'Health score by month', spec: barChartSpec('Health') },
    {
      kind: 'table',
      columns: [
        { key: 'item', label: 'Item', format: 'text' },
        { key: 'cost', label: 'Cost', format: 'currency' },
      ],
      rows: [{ item: `Company ${companyId} in ${format.currency}`, cost: 1234 }],
    },
  ],
};

beforeAll(async () => {
  s = await startTestServer({ plugins: ['reports'] });
  const publish = s.k.realtime.publish.bind(s.k.realtime);
  s.k.realtime.publish = async (room, message) => {
    published.push({ room, message });
    return publish(room, message);
  };
  s.k.points.add('reports', [contribute(reportComponentsPoint, chartType)], () => true);
  a = await makeTenant(s.k, s.url, { name: 'Bright MSP' });
  b = await makeTenant(s.k, s.url);
  acme = await makeCompany(a, 'Acme Dental');
  // The tenant's logo (Account Settings).
  const link = (
    await a.api('POST', `/v3/tenant/${a.tenantId}/logos/upload`, { contentType: 'image/png', size: logo.length })
  ).body;
  await fetch(link.uploadUrl, { method: 'PUT', headers: { 'Content-Type': 'image/png' }, body: new Uint8Array(logo) });
  expect((await a.api('PUT', `/v3/tenant/${a.tenantId}/logos/current`, { key: link.key })).status).toBe(200);

  const t = await a.api('POST', P.templates(a.tenantId), { name: 'Quarterly Review' });
  templateId = t.body.template.report_template_id;
  const add = async (body: Record<string, unknown>) =>
    expect((await a.api('POST', P.components(a.tenantId, templateId), body)).status).toBe(200);
  await add({
    type: 'wysiwyg',
    title: 'Executive Summary',
    properties: {
      content: '<p>The <strong>firewall refresh</strong> is on track.</p><ul><li>Backups checked</li></ul>',
    },
  });
  await add({ type: 'probe_health_chart', title: 'Health Trend' });
  const img = await upload(a, 'diagram.png', 'image/png', makePng(64, 32));
  await add({ type: 'img_file', title: 'Diagram', properties: { fileKey: img.fileKey, fileName: img.fileName } });
  const word = await upload(a, 'appendix.docx', DOCX_CONTENT_TYPE, await makeWordFile('Signed statement of work'));
  await add({ type: 'msword_file', title: 'Appendix', properties: { fileKey: word.fileKey, fileName: word.fileName } });
}, 400_000);
afterAll(async () => s?.stop());

test('docmosisExport answers the Word document with its texts, logo, chart and appended file, kept in the locker', async () => {
  const r = await raw(a, X.docx(a.tenantId), { templateId, companyId: acme });
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toBe(DOCX_CONTENT_TYPE);
  expect(r.headers.get('content-disposition')).toMatch(
    /^attachment; filename="Quarterly Review - Acme Dental - \d{4}-\d\d-\d\d\.docx"/,
  );
  const { zip, text, media } = await docText(r.bytes);
  for (const t of [
    'Quarterly Review',
    'Acme Dental',
    'Prepared by Bright MSP',
    'Executive Summary',
    'firewall refresh',
  ])
    expect(text).toContain(t);
  expect(text).toContain('Backups checked');
  expect(text).toContain(`Company ${acme} in USD`);
  expect(text).toContain('$1,234');
  expect(media.some((m) => m.bytes.equals(logo))).toBe(true);
  expect(media.some((m) => m.name.endsWith('.svg') && m.bytes.toString().includes('Health score'))).toBe(true);
  const inner = await JSZip.loadAsync(await zip.file('word/altChunk1.docx')!.async('nodebuffer'));
  expect(await inner.file('word/document.xml')!.async('string')).toContain('Signed statement of work');

  const id = Number(r.headers.get('x-saved-report-id'));
  const row = await savedRow(a, id);
  expect(row).toMatchObject({ report_type: 'docx', status: 'ready', name: 'Quarterly Review - Acme Dental' });
  expect(Number(row.size_bytes)).toBe(r.bytes.length);
  expect(row.storage_key).toMatch(new RegExp(`^tenants/${a.tenantId}/reports/exports/`));
  expect(new Date(row.expires_at).getTime()).toBeGreaterThan(Date.now() + 30 * 86_400_000);
  const stored = await s.k.storage.get(row.storage_key);
  expect(stored!.body.equals(r.bytes)).toBe(true);
});

test('asyncDocmosisExport: download_pending, the job, a ready locker row and a signed link that downloads the file', async () => {
  const from = published.length;
  const r = await a.api('POST', X.asyncDocx(a.tenantId), { templateId, companyId: acme });
  expect(r.status).toBe(200);
  expect(r.body).toMatchObject({ status: 'pending' });
  const id = r.body.saved_report_id as number;
  const mine = () =>
    published.slice(from).filter((p) => p.room === `user:${a.userId}` && p.message.saved_report_id === id);
  const done = await waitFor(() => mine().find((p) => p.message.msg_type === 'download'));
  const kinds = mine().map((p) => p.message.msg_type);
  expect(kinds.indexOf('download_pending')).toBeGreaterThanOrEqual(0);
  expect(kinds.indexOf('download_pending')).toBeLessThan(kinds.indexOf('download'));
  const row = await savedRow(a, id);
  expect(row).toMatchObject({ status: 'ready', report_type: 'docx', error: null });
  expect(Number(row.size_bytes)).toBeGreaterThan(1000);

  const url = String(done.message.download_url);
  const file = await fetch(url);
  expect(file.status).toBe(200);
  // Downloaded under the report's name, not the storage key; the name is signed into the link.
  expect(file.headers.get('content-disposition')).toMatch(
    /^attachment; filename=".* - Acme Dental.* - \d{4}-\d{2}-\d{2}\.docx"$/,
  );
  const bytes = Buffer.from(await file.arrayBuffer());
  expect(bytes.length).toBe(Number(row.size_bytes));
  expect((await docText(bytes)).text).toContain('Acme Dental');

  // Only that link: a changed signature or another key is refused.
  const u = new URL(url);
  u.searchParams.set('signature', 'x' + u.searchParams.get('signature')!.slice(1));
  expect((await fetch(u)).status).toBe(403);
  const renamed = new URL(url);
  renamed.searchParams.set('name', 'invoice.html');
  expect((await fetch(renamed)).status).toBe(403);
  const other = new URL(url.replace(/[0-9a-f-]{36}\.docx/, '00000000-0000-4000-8000-000000000000.docx'));
  expect((await fetch(other)).status).toBe(403);
});

test('another tenant reaches neither the template nor the exports', async () => {
  expect((await b.api('POST', X.asyncDocx(b.tenantId), { templateId })).status).toBe(404);
  expect((await raw(b, X.docx(b.tenantId), { templateId })).status).toBe(404);
  expect((await b.api('POST', X.asyncDocx(a.tenantId), { templateId })).status).toBe(403);
  expect((await raw(b, X.docx(a.tenantId), { templateId })).status).toBe(403);
  const rows = await s.k.db.withTenant(b.tenantId, (db) => db('saved_reports').select('saved_report_id'));
  expect(rows).toEqual([]);
});

test('a report above the limits is refused with 413 and the advice to export in the background', async () => {
  const t = await a.api('POST', P.templates(a.tenantId), { name: 'Big Review' });
  const id = t.body.template.report_template_id;
  for (let i = 0; i <= SYNC_MAX_COMPONENTS; i++)
    await a.api('POST', P.components(a.tenantId, id), { type: 'wysiwyg', properties: { content: `<p>Part ${i}</p>` } });
  const r = await a.api('POST', X.docx(a.tenantId), { templateId: id });
  expect(r.status).toBe(413);
  expect(r.body.error.message).toBe(MSG_USE_ASYNC);
  const queued = await a.api('POST', X.asyncDocx(a.tenantId), { templateId: id });
  expect(queued.status).toBe(200);
  await waitFor(async () => (await savedRow(a, queued.body.saved_report_id)).status === 'ready');
});

test('a failing export job marks its locker row failed and sends an error message', async () => {
  const id = await s.k.db.withTenant(a.tenantId, (db) =>
    insertPendingExport(db, a.tenantId, {
      reportType: 'docx',
      name: 'Gone',
      fileName: 'Gone.docx',
      contentType: DOCX_CONTENT_TYPE,
      source: 'builder',
      createdBy: a.userId,
    }),
  );
  const from = published.length;
  await expect(
    runDocxJob(s.k, { tenantId: a.tenantId, userId: a.userId, savedReportId: id, templateId: 999_999_999 }),
  ).rejects.toThrow('Report template not found');
  expect(await savedRow(a, id)).toMatchObject({ status: 'failed', error: 'Report template not found' });
  expect(published.slice(from)).toContainEqual({
    room: `user:${a.userId}`,
    // The failure's reason, as a download_failed that ends the caller's pending banner.
    message: expect.objectContaining({
      msg_type: 'download_failed',
      msg: 'Report template not found',
      saved_report_id: id,
    }),
  });
});

test('fusionexport answers PNG or SVG, keeps it in the locker, and refuses remote data and bad specs', async () => {
  const png = await raw(a, X.chart(a.tenantId), { spec: barChartSpec('Health'), format: 'png', fileName: 'Health' });
  expect(png.status).toBe(200);
  expect(png.headers.get('content-type')).toBe('image/png');
  expect(png.headers.get('content-disposition')).toMatch(/filename="Health\.png"/);
  expect(png.bytes.subarray(1, 4).toString()).toBe('PNG');
  const row = await savedRow(a, Number(png.headers.get('x-saved-report-id')));
  expect(row).toMatchObject({ report_type: 'chart', status: 'ready', content_type: 'image/png' });

  const svg = await raw(a, X.chart(a.tenantId), { spec: barChartSpec('Health'), format: 'svg', fileName: 'Health' });
  expect(svg.headers.get('content-type')).toBe('image/svg+xml');
  expect(svg.bytes.toString()).toContain('<svg');

  const remote = await a.api('POST', X.chart(a.tenantId), {
    spec: { data: { url: 'http://169.254.169.254/latest/meta-data' }, mark: 'bar' },
    format: 'png',
    fileName: 'x',
  });
  expect(remote.status).toBe(400);
  expect(remote.body.error.message).toMatch(/inline data only/);
  const bad = await a.api('POST', X.chart(a.tenantId), {
    spec: { data: { values: [{ a: 1 }] }, mark: 'no-such-mark' },
    format: 'png',
    fileName: 'x',
  });
  expect(bad.status).toBe(400);
  expect(bad.body.error.fields[0].path).toBe('body.spec');
  expect(
    (await a.api('POST', X.chart(a.tenantId), { spec: barChartSpec('x'), format: 'gif', fileName: 'x' })).status,
  ).toBe(400);
});

test("fusionexport with respond 'link' answers a signed link that downloads the PNG under its file name", async () => {
  const r = await a.api('POST', X.chart(a.tenantId), {
    spec: barChartSpec('Health'),
    format: 'png',
    fileName: 'Health by segment',
    respond: 'link',
  });
  expect(r.status).toBe(200);
  expect(r.body).toMatchObject({ file_name: 'Health by segment.png' });
  const row = await savedRow(a, r.body.saved_report_id as number);
  expect(row).toMatchObject({
    report_type: 'chart',
    status: 'ready',
    content_type: 'image/png',
    name: 'Health by segment',
  });

  const file = await fetch(String(r.body.download_url));
  expect(file.status).toBe(200);
  expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="Health by segment\.png"/);
  const bytes = Buffer.from(await file.arrayBuffer());
  expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  expect(bytes.length).toBe(Number(row.size_bytes));
});

test('Read Only users are refused every export (an export adds a locker entry)', async () => {
  const reader = await makeTenant(s.k, s.url, {
    tenantAdmin: false,
    pages: [{ url: REPORT_BUILDER_PAGE, access_level: 'Read Only' }],
  });
  expect((await reader.api('POST', X.docx(reader.tenantId), { templateId: 1 })).status).toBe(403);
  expect((await reader.api('POST', X.asyncDocx(reader.tenantId), { templateId: 1 })).status).toBe(403);
  expect(
    (await reader.api('POST', X.chart(reader.tenantId), { spec: barChartSpec('x'), format: 'png', fileName: 'x' }))
      .status,
  ).toBe(403);
});

test("docmosisExport fills the MSP's own Word template when one is named; another tenant's file is refused", async () => {
  const { Document, Packer, Paragraph, TextRun } = await import('docx');
  const lines = ['{report_name} for {company_name}', '{#components}Section {title}: {text}{/components}'];
  const template = await Packer.toBuffer(
    new Document({ sections: [{ children: lines.map((l) => new Paragraph({ children: [new TextRun(l)] })) }] }),
  );
  const up = await upload(a, 'template.docx', DOCX_CONTENT_TYPE, template);
  const r = await raw(a, X.docx(a.tenantId), { templateId, companyId: acme, wordTemplateKey: up.fileKey });
  expect(r.status).toBe(200);
  const { text } = await docText(r.bytes);
  expect(text).toContain('Quarterly Review for Acme Dental');
  expect(text).toContain('Section Executive Summary: The firewall refresh is on track.');

  const theirs = await upload(b, 'template.docx', DOCX_CONTENT_TYPE, template);
  const refused = await a.api('POST', X.docx(a.tenantId), { templateId, wordTemplateKey: theirs.fileKey });
  expect(refused.status).toBe(400);
  expect(refused.body.error.fields[0].path).toBe('body.wordTemplateKey');
});
