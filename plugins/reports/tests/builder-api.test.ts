/**
 * The report builder routes on the real server and database: templates (create, list, rename with 409 on a stale
 * version and on a duplicate name, delete with confirmation), versions, components (add, update, order, delete,
 * wysiwyg sanitised, needs_attention), per-company content and the preview (company content vs shared, activeFlag),
 * registered component types (module honoured, a failing build contained), uploads through signed links kept to
 * their tenant, tenant isolation (404) and Read Only (403).
 */
import { z } from 'zod';
import { contribute } from '../../../kernel/index';
import { makeCompany, makeTenant, startTestServer, type TestServer, type TestTenant } from '../../../tests/sdk';
import { reportComponentsPoint, type ReportComponentDef } from '../public';
import { renderReport } from '../server/render';
import { builderPaths as P, DOCX_CONTENT_TYPE } from '../shared/api';
import { msgSourceMissing } from '../shared/components';
import { REPORT_BUILDER_PAGE } from '../shared/pages';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
let acme: number;
let bravo: number;
let otherCo: number;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const createTemplate = async (t: TestTenant, name: string, description = '') => {
  const r = await t.api('POST', P.templates(t.tenantId), { name, description });
  expect(r.status).toBe(200);
  return r.body.template as { report_template_id: number; version: number; current_vers: number };
};
const addComponent = async (t: TestTenant, templateId: number, body: Record<string, unknown>) => {
  const r = await t.api('POST', P.components(t.tenantId, templateId), body);
  expect(r.status).toBe(200);
  return r.body.component as { component_key: string; needs_attention: string | null; properties: any };
};
const preview = async (t: TestTenant, templateId: number, query = '') => {
  const r = await t.api('GET', `${P.preview(t.tenantId, templateId)}${query}`);
  expect(r.status).toBe(200);
  return r.body as {
    components: { component_key: string; title: string; needs_attention: string | null; blocks: any[] }[];
  };
};
const upload = async (t: TestTenant, fileName: string, contentType: string, bytes: Buffer) => {
  const link = await t.api('POST', P.uploads(t.tenantId), { fileName, contentType, bytes: bytes.length });
  expect(link.status).toBe(200);
  const put = await fetch(link.body.signedUrl, {
    method: 'PUT',
    headers: { 'content-type': contentType },
    body: new Uint8Array(bytes),
  });
  expect(put.status).toBe(200);
  return link.body as { fileKey: string; fileName: string; signedUrl: string };
};

beforeAll(async () => {
  s = await startTestServer({ plugins: ['reports'] });
  a = await makeTenant(s.k, s.url);
  b = await makeTenant(s.k, s.url);
  acme = await makeCompany(a, 'Acme Dental');
  bravo = await makeCompany(a, 'Bravo Freight');
  otherCo = await makeCompany(b, 'Other Tenant Co');
}, 400_000);
afterAll(async () => s?.stop());

test('templates: create, list with counts, duplicate name (any case) and stale rename answer 409', async () => {
  const t = await createTemplate(a, '  Monthly Review ', 'For every client');
  expect(t).toMatchObject({ current_vers: 1, version: 1 });
  const list = (await a.api('GET', P.templates(a.tenantId))).body.templates;
  expect(list).toEqual([
    expect.objectContaining({
      report_template_id: t.report_template_id,
      name: 'Monthly Review',
      description: 'For every client',
      versions: 1,
      component_count: 0,
    }),
  ]);
  const dup = await a.api('POST', P.templates(a.tenantId), { name: 'monthly REVIEW' });
  expect(dup.status).toBe(409);
  expect(dup.body.error.message).toBe('A report template named "monthly REVIEW" already exists. Choose another name.');
  expect(dup.body.error.fields).toEqual([{ path: 'body.name', message: dup.body.error.message }]);
  const empty = await a.api('POST', P.templates(a.tenantId), { name: '   ' });
  expect(empty.status).toBe(400);
  expect(empty.body.error.fields).toEqual([{ path: 'body.name', message: 'Required.' }]);

  const path = P.template(a.tenantId, t.report_template_id);
  const renamed = await a.api('PUT', path, { name: 'Monthly Client Review', version: 1 });
  expect(renamed.status).toBe(200);
  expect(renamed.body.template).toMatchObject({ name: 'Monthly Client Review', version: 2 });
  const stale = await a.api('PUT', path, { name: 'Lost edit', version: 1 });
  expect(stale.status).toBe(409);
  expect(stale.body.error.message).toBe('This report template was changed by someone else; reload it and try again.');
  await createTemplate(a, 'Annual Review');
  const clash = await a.api('PUT', path, { name: 'ANNUAL review', version: 2 });
  expect(clash.status).toBe(409);
  expect((await a.api('GET', path)).body.template).toMatchObject({ name: 'Monthly Client Review', version: 2 });
  // A template of another tenant with the same name is fine.
  expect((await b.api('POST', P.templates(b.tenantId), { name: 'Monthly Client Review' })).status).toBe(200);
});

test('components: add at a position, wysiwyg sanitised, update, order and delete on the current version', async () => {
  const t = await createTemplate(a, 'Components Review');
  const id = t.report_template_id;
  const text = await addComponent(a, id, {
    type: 'wysiwyg',
    title: 'Welcome',
    properties: { content: '<p onclick="x()">Hello <script>alert(1)</script><a href="javascript:alert(1)">x</a></p>' },
  });
  expect(text.properties.content).toBe('<p>Hello <a>x</a></p>');
  expect(text.needs_attention).toBeNull();
  const img = await addComponent(a, id, { type: 'img_file' });
  expect(img.needs_attention).toBe('Choose an image');
  const word = await addComponent(a, id, { type: 'msword_file', position: 0 });
  expect(word.needs_attention).toBe('Choose a Word file');
  const sourced = await addComponent(a, id, { type: 'lci_project_summary' });
  expect(sourced.needs_attention).toBe(msgSourceMissing('Projects'));

  let got = (await a.api('GET', P.template(a.tenantId, id))).body;
  expect(got.components.map((c: { component_key: string }) => c.component_key)).toEqual([
    word.component_key,
    text.component_key,
    img.component_key,
    sourced.component_key,
  ]);
  expect(got.components.map((c: { position: number }) => c.position)).toEqual([0, 1, 2, 3]);
  expect(got.components[3]).toMatchObject({ available: false, title: 'Project Summary' });

  const unknown = await a.api('POST', P.components(a.tenantId, id), { type: 'no_such_type' });
  expect(unknown.status).toBe(400);
  expect(unknown.body.error.fields[0].path).toBe('body.type');
  const badProps = await a.api('POST', P.components(a.tenantId, id), {
    type: 'wysiwyg',
    properties: { global: 'yes', title: 'x'.repeat(201) },
  });
  expect(badProps.status).toBe(400);
  expect(badProps.body.error.fields.map((f: { path: string }) => f.path).sort()).toEqual([
    'body.properties.global',
    'body.properties.title',
  ]);

  const upd = await a.api('PUT', P.component(a.tenantId, id, text.component_key), {
    properties: { content: '<h2>Hi</h2><img src=x onerror=alert(1)>' },
    selected: true,
    title: '',
  });
  expect(upd.status).toBe(200);
  expect(upd.body.component).toMatchObject({ selected: true, title: 'Rich Text' });
  expect(upd.body.component.properties.content).toBe('<h2>Hi</h2>');

  const order = [sourced, img, text, word].map((c) => c.component_key);
  const incomplete = await a.api('PUT', P.order(a.tenantId, id), { component_keys: order.slice(1) });
  expect(incomplete.status).toBe(400);
  expect(incomplete.body.error.fields[0]).toEqual({
    path: 'body.component_keys',
    message: 'List every component of the current version exactly once.',
  });
  const ordered = await a.api('PUT', P.order(a.tenantId, id), { component_keys: order });
  expect(ordered.status).toBe(200);
  expect(ordered.body.components.map((c: { component_key: string }) => c.component_key)).toEqual(order);

  const del = await a.api('DELETE', P.component(a.tenantId, id, img.component_key));
  expect(del.body).toEqual({ records_updated: 1, component_key: img.component_key });
  got = (await a.api('GET', P.template(a.tenantId, id))).body;
  expect(got.components.map((c: { component_key: string }) => c.component_key)).toEqual([
    sourced.component_key,
    text.component_key,
    word.component_key,
  ]);
  expect(got.template.component_count).toBe(3);
  expect((await a.api('DELETE', P.component(a.tenantId, id, img.component_key))).status).toBe(404);
});

test('versions: a new version copies the components and becomes current; older versions stay as they were', async () => {
  const t = await createTemplate(a, 'Versioned Review');
  const id = t.report_template_id;
  const first = await addComponent(a, id, { type: 'wysiwyg', properties: { content: '<p>Version one</p>' } });
  const v2 = await a.api('POST', P.versions(a.tenantId, id), { note: 'Q2 changes' });
  expect(v2.status).toBe(200);
  expect(v2.body).toMatchObject({ vers: 2, template: { current_vers: 2, versions: 2 } });
  expect(v2.body.versions.map((v: { vers: number; note: string }) => [v.vers, v.note])).toEqual([
    [1, ''],
    [2, 'Q2 changes'],
  ]);
  expect(v2.body.components.map((c: { component_key: string }) => c.component_key)).toEqual([first.component_key]);
  await a.api('PUT', P.component(a.tenantId, id, first.component_key), {
    properties: { content: '<p>Version two</p>' },
  });
  await addComponent(a, id, { type: 'img_file' });
  const v1 = (await a.api('GET', `${P.template(a.tenantId, id)}?vers=1`)).body;
  expect(v1.components).toHaveLength(1);
  expect(v1.components[0].properties.content).toBe('<p>Version one</p>');
  expect((await preview(a, id, '?vers=1')).components[0].blocks).toEqual([
    { kind: 'richText', html: '<p>Version one</p>' },
  ]);
  expect((await preview(a, id)).components[0].blocks).toEqual([{ kind: 'richText', html: '<p>Version two</p>' }]);
  expect((await a.api('GET', `${P.template(a.tenantId, id)}?vers=9`)).status).toBe(404);
  const bad = await a.api('POST', P.versions(a.tenantId, id), { fromVers: 9 });
  expect(bad.status).toBe(400);
  expect(bad.body.error.fields[0].path).toBe('body.fromVers');
});

test('per-company content: used only while global is off; activeFlag off leaves the component out', async () => {
  const t = await createTemplate(a, 'Client Review');
  const id = t.report_template_id;
  const intro = await addComponent(a, id, { type: 'wysiwyg', properties: { content: '<p>Shared intro</p>' } });
  const closing = await addComponent(a, id, { type: 'wysiwyg', properties: { content: '<p>Closing</p>' } });
  const companyPath = P.companyComponent(a.tenantId, id, intro.component_key, acme);

  const put = await a.api('PUT', companyPath, {
    properties: { content: '<p>Acme only<script>x</script></p>' },
  });
  expect(put.status).toBe(200);
  expect(put.body).toMatchObject({
    tenant_company_id: acme,
    company_name: 'Acme Dental',
    global: true,
    activeFlag: true,
    properties: { content: '<p>Acme only</p>' },
    effective: { content: '<p>Shared intro</p>' },
  });
  const html = (r: Awaited<ReturnType<typeof preview>>) => r.components.map((c) => c.blocks[0].html);
  // global on: every company sees the shared content.
  expect(html(await preview(a, id, `?companyId=${acme}`))).toEqual(['<p>Shared intro</p>', '<p>Closing</p>']);

  await a.api('PUT', P.component(a.tenantId, id, intro.component_key), { properties: { global: false } });
  expect(html(await preview(a, id, `?companyId=${acme}`))).toEqual(['<p>Acme only</p>', '<p>Closing</p>']);
  expect(html(await preview(a, id, `?companyId=${bravo}`))).toEqual(['<p>Shared intro</p>', '<p>Closing</p>']);
  expect(html(await preview(a, id))).toEqual(['<p>Shared intro</p>', '<p>Closing</p>']);
  expect((await a.api('GET', companyPath)).body).toMatchObject({
    global: false,
    effective: { content: '<p>Acme only</p>' },
    active: true,
  });

  const off = await a.api('PUT', P.companyComponent(a.tenantId, id, closing.component_key, bravo), {
    activeFlag: false,
  });
  expect(off.body).toMatchObject({ activeFlag: false, active: true });
  await a.api('PUT', P.component(a.tenantId, id, closing.component_key), { properties: { global: false } });
  const bravoReport = await preview(a, id, `?companyId=${bravo}`);
  expect(bravoReport).toMatchObject({ tenant_company_id: bravo, company_name: 'Bravo Freight' });
  expect(bravoReport.components.map((c) => c.component_key)).toEqual([intro.component_key]);
  expect((await preview(a, id, `?companyId=${acme}`)).components).toHaveLength(2);

  // Unknown keys are refused for a company (only content properties are kept per company).
  const bad = await a.api('PUT', companyPath, { properties: { title: 'Nope' } });
  expect(bad.status).toBe(400);
  expect((await a.api('GET', P.companyComponent(a.tenantId, id, intro.component_key, 999_999))).status).toBe(404);
});

test('needs_attention and the flyout: sourced types until registered, registered types with module and failures', async () => {
  const types = (await a.api('GET', P.componentTypes(a.tenantId))).body.types;
  expect(types.slice(0, 3).map((x: { type: string }) => x.type)).toEqual(['msword_file', 'img_file', 'wysiwyg']);
  expect(types.find((x: { type: string }) => x.type === 'lci_project_summary')).toMatchObject({
    origin: 'spec',
    available: false,
    reason: msgSourceMissing('Projects'),
  });

  const t = await createTemplate(a, 'Registered Types Review');
  const id = t.report_template_id;
  const summary = await addComponent(a, id, { type: 'lci_project_summary' });
  expect(summary.needs_attention).toBe(msgSourceMissing('Projects'));
  let report = await preview(a, id, `?companyId=${acme}`);
  expect(report.components[0]).toMatchObject({
    needs_attention: msgSourceMissing('Projects'),
    blocks: [{ kind: 'empty', message: msgSourceMissing('Projects') }],
  });

  // A plugin registers the sourced type, a failing type and one that needs a module the tenant lacks.
  const defs: ReportComponentDef[] = [
    {
      type: 'lci_project_summary',
      label: 'Project Summary',
      description: 'Scores',
      group: 'Projects',
      perCompany: true,
      needsAttention: (p) => (p.projectId ? null : 'Choose a project'),
      build: async ({ companyId, properties }) => [
        { kind: 'paragraph', text: `company ${companyId} project ${properties.projectId}` },
      ],
    },
    {
      type: 'probe_failing',
      label: 'Failing',
      description: 'Always fails',
      group: 'Probe',
      perCompany: false,
      build: async ({ db }) => {
        await db.raw('select * from no_such_table');
        return [];
      },
    },
    {
      type: 'probe_air_only',
      label: 'AIR only',
      description: 'Needs AIR',
      group: 'Probe',
      module: 'AIR',
      perCompany: false,
      build: async () => [{ kind: 'paragraph', text: 'air' }],
    },
    {
      type: 'probe_with_rows',
      label: 'Rows',
      description: 'Has its own properties',
      group: 'Probe',
      perCompany: false,
      properties: z.looseObject({ rows: z.number().int().max(10, 'At most 10 rows').optional() }),
      build: async ({ properties }) => [{ kind: 'paragraph', text: `rows ${properties.rows}` }],
    },
  ];
  s.k.points.add(
    'reports',
    defs.map((d) => contribute(reportComponentsPoint, d)),
    () => true,
  );

  const after = (await a.api('GET', P.componentTypes(a.tenantId))).body.types;
  expect(after.find((x: { type: string }) => x.type === 'lci_project_summary')).toMatchObject({
    available: true,
    reason: null,
  });
  expect(after.map((x: { type: string }) => x.type)).toContain('probe_failing');
  expect(after.map((x: { type: string }) => x.type)).not.toContain('probe_air_only');
  const refused = await a.api('POST', P.components(a.tenantId, id), { type: 'probe_air_only' });
  expect(refused.status).toBe(400);
  expect(refused.body.error.fields[0]).toEqual({
    path: 'body.type',
    message: 'This component type is not available to your account.',
  });

  const tooMany = await a.api('POST', P.components(a.tenantId, id), {
    type: 'probe_with_rows',
    properties: { rows: 11 },
  });
  expect(tooMany.status).toBe(400);
  expect(tooMany.body.error.fields).toEqual([{ path: 'body.properties.rows', message: 'At most 10 rows' }]);
  const rows = await addComponent(a, id, { type: 'probe_with_rows', properties: { rows: 3 } });
  expect(rows.properties.rows).toBe(3);
  await a.api('DELETE', P.component(a.tenantId, id, rows.component_key));
  const failing = await addComponent(a, id, { type: 'probe_failing' });
  await a.api('PUT', P.component(a.tenantId, id, summary.component_key), { properties: { projectId: 42 } });
  const text = await addComponent(a, id, { type: 'wysiwyg', properties: { content: '<p>Still here</p>' } });
  report = await preview(a, id, `?companyId=${acme}`);
  expect(report.components.map((c) => c.component_key)).toEqual([
    summary.component_key,
    failing.component_key,
    text.component_key,
  ]);
  expect(report.components[0]).toMatchObject({
    needs_attention: null,
    blocks: [{ kind: 'paragraph', text: `company ${acme} project 42` }],
  });
  expect(report.components[1].blocks).toEqual([
    expect.objectContaining({ kind: 'empty', title: 'Could not be loaded' }),
  ]);
  expect(report.components[2].blocks).toEqual([{ kind: 'richText', html: '<p>Still here</p>' }]);
  // renderReport (the Word export's and the schedules' entry) inside a write transaction: the failing component's
  // query does not break the transaction for what follows.
  const inWrite = await s.k.db.withTenant(a.tenantId, async (trx) => {
    const r = await renderReport(s.k, trx, a.tenantId, { templateId: id, companyId: acme });
    const [{ n }] = await trx('report_templates').where({ report_template_id: id }).count({ n: '*' });
    return { r, n: Number(n) };
  });
  expect(inWrite.n).toBe(1);
  expect(inWrite.r.components.map((c) => c.blocks[0].kind)).toEqual(['paragraph', 'empty', 'richText']);
  // Without a company, a per-company component asks for one.
  expect((await preview(a, id)).components[0].blocks[0]).toMatchObject({ kind: 'empty', title: 'Choose a company' });
});

test('uploads: a signed link under the tenant, the file used by an image component, never by another tenant', async () => {
  const bad = await a.api('POST', P.uploads(a.tenantId), {
    fileName: 'x.svg',
    contentType: 'image/svg+xml',
    bytes: 10,
  });
  expect(bad.status).toBe(400);
  expect(bad.body.error.fields[0].path).toBe('body.contentType');
  const big = await a.api('POST', P.uploads(a.tenantId), {
    fileName: 'big.png',
    contentType: 'image/png',
    bytes: 11 * 1024 * 1024,
  });
  expect(big.body.error.fields[0]).toEqual({ path: 'body.bytes', message: 'Files up to 10 MB' });
  const mismatch = await a.api('POST', P.uploads(a.tenantId), {
    fileName: 'a.docx',
    contentType: 'image/png',
    bytes: 9,
  });
  expect(mismatch.body.error.fields[0].path).toBe('body.fileName');

  const file = await upload(a, 'Logo Final.png', 'image/png', PNG);
  expect(file.fileKey).toMatch(new RegExp(`^tenants/${a.tenantId}/reports/uploads/[0-9a-f-]{36}/Logo_Final.png$`));
  expect(file.fileName).toBe('Logo Final.png');
  // The link is signed for its key: pointed at another tenant's key it is refused.
  const forged = file.signedUrl.replace(`/tenants/${a.tenantId}/`, `/tenants/${b.tenantId}/`);
  const forgedPut = await fetch(forged, {
    method: 'PUT',
    headers: { 'content-type': 'image/png' },
    body: new Uint8Array(PNG),
  });
  expect(forgedPut.status).toBe(403);

  const t = await createTemplate(a, 'Image Review');
  const id = t.report_template_id;
  const img = await addComponent(a, id, { type: 'img_file' });
  const set = await a.api('PUT', P.component(a.tenantId, id, img.component_key), {
    properties: { fileKey: file.fileKey, fileName: file.fileName, fileSelected: true },
  });
  expect(set.status).toBe(200);
  expect(set.body.component.needs_attention).toBeNull();
  const block = (await preview(a, id)).components[0].blocks[0];
  expect(block).toMatchObject({ kind: 'image', fileKey: file.fileKey, fileName: 'Logo Final.png' });
  const got = await fetch(block.url);
  expect(got.status).toBe(200);
  expect(Buffer.from(await got.arrayBuffer())).toEqual(PNG);

  // A Word file is not an image; a key that was never uploaded or of another tenant is refused.
  const doc = await upload(a, 'Appendix.docx', DOCX_CONTENT_TYPE, Buffer.from('PK\u0003\u0004 not really'));
  const wrong = await a.api('PUT', P.component(a.tenantId, id, img.component_key), {
    properties: { fileKey: doc.fileKey },
  });
  expect(wrong.status).toBe(400);
  expect(wrong.body.error.fields[0]).toEqual({
    path: 'body.properties.fileKey',
    message: 'This component takes PNG, JPEG or GIF image files only.',
  });
  const tb = await createTemplate(b, 'B Image Review');
  const bImg = await addComponent(b, tb.report_template_id, { type: 'img_file' });
  const stolen = await b.api('PUT', P.component(b.tenantId, tb.report_template_id, bImg.component_key), {
    properties: { fileKey: file.fileKey },
  });
  expect(stolen.status).toBe(400);
  expect(stolen.body.error.fields[0].message).toBe(
    'Not a file uploaded for reports of this account; upload the file again.',
  );
});

test("another tenant's template, component and company are not found (404) and stay unchanged", async () => {
  const t = await createTemplate(a, 'Private Review');
  const id = t.report_template_id;
  const c = await addComponent(a, id, { type: 'wysiwyg', properties: { content: '<p>Secret</p>' } });
  await a.api('PUT', P.companyComponent(a.tenantId, id, c.component_key, acme), {
    properties: { content: '<p>Acme secret</p>' },
  });
  expect((await b.api('GET', P.template(b.tenantId, id))).status).toBe(404);
  expect((await b.api('GET', P.preview(b.tenantId, id))).status).toBe(404);
  expect((await b.api('GET', P.companyComponent(b.tenantId, id, c.component_key, acme))).status).toBe(404);
  expect((await b.api('PUT', P.template(b.tenantId, id), { name: 'Taken over', version: 1 })).status).toBe(404);
  expect(
    (await b.api('PUT', P.component(b.tenantId, id, c.component_key), { properties: { content: 'x' } })).status,
  ).toBe(404);
  expect((await b.api('DELETE', P.template(b.tenantId, id), { confirm: true })).status).toBe(404);
  // B's own template with A's company: the company is not found.
  const tb = await createTemplate(b, 'B Review');
  const cb = await addComponent(b, tb.report_template_id, { type: 'wysiwyg' });
  expect(
    (
      await b.api('PUT', P.companyComponent(b.tenantId, tb.report_template_id, cb.component_key, acme), {
        activeFlag: false,
      })
    ).status,
  ).toBe(404);
  expect((await b.api('GET', `${P.preview(b.tenantId, tb.report_template_id)}?companyId=${acme}`)).status).toBe(404);
  expect((await b.api('GET', `${P.preview(b.tenantId, tb.report_template_id)}?companyId=${otherCo}`)).status).toBe(200);
  // On A's path B is refused outright.
  expect((await b.api('GET', P.template(a.tenantId, id))).status).toBe(403);
  const mine = (await a.api('GET', P.companyComponent(a.tenantId, id, c.component_key, acme))).body;
  expect(mine.properties).toEqual({ content: '<p>Acme secret</p>' });
  expect((await a.api('GET', P.template(a.tenantId, id))).body.template.name).toBe('Private Review');
});

test('delete needs confirmation and takes versions and company content with it', async () => {
  const t = await createTemplate(a, 'Doomed Review');
  const id = t.report_template_id;
  const c = await addComponent(a, id, { type: 'wysiwyg' });
  await a.api('PUT', P.companyComponent(a.tenantId, id, c.component_key, acme), { activeFlag: false });
  const unconfirmed = await a.api('DELETE', P.template(a.tenantId, id), {});
  expect(unconfirmed.status).toBe(400);
  expect(unconfirmed.body.error.fields[0].path).toBe('body.confirm');
  expect((await a.api('GET', P.template(a.tenantId, id))).status).toBe(200);
  const del = await a.api('DELETE', P.template(a.tenantId, id), { confirm: true });
  expect(del.body).toEqual({ records_updated: 1, report_template_id: id });
  expect((await a.api('GET', P.template(a.tenantId, id))).status).toBe(404);
  const left = await s.k.db.withTenant(a.tenantId, (trx) =>
    trx('report_component_companies').where({ report_template_id: id }).count({ n: '*' }),
  );
  expect(Number(left[0].n)).toBe(0);
  // One entry (the refused delete wrote none): who deleted which template, and how many versions went with it.
  const audits = await s.k.db.withSystem((trx) =>
    trx('audit_log')
      .where({ action: 'report_template.delete', target: String(id), tenant_id: a.tenantId })
      .select('actor_user_id', 'details'),
  );
  expect(audits.map((x) => ({ ...x, actor_user_id: Number(x.actor_user_id) }))).toEqual([
    { actor_user_id: a.userId, details: { name: 'Doomed Review', versions: 1 } },
  ]);
});

test('Read Only reads the builder but every write is refused (403); no access at all is 403', async () => {
  const reader = await makeTenant(s.k, s.url, {
    tenantAdmin: false,
    pages: [{ url: REPORT_BUILDER_PAGE, access_level: 'Read Only' }],
  });
  expect((await reader.api('GET', P.templates(reader.tenantId))).status).toBe(200);
  expect((await reader.api('GET', P.componentTypes(reader.tenantId))).status).toBe(200);
  const refused = await reader.api('POST', P.templates(reader.tenantId), { name: 'Nope' });
  expect(refused.status).toBe(403);
  expect(
    (await reader.api('POST', P.uploads(reader.tenantId), { fileName: 'a.png', contentType: 'image/png', bytes: 5 }))
      .status,
  ).toBe(403);
  expect((await reader.api('GET', P.templates(reader.tenantId))).body.templates).toEqual([]);
  const none = await makeTenant(s.k, s.url, { tenantAdmin: false, pages: [] });
  expect((await none.api('GET', P.templates(none.tenantId))).status).toBe(403);
});

test('the demo template is added once by the fixtures', async () => {
  const plugin = s.k.plugins.find((p) => p.id === 'reports')!;
  const c = await makeTenant(s.k, s.url);
  for (let i = 0; i < 2; i++) await plugin.fixtures!({ db: s.k.db, k: s.k, tenantId: c.tenantId, log: () => {} });
  const list = (await c.api('GET', P.templates(c.tenantId))).body.templates;
  expect(list).toEqual([expect.objectContaining({ name: 'Quarterly Business Review', component_count: 4 })]);
  const one = (await c.api('GET', P.template(c.tenantId, list[0].report_template_id))).body;
  // The two assessment components wait for an assessment; no projects component until recommendations exist.
  expect(one.components.map((x: { type: string }) => x.type)).toEqual([
    'wysiwyg',
    'wysiwyg',
    'lci_assessment_summary',
    'lci_assessment_comparison',
  ]);
  expect(one.components.filter((x: { needs_attention: string | null }) => x.needs_attention).length).toBe(2);
});
