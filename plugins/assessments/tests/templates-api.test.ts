/**
 * The assessment template routes on the real server and database: create and read back, validation with the
 * fields at fault (nothing stored), optimistic concurrency (409), versions (an edit of a version that an event uses
 * makes a new one; the event keeps its version; explicit new version; get by version), archive, delete (confirm;
 * refused while used), JSON import and export round trip (and all-or-nothing import), tenant isolation and Read
 * Only refusal.
 */
import { makeCompany, makeTenant, startTestServer, type TestServer, type TestTenant } from '../../../tests/sdk';
import { adoptPlatformTemplate } from '../public';
import { assessmentPaths as P } from '../shared/api';
import { ASSESSMENT_TEMPLATES_PAGE, ASSESSMENTS_PAGE } from '../shared/pages';
import { SAMPLE_CONTENT } from './sample-template';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
let company: number;
const MODULES = ['Core', 'Assessment', 'Customer Success', 'Admin'] as const;

beforeAll(async () => {
  s = await startTestServer({ plugins: ['assessments'] });
  a = await makeTenant(s.k, s.url, { modules: [...MODULES] });
  b = await makeTenant(s.k, s.url, { modules: [...MODULES] });
  company = await makeCompany(a, 'Acme Dental');
}, 400_000);
afterAll(async () => s?.stop());

const create = (t: TestTenant, name: string, content: unknown = SAMPLE_CONTENT, description = '') =>
  t.api('POST', P.templates(t.tenantId), { name, description, content });

test('a template is created as version 1 with defaults, listed and read back', async () => {
  const r = await create(a, '  Security Baseline ', SAMPLE_CONTENT, 'CIS controls');
  expect(r.status).toBe(200);
  expect(r.body).toMatchObject({
    records_updated: 1,
    new_version: false,
    template_version: 1,
    template: {
      name: 'Security Baseline',
      source: 'tenant',
      current_version: 1,
      question_count: 6,
      event_count: 0,
      archived: false,
      version: 1,
    },
  });
  const q = r.body.content.sections[1].categories[0].questions[0];
  expect(q).toMatchObject({ key: 'runbook', weight: 1, guidance: '', frameworkTags: [] });
  expect(r.body.content.sections[0].categories[0].questions[0].frameworkTags).toEqual(['CIS 6.5', 'NIST CSF PR.AC-7']);
  const id = r.body.template.assessment_template_id;
  const got = await a.api('GET', P.template(a.tenantId, id));
  expect(got.status).toBe(200);
  expect(got.body.content).toEqual(r.body.content);
  expect(got.body.versions).toHaveLength(1);
  const list = await a.api('GET', P.templates(a.tenantId));
  expect(list.body.templates.map((t: { name: string }) => t.name)).toContain('Security Baseline');
});

test('bad templates are refused with the fields at fault; nothing is stored', async () => {
  const before = (await a.api('GET', P.templates(a.tenantId))).body.templates.length;
  const bad = await create(a, '', {
    sections: [
      {
        key: 's',
        title: 'S',
        weight: 9,
        categories: [
          {
            key: 'c',
            title: 'C',
            questions: [
              { key: 'q', text: 'Q', type: 'maybe' },
              { key: 'bad key!', text: '', type: 'yesno' },
            ],
          },
        ],
      },
    ],
  });
  expect(bad.status).toBe(400);
  const paths = bad.body.error.fields.map((f: { path: string }) => f.path);
  expect(paths).toEqual(
    expect.arrayContaining([
      'body.name',
      'body.content.sections.0.weight',
      'body.content.sections.0.categories.0.questions.0.type',
      'body.content.sections.0.categories.0.questions.1.key',
      'body.content.sections.0.categories.0.questions.1.text',
    ]),
  );
  // Rules beyond the schema: duplicate keys, a scale without room, a choice with one option.
  const rules = await create(a, 'Rules', {
    sections: [
      {
        key: 's',
        title: 'S',
        categories: [
          {
            key: 'c',
            title: 'C',
            questions: [
              { key: 'q', text: 'Q', type: 'scale', scale: { min: 3, max: 3 } },
              { key: 'q', text: 'Q2', type: 'choice', options: [{ value: 'a', label: 'A', score: 1 }] },
            ],
          },
        ],
      },
    ],
  });
  expect(rules.status).toBe(400);
  expect(rules.body.error.fields).toEqual(
    expect.arrayContaining([
      {
        path: 'body.content.sections.0.categories.0.questions.0.scale.max',
        message: 'The highest value must be above the lowest',
      },
      {
        path: 'body.content.sections.0.categories.0.questions.1.key',
        message: 'Question key "q" is used twice in the template',
      },
      {
        path: 'body.content.sections.0.categories.0.questions.1.options',
        message: 'A choice question has at least two options',
      },
    ]),
  );
  const dup = await create(a, 'security baseline');
  expect(dup.status).toBe(400);
  expect(dup.body.error.fields).toEqual([
    { path: 'body.name', message: 'A template named "Security Baseline" exists' },
  ]);
  expect((await a.api('GET', P.templates(a.tenantId))).body.templates.length).toBe(before);
});

test('versions: an edit in place while unused, a new version once an event uses it; the event keeps its version; 409 when stale', async () => {
  const t = (await create(a, 'Versioned')).body;
  const id = t.template.assessment_template_id;
  const edited = await a.api('PUT', P.template(a.tenantId, id), {
    version: 1,
    description: 'first',
    content: { sections: [{ ...SAMPLE_CONTENT.sections[1] }] },
  });
  expect(edited.status).toBe(200);
  expect(edited.body).toMatchObject({
    new_version: false,
    template_version: 1,
    template: { version: 2, question_count: 2 },
  });

  const ev = await a.api('POST', P.events(a.tenantId), { tenantCompanyId: company, assessmentTemplateId: id });
  expect(ev.status).toBe(200);
  expect(ev.body.event.template_version).toBe(1);

  const stale = await a.api('PUT', P.template(a.tenantId, id), { version: 1, name: 'Lost' });
  expect(stale.status).toBe(409);
  const v2 = await a.api('PUT', P.template(a.tenantId, id), { version: 2, content: SAMPLE_CONTENT, note: 'full' });
  expect(v2.status).toBe(200);
  expect(v2.body).toMatchObject({
    new_version: true,
    template_version: 2,
    template: { current_version: 2, question_count: 6 },
  });
  expect(
    v2.body.versions.map((v: { template_version: number; event_count: number }) => [v.template_version, v.event_count]),
  ).toEqual([
    [2, 0],
    [1, 1],
  ]);
  // The event still shows version 1's two questions.
  const event = await a.api('GET', P.event(a.tenantId, ev.body.event.assessment_event_id));
  expect(event.body.event.template_version).toBe(1);
  expect(event.body.content.sections).toHaveLength(1);
  // Version 1 is still readable; an unknown version is a 400 naming the field.
  const old = await a.api('GET', `${P.template(a.tenantId, id)}?templateVersion=1`);
  expect(old.body.content.sections).toHaveLength(1);
  const none = await a.api('GET', `${P.template(a.tenantId, id)}?templateVersion=9`);
  expect(none.status).toBe(400);
  expect(none.body.error.fields[0].path).toBe('query.templateVersion');
  // An explicit new version copies the current content.
  const v3 = await a.api('POST', P.templateVersions(a.tenantId, id), { version: v2.body.template.version });
  expect(v3.status).toBe(200);
  expect(v3.body).toMatchObject({ template_version: 3, new_version: true });
  expect(v3.body.content).toEqual(v2.body.content);
  // An event can be started on an older version on purpose.
  const onV1 = await a.api('POST', P.events(a.tenantId), {
    tenantCompanyId: company,
    assessmentTemplateId: id,
    templateVersion: 1,
  });
  expect(onV1.body.event.template_version).toBe(1);
});

test('archive and delete: delete needs confirm, is refused while used, archived templates start no events', async () => {
  const used = (await a.api('GET', P.templates(a.tenantId))).body.templates.find(
    (t: { name: string }) => t.name === 'Versioned',
  );
  const refused = await a.api('DELETE', `${P.template(a.tenantId, used.assessment_template_id)}?confirm=true`);
  expect(refused.status).toBe(409);
  expect(refused.body.error.message).toMatch(/archive it instead/);
  const arch = await a.api('POST', P.templateArchive(a.tenantId, used.assessment_template_id), {
    version: used.version,
    archived: true,
  });
  expect(arch.status).toBe(200);
  expect(arch.body.template.archived).toBe(true);
  expect(
    (await a.api('GET', P.templates(a.tenantId))).body.templates.some((t: { name: string }) => t.name === 'Versioned'),
  ).toBe(false);
  expect(
    (await a.api('GET', `${P.templates(a.tenantId)}?includeArchived=true`)).body.templates.some(
      (t: { name: string }) => t.name === 'Versioned',
    ),
  ).toBe(true);
  const start = await a.api('POST', P.events(a.tenantId), {
    tenantCompanyId: company,
    assessmentTemplateId: used.assessment_template_id,
  });
  expect(start.status).toBe(400);
  expect(start.body.error.fields[0].path).toBe('body.assessmentTemplateId');

  const unused = (await create(a, 'Throwaway')).body.template;
  const noConfirm = await a.api('DELETE', P.template(a.tenantId, unused.assessment_template_id));
  expect(noConfirm.status).toBe(400);
  expect(noConfirm.body.error.fields[0].path).toBe('query.confirm');
  const gone = await a.api('DELETE', `${P.template(a.tenantId, unused.assessment_template_id)}?confirm=true&version=1`);
  expect(gone.status).toBe(200);
  expect((await a.api('GET', P.template(a.tenantId, unused.assessment_template_id))).status).toBe(404);
});

test('JSON export and import round trip; an import with a problem imports nothing', async () => {
  const src = (await a.api('GET', P.templates(a.tenantId))).body.templates.find(
    (t: { name: string }) => t.name === 'Security Baseline',
  );
  const exp = await a.api('GET', P.templateExport(a.tenantId, src.assessment_template_id));
  expect(exp.status).toBe(200);
  expect(exp.body).toMatchObject({
    format: 'lci-assessment-templates',
    formatVersion: 1,
    templates: [{ name: 'Security Baseline' }],
  });
  const imported = await b.api('POST', P.templateImport(b.tenantId), { document: exp.body });
  expect(imported.status).toBe(200);
  expect(imported.body.created).toHaveLength(1);
  const copy = await b.api('GET', P.template(b.tenantId, imported.body.created[0].assessment_template_id));
  const original = await a.api('GET', P.template(a.tenantId, src.assessment_template_id));
  expect(copy.body.content).toEqual(original.body.content);
  expect(copy.body.template.description).toBe('CIS controls');
  // Again: an existing name fails by default, or becomes a new version, or is skipped.
  const again = await b.api('POST', P.templateImport(b.tenantId), { document: exp.body });
  expect(again.status).toBe(400);
  expect(again.body.error.fields[0].path).toBe('body.document.templates.0.name');
  const nv = await b.api('POST', P.templateImport(b.tenantId), { document: exp.body, onExisting: 'newVersion' });
  expect(nv.body.newVersions).toEqual([
    {
      name: 'Security Baseline',
      assessment_template_id: copy.body.template.assessment_template_id,
      template_version: 2,
    },
  ]);
  const skip = await b.api('POST', P.templateImport(b.tenantId), { document: exp.body, onExisting: 'skip' });
  expect(skip.body.skipped).toEqual(['Security Baseline']);
  // A second template with a duplicate key: nothing of the file is imported.
  const before = (await b.api('GET', P.templates(b.tenantId))).body.templates.length;
  const broken = await b.api('POST', P.templateImport(b.tenantId), {
    document: {
      templates: [
        { name: 'Fine One', sections: SAMPLE_CONTENT.sections },
        {
          name: 'Broken',
          sections: [
            {
              key: 's',
              title: 'S',
              categories: [
                {
                  key: 'c',
                  title: 'C',
                  questions: [
                    { key: 'x', text: 'X', type: 'yesno' },
                    { key: 'x', text: 'Y', type: 'yesno' },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  });
  expect(broken.status).toBe(400);
  expect(broken.body.error.fields).toEqual([
    {
      path: 'body.document.templates.1.sections.0.categories.0.questions.1.key',
      message: 'Question key "x" is used twice in the template',
    },
  ]);
  expect((await b.api('GET', P.templates(b.tenantId))).body.templates.length).toBe(before);
});

test("another tenant's templates are not found and stay unchanged", async () => {
  const mine = (await a.api('GET', P.templates(a.tenantId))).body.templates[0];
  const id = mine.assessment_template_id;
  expect((await b.api('GET', P.template(b.tenantId, id))).status).toBe(404);
  expect((await b.api('GET', P.templateExport(b.tenantId, id))).status).toBe(404);
  expect((await b.api('PUT', P.template(b.tenantId, id), { version: mine.version, name: 'Hacked' })).status).toBe(404);
  expect((await b.api('POST', P.templateVersions(b.tenantId, id), { version: mine.version })).status).toBe(404);
  expect((await b.api('DELETE', `${P.template(b.tenantId, id)}?confirm=true`)).status).toBe(404);
  expect((await b.api('GET', P.templates(a.tenantId))).status).toBe(403);
  expect(
    (await b.api('POST', P.events(b.tenantId), { tenantCompanyId: company, assessmentTemplateId: id })).status,
  ).toBe(400);
  const after = (await a.api('GET', P.template(a.tenantId, id))).body.template;
  expect(after).toEqual(mine);
});

test('a Read Only template manager lists templates but cannot create, change or import; no access is a 403', async () => {
  const reader = await makeTenant(s.k, s.url, {
    tenantAdmin: false,
    modules: [...MODULES],
    pages: [
      { url: ASSESSMENT_TEMPLATES_PAGE, access_level: 'Read Only' },
      { url: ASSESSMENTS_PAGE, access_level: 'Read/Write' },
    ],
  });
  expect((await reader.api('GET', P.templates(reader.tenantId))).status).toBe(200);
  expect((await create(reader, 'Nope')).status).toBe(403);
  expect(
    (
      await reader.api('POST', P.templateImport(reader.tenantId), {
        document: { templates: [{ name: 'N', sections: SAMPLE_CONTENT.sections }] },
      })
    ).status,
  ).toBe(403);
  expect((await reader.api('GET', P.templates(reader.tenantId))).body.templates).toEqual([]);
  const none = await makeTenant(s.k, s.url, { tenantAdmin: false, modules: [...MODULES], pages: [] });
  expect((await none.api('GET', P.templates(none.tenantId))).status).toBe(403);
  // Without the Assessment module the routes are closed too.
  const noModule = await makeTenant(s.k, s.url, { modules: ['Core'] });
  expect((await noModule.api('GET', P.templates(noModule.tenantId))).status).toBe(403);
});

test("support's imported platform templates become this plugin's templates, for that tenant only", async () => {
  const input = {
    platformTemplateId: 424242,
    name: 'Security Baseline',
    description: 'Platform baseline',
    questions: [
      { text: 'Is MFA on?', type: 'yesno' },
      { text: 'Patch maturity', type: 'scale' },
      { text: 'Which backup tool?', type: 'choice' },
    ],
  };
  const bBefore = (await b.api('GET', P.templates(b.tenantId))).body.templates.length;
  const id = await s.k.db.withSystem((trx) => adoptPlatformTemplate(trx, a.tenantId, input));
  const got = (await a.api('GET', P.template(a.tenantId, id))).body;
  // A has a tenant template of that name: the platform one is told apart.
  expect(got.template).toMatchObject({
    name: 'Security Baseline (platform)',
    source: 'platform',
    platform_template_id: 424242,
    current_version: 1,
  });
  expect(
    got.content.sections[0].categories[0].questions.map((q: { key: string; type: string }) => [q.key, q.type]),
  ).toEqual([
    ['q1', 'yesno'],
    ['q2', 'scale'],
    ['q3', 'text'],
  ]);
  // Importing it again changes nothing; a changed file changes the unused version in place.
  expect(await s.k.db.withSystem((trx) => adoptPlatformTemplate(trx, a.tenantId, input))).toBe(id);
  expect((await a.api('GET', P.template(a.tenantId, id))).body.template.version).toBe(1);
  const more = { ...input, questions: [...input.questions, { text: 'EDR everywhere?', type: 'yesno' }] };
  await s.k.db.withSystem((trx) => adoptPlatformTemplate(trx, a.tenantId, more));
  expect((await a.api('GET', P.template(a.tenantId, id))).body.template).toMatchObject({
    current_version: 1,
    question_count: 4,
  });
  // Once an assessment uses it, a changed file makes a new version.
  expect(
    (await a.api('POST', P.events(a.tenantId), { tenantCompanyId: company, assessmentTemplateId: id })).status,
  ).toBe(200);
  await s.k.db.withSystem((trx) => adoptPlatformTemplate(trx, a.tenantId, input));
  expect((await a.api('GET', P.template(a.tenantId, id))).body.template).toMatchObject({
    current_version: 2,
    question_count: 3,
  });
  expect((await b.api('GET', P.templates(b.tenantId))).body.templates.length).toBe(bBefore);
});
