/**
 * `lci import assets FILE.csv --tenant N [--skip-invalid]` and `lci assets list` (issue 17 part E) on a private
 * database: the import's report (rejected rows by line, nothing written without --skip-invalid), merging by make +
 * serial, then the list with its filters (company by name or id, lifecycle states by name or short name, as of a
 * day), the table and --json, and clear errors for an unknown company or state.
 */
import fs from 'node:fs';
import path from 'node:path';
import { cliSandbox, type CliSandbox } from '../../../tests/sdk';

jest.setTimeout(300_000);

let cli: CliSandbox;
let tenantId: number;
let dir: string;
const AS_OF = '2026-06-15';
const file = (name: string, lines: string[]) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, lines.join('\n'));
  return p;
};
const tenant = () => ['--tenant', String(tenantId)];
interface Listed {
  asset_id: number;
  tenant_company_id: number;
  company_moniker: string;
  name: string;
  serial: string | null;
  warranty_expiry: string | null;
  lifecycle_state: string;
  source: string;
}
const list = (...args: string[]) => cli.json<Listed[]>(['assets', 'list', ...tenant(), '--as-of', AS_OF, ...args]);
const names = (rows: Listed[]) => rows.map((r) => r.name).sort();

beforeAll(async () => {
  cli = await cliSandbox();
  dir = fs.mkdtempSync(path.join(cli.dataDir, 'assets-'));
  tenantId = (await cli.json<{ tenantId: number }>(['tenant', 'create', 'Assets CLI MSP'])).tenantId;
  const r = await cli.run([
    'import',
    'companies',
    file('c.csv', ['moniker', 'Acme Dental', 'Bravo Freight']),
    ...tenant(),
  ]);
  expect(r.code).toBe(0);
});
afterAll(async () => {
  await cli?.cleanup();
});

const HEADER = 'company,name,serial,make,purchase_date,warranty_expiry,eol_date';

test('lci import --help lists the assets kind and its columns', async () => {
  const help = await cli.run(['import', '--help']);
  expect(help.stdout).toMatch(/assets\s+company\*, name, asset_type, status, serial, make, model, purchase_date/);
});

test('a bad row: the report names its line and why, exit 1, nothing is imported', async () => {
  const r = await cli.run([
    'import',
    'assets',
    file('bad.csv', [HEADER, 'Acme Dental,ACME-01,S1,Dell,2024-01-01,2027-01-01,', 'Nobody,X,S2,HP,,2020-13-01,']),
    ...tenant(),
  ]);
  expect(r.code).toBe(1);
  expect(r.stdout.trim().split('\n')).toEqual([
    `Nothing was imported into tenant ${tenantId}: 1 row of 2 rejected.`,
    '1 row rejected:',
    '  line 3: warranty_expiry: Must be a real date (YYYY-MM-DD)',
  ]);
  expect(await list()).toEqual([]);
});

test('--skip-invalid imports the valid rows; rows with a known make + serial are merged', async () => {
  const r = await cli.run([
    'import',
    'assets',
    file('ok.csv', [
      HEADER,
      'Acme Dental,ACME-01,S1,Dell,2024-01-01,2027-01-01,', // healthy on AS_OF
      'Acme Dental,ACME-02,S2,Dell,2021-01-01,2024-01-01,', // out of warranty
      'Bravo Freight,BRAVO-01,S3,HP,2019-01-01,2022-01-01,2026-01-31', // end of life reached
      'Bravo Freight,BRAVO-02,,,,,', // nothing known
      'Nobody,X,S9,HP,,,',
      'acme dental,,s 1,DELL,2023-06-01,,', // the same as ACME-01: merged (earliest purchase date)
    ]),
    ...tenant(),
    '--skip-invalid',
  ]);
  expect(r.code).toBe(0);
  expect(r.stdout).toContain(`Imported 5 rows of 6 as assets into tenant ${tenantId}: 4 new, 1 updated.`);
  expect(r.stdout).toContain('line 6: company: No company is named or numbered "Nobody"');
  const rows = await list();
  expect(names(rows)).toEqual(['ACME-01', 'ACME-02', 'BRAVO-01', 'BRAVO-02']);
  expect(rows.every((x) => x.source === 'csv')).toBe(true);
});

test('list: company by name or id, lifecycle states by name or short name, the table', async () => {
  expect(names(await list('--company', 'ACME DENTAL'))).toEqual(['ACME-01', 'ACME-02']);
  const bravo = (await list('--company', 'bravo freight'))[0].tenant_company_id;
  expect(names(await list('--company', String(bravo)))).toEqual(['BRAVO-01', 'BRAVO-02']);

  expect(names(await list('--state', 'expired'))).toEqual(['ACME-02']);
  expect(names(await list('--state', 'eol,unknown'))).toEqual(['BRAVO-01', 'BRAVO-02']);
  expect(names(await list('--state', 'healthy', '--state', 'out-of-warranty'))).toEqual(['ACME-01', 'ACME-02']);
  expect(names(await list('--state', 'eol_reached', '--company', 'Acme Dental'))).toEqual([]);
  // The state is as of the day asked: before its warranty ended, ACME-02 was healthy.
  expect(
    names(await cli.json<Listed[]>(['assets', 'list', ...tenant(), '--as-of', '2023-06-01', '--state', 'healthy'])),
  ).toEqual(['ACME-01', 'ACME-02']);

  const table = await cli.ok(['assets', 'list', ...tenant(), '--as-of', AS_OF, '--company', 'Acme Dental']);
  const lines = table.trim().split('\n');
  expect(lines[0].split(/\s{2,}/)).toEqual([
    'ID',
    'COMPANY',
    'NAME',
    'TYPE',
    'MAKE',
    'MODEL',
    'SERIAL',
    'WARRANTY',
    'EOL',
    'STATE',
  ]);
  expect(lines).toHaveLength(3);
  expect(table).toMatch(/ACME-02 .*2024-01-01\s+Out of warranty/);
  expect(table).toMatch(/ACME-01 .*2027-01-01\s+Healthy/);
  expect(await cli.ok(['assets', 'list', ...tenant(), '--state', 'expiring'])).toContain('No assets.');
});

test('list: an unknown company or state is a clear error', async () => {
  const company = await cli.run(['assets', 'list', ...tenant(), '--company', 'Nobody']);
  expect(company.code).toBe(1);
  expect(company.stderr).toContain(`No company of tenant ${tenantId} is named or numbered "Nobody".`);
  const state = await cli.run(['assets', 'list', ...tenant(), '--state', 'broken']);
  expect(state.code).not.toBe(0);
  expect(state.stderr).toContain('"broken" is not a lifecycle state');
  const missing = await cli.run(['assets', 'list']);
  expect(missing.code).not.toBe(0);
  expect(missing.stderr).toContain('--tenant');
});

test('list --due-soon N: due for replacement after the day and within N days; overdue left out; other N refused', async () => {
  const at = (day: string, n: string) =>
    cli.json<Listed[]>(['assets', 'list', ...tenant(), '--as-of', day, '--due-soon', n]);
  // BRAVO-01's end of life is 2026-01-31: 61 days after 2025-12-01, 91 after 2025-11-01, overdue on AS_OF.
  expect(names(await at('2025-12-01', '90'))).toEqual(['BRAVO-01']);
  expect(names(await at('2025-11-01', '90'))).toEqual([]);
  expect(names(await at('2025-11-01', '120'))).toEqual(['BRAVO-01']);
  expect(names(await at(AS_OF, '365'))).toEqual([]);
  const bad = await cli.run(['assets', 'list', ...tenant(), '--due-soon', '30']);
  expect(bad.code).not.toBe(0);
  expect(bad.stderr).toContain('must be one of 90, 120, 180, 365');
});
