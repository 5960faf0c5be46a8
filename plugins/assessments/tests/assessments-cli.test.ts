/**
 * `lci assessments template import|export`, `lci assessments start` and `lci assessments list` in-process on a
 * private database: a file with problems imports nothing and names them; import, export and re-import round trip
 * (an existing name fails, or becomes a new version); list by company.
 */
import fs from 'node:fs';
import path from 'node:path';
import { cliSandbox, type CliSandbox } from '../../../tests/sdk';
import { SAMPLE_CONTENT } from './sample-template';

jest.setTimeout(300_000);

let cli: CliSandbox;
let tenantId: number;
let dir: string;
const file = (name: string, value: unknown) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, typeof value === 'string' ? value : JSON.stringify(value));
  return p;
};
const tenant = () => ['--tenant', String(tenantId)];

beforeAll(async () => {
  cli = await cliSandbox();
  dir = fs.mkdtempSync(path.join(cli.dataDir, 'assessments-'));
  tenantId = (await cli.json<{ tenantId: number }>(['tenant', 'create', 'Assessments CLI MSP'])).tenantId;
  const r = await cli.run(['import', 'companies', file('c.csv', 'moniker\nAcme Dental\nBravo Freight\n'), ...tenant()]);
  expect(r.code).toBe(0);
});
afterAll(async () => {
  await cli?.cleanup();
});

test('a file with problems: exit 1, each problem named by its path, nothing imported', async () => {
  const bad = await cli.run([
    'assessments',
    'template',
    'import',
    file('bad.json', {
      templates: [
        {
          name: 'Bad',
          sections: [
            {
              key: 's',
              title: 'S',
              categories: [{ key: 'c', title: 'C', questions: [{ key: 'q', text: 'Q', type: 'maybe' }] }],
            },
          ],
        },
      ],
    }),
    ...tenant(),
  ]);
  expect(bad.code).toBe(1);
  expect(bad.stdout).toContain('templates.0.sections.0.categories.0.questions.0.type');
  expect(bad.stderr).toContain('nothing was imported');
  const notJson = await cli.run(['assessments', 'template', 'import', file('x.json', '{nope'), ...tenant()]);
  expect(notJson.code).toBe(1);
  expect(notJson.stderr).toContain('Cannot read');
  const dupKeys = await cli.run([
    'assessments',
    'template',
    'import',
    file('dup.json', {
      templates: [
        {
          name: 'Dup',
          sections: [
            {
              key: 's',
              title: 'S',
              categories: [
                {
                  key: 'c',
                  title: 'C',
                  questions: [
                    { key: 'q', text: 'Q', type: 'yesno' },
                    { key: 'q', text: 'R', type: 'yesno' },
                  ],
                },
              ],
            },
          ],
        },
      ],
    }),
    ...tenant(),
  ]);
  expect(dupKeys.code).toBe(1);
  expect(dupKeys.stdout).toContain(
    'templates.0.sections.0.categories.0.questions.1.key: Question key "q" is used twice',
  );
  expect(await cli.json(['assessments', 'list', ...tenant(), '--json'])).toEqual([]);
});

test('import, export, re-import: the same content; an existing name fails or becomes a new version', async () => {
  const src = file('baseline.json', {
    templates: [{ name: 'Baseline', description: 'CIS', sections: SAMPLE_CONTENT.sections }],
  });
  const out = await cli.ok(['assessments', 'template', 'import', src, ...tenant()]);
  const id = Number(/created: Baseline \(id (\d+)\)/.exec(out)?.[1]);
  expect(id).toBeGreaterThan(0);
  const exported = JSON.parse(
    await cli.ok(['assessments', 'template', 'export', ...tenant(), '--template', String(id)]),
  );
  expect(exported).toMatchObject({
    format: 'lci-assessment-templates',
    formatVersion: 1,
    templates: [{ name: 'Baseline', description: 'CIS' }],
  });
  expect(exported.templates[0].sections[0].categories[0].questions[0]).toMatchObject({
    key: 'mfa',
    weight: 5,
    frameworkTags: ['CIS 6.5', 'NIST CSF PR.AC-7'],
  });
  const again = await cli.run(['assessments', 'template', 'import', file('exported.json', exported), ...tenant()]);
  expect(again.code).toBe(1);
  expect(again.stdout).toContain('A template named "Baseline" exists');
  const nv = await cli.ok([
    'assessments',
    'template',
    'import',
    file('exported.json', exported),
    ...tenant(),
    '--on-existing',
    'newVersion',
  ]);
  expect(nv).toContain(`new version 2: Baseline (id ${id})`);
  // Each import that wrote is audited as the workspace's is (the refused one is not), naming the operator.
  const audit = await cli.json([
    'admin',
    'audit',
    '--action',
    'assessmentTemplate.import',
    ...tenant(),
    '--since',
    '2020-01-01',
    '--json',
  ]);
  expect(audit.map((e: { target: string; details: Record<string, unknown> }) => [e.target, e.details])).toEqual([
    ['exported.json', expect.objectContaining({ via: 'cli', created: [], newVersions: ['Baseline'] })],
    ['baseline.json', expect.objectContaining({ via: 'cli', created: ['Baseline'], newVersions: [] })],
  ]);
  const v2 = JSON.parse(
    await cli.ok([
      'assessments',
      'template',
      'export',
      ...tenant(),
      '--template',
      String(id),
      '--template-version',
      '2',
    ]),
  );
  expect(v2).toEqual(exported);
  const missing = await cli.run(['assessments', 'template', 'export', ...tenant(), '--template', '999999']);
  expect(missing.code).toBe(1);
  expect(missing.stderr).toContain('has no assessment template 999999');

  // Start drafts and list them by company.
  await cli.ok([
    'assessments',
    'start',
    ...tenant(),
    '--company',
    'acme dental',
    '--template',
    String(id),
    '--template-version',
    '1',
    '--date',
    '2026-09-01',
  ]);
  await cli.ok(['assessments', 'start', ...tenant(), '--company', 'Bravo Freight', '--template', String(id)]);
  const acme = await cli.json<
    { company_moniker: string; template_version: number; status: string; assessed_on: string }[]
  >(['assessments', 'list', ...tenant(), '--company', 'Acme Dental', '--json']);
  expect(acme).toEqual([
    expect.objectContaining({
      company_moniker: 'Acme Dental',
      template_version: 1,
      status: 'draft',
      assessed_on: '2026-09-01',
    }),
  ]);
  const table = await cli.ok(['assessments', 'list', ...tenant()]);
  expect(table).toContain('Bravo Freight');
  expect(table).toContain('Baseline v2');
  const nobody = await cli.run(['assessments', 'list', ...tenant(), '--company', 'Nobody Inc']);
  expect(nobody.code).toBe(1);
  expect(nobody.stderr).toContain('No company of tenant');
});
