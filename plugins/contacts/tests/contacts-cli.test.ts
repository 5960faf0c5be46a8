/**
 * `lci import contacts FILE.csv --tenant N` and `lci contacts list` as child processes on a private database: all or
 * nothing with the rejected rows named by line, --skip-invalid, matching companies by name or id, a second import
 * updating the contacts it matches (by e-mail, else name) instead of adding them again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { cliSandbox, type CliSandbox } from '../../../tests/sdk';

jest.setTimeout(300_000);

let cli: CliSandbox;
let tenantId: number;
let dir: string;
const file = (name: string, text: string) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, text);
  return p;
};
const tenant = () => ['--tenant', String(tenantId)];
interface Listed {
  contact_id: number;
  tenant_company_id: number;
  company_moniker: string;
  name: string;
  email: string | null;
  title: string | null;
  review_role: string;
  source: string;
  is_active: boolean;
}
const listed = () => cli.json<Listed[]>(['contacts', 'list', ...tenant(), '--inactive']);

beforeAll(async () => {
  cli = await cliSandbox();
  dir = fs.mkdtempSync(path.join(cli.dataDir, 'contacts-'));
  tenantId = (await cli.json<{ tenantId: number }>(['tenant', 'create', 'Contacts Import MSP'])).tenantId;
  const r = await cli.run(['import', 'companies', file('c.csv', 'moniker\nAcme Dental\nBravo Freight\n'), ...tenant()]);
  expect(r.code).toBe(0);
});
afterAll(async () => {
  await cli?.cleanup();
});

test('a bad row: the report names its line and every reason, exit 1, nothing is imported', async () => {
  const csv = [
    'Company,First Name,Last Name,E-mail,Role',
    'Acme Dental,Dana,Whitfield,dana@acme.example,Decision maker',
    'Nobody Inc,Sam,Stone,sam@nobody.example,Other',
    'acme dental,Miguel,Ortega,not-an-email,boss',
  ].join('\n');
  const r = await cli.run(['import', 'contacts', file('bad.csv', csv), ...tenant()]);
  expect(r.code).toBe(1);
  expect(r.stdout.trim().split('\n')).toEqual([
    `Nothing was imported into tenant ${tenantId}: 2 rows of 3 rejected.`,
    '2 rows rejected:',
    '  line 3: company: No company is named or numbered "Nobody Inc"',
    '  line 4: email: Invalid e-mail.; review_role: Must be one of: Decision maker, Technical contact, Billing contact, Other',
  ]);
  expect(r.stderr).toContain('2 rows are invalid; nothing was imported');
  expect(await listed()).toEqual([]);
});

test('--skip-invalid imports the valid rows with source csv; a repeat in the file is refused', async () => {
  const csv = [
    'company,first_name,last_name,email,title,review_role,is_active',
    'Acme Dental,Dana,Whitfield,dana@acme.example,Owner,decisionMaker,yes',
    'Bravo Freight,Ruth,Adeyemi,,Controller,billing contact,no',
    'ACME DENTAL,Dana,Again,DANA@acme.example,,,',
  ].join('\n');
  const report = await cli.json<Record<string, unknown>>([
    'import',
    'contacts',
    file('ok.csv', csv),
    ...tenant(),
    '--skip-invalid',
  ]);
  expect(report).toMatchObject({
    status: 'imported',
    total: 3,
    imported: 2,
    inserted: 2,
    updated: 0,
    rejected: [{ line: 4, reasons: ['email: "DANA@acme.example" appears again for Acme Dental (first on line 2)'] }],
  });
  const rows = await listed();
  expect(rows.map((c) => [c.company_moniker, c.name, c.review_role, c.is_active, c.source])).toEqual([
    ['Acme Dental', 'Dana Whitfield', 'decisionMaker', true, 'csv'],
    ['Bravo Freight', 'Ruth Adeyemi', 'billingContact', false, 'csv'],
  ]);
});

test('importing again updates the contacts it matches (by e-mail, else name); a company may be named by its id', async () => {
  const before = await listed();
  const bravoId = before[1].tenant_company_id;
  const csv = [
    'company,first_name,last_name,email,title',
    'Acme Dental,Dana,Whitfield-Park,DANA@ACME.EXAMPLE,Practice Owner',
    'Bravo Freight,Ruth,Adeyemi,ruth@bravo.example,',
    `${bravoId},Tom,Baker,tom@bravo.example,IT Manager`,
  ].join('\n');
  const r = await cli.run(['import', 'contacts', file('again.csv', csv), ...tenant()]);
  expect(r.code).toBe(0);
  expect(r.stdout.trim()).toBe(`Imported 3 rows of 3 as contacts into tenant ${tenantId}: 1 new, 2 updated.`);
  const after = await listed();
  expect(after).toHaveLength(3);
  const dana = after.find((c) => c.contact_id === before[0].contact_id)!;
  expect(dana).toMatchObject({ name: 'Dana Whitfield-Park', title: 'Practice Owner', review_role: 'decisionMaker' });
  const ruth = after.find((c) => c.contact_id === before[1].contact_id)!;
  expect(ruth).toMatchObject({ email: 'ruth@bravo.example', title: 'Controller', is_active: false });
  expect(after.find((c) => c.name === 'Tom Baker')).toMatchObject({ company_moniker: 'Bravo Freight', source: 'csv' });
  const table = await cli.run(['contacts', 'list', ...tenant(), '--company', 'bravo freight']);
  expect(table.stdout).toContain('Tom Baker');
  expect(table.stdout).not.toContain('Ruth Adeyemi'); // inactive: listed with --inactive only
  expect(table.stdout).not.toContain('Dana');
  const unknown = await cli.run(['contacts', 'list', ...tenant(), '--company', 'Nobody']);
  expect(unknown.code).toBe(1);
  expect(unknown.stderr).toContain(`No company of tenant ${tenantId} is named or numbered "Nobody".`);
});
