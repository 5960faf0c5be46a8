/** `lci import <kind> FILE.csv --tenant N` as a child process (the real CLI on a private data folder). */
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

beforeAll(async () => {
  cli = await cliSandbox();
  dir = fs.mkdtempSync(path.join(cli.dataDir, 'csv-'));
  tenantId = (await cli.json(['tenant', 'create', 'Import Test MSP'])).tenantId;
});
afterAll(async () => {
  await cli?.cleanup();
});

const companiesCsv = 'moniker,seats,air_only_flag\nAlpha Dental,12,no\nBravo Law,twelve,no\nCharlie Freight,40,yes\n';

test('a bad row: the report names its line and why, one error line, exit 1, nothing imported', async () => {
  const r = await cli.run(['import', 'companies', file('companies.csv', companiesCsv), '--tenant', String(tenantId)]);
  expect(r.code).toBe(1);
  expect(r.stdout.trim().split('\n')).toEqual([
    `Nothing was imported into tenant ${tenantId}: 1 row of 3 rejected.`,
    '1 row rejected:',
    '  line 3: seats: Must be a whole number, not "twelve"',
  ]);
  expect(r.stderr.trim()).toBe(
    'error: 1 row is invalid; nothing was imported (--skip-invalid imports the valid rows).',
  );
});

test('--skip-invalid --json imports the valid rows (all new: the failed run wrote nothing) and reports the rest', async () => {
  const report = await cli.json([
    'import',
    'companies',
    file('companies.csv', companiesCsv),
    '--tenant',
    String(tenantId),
    '--skip-invalid',
  ]);
  expect(report).toMatchObject({
    kind: 'companies',
    status: 'imported',
    total: 3,
    valid: 2,
    imported: 2,
    inserted: 2,
    updated: 0,
    skipInvalid: true,
  });
  expect(report.rejected).toEqual([{ line: 3, reasons: ['seats: Must be a whole number, not "twelve"'] }]);
});

test('contracts: --dry-run checks against the companies just imported and writes nothing; then the import', async () => {
  const csv = file(
    'contracts.csv',
    'company,vendor,end_date,notice_to_terminate_in_days\nAlpha Dental,Microsoft,2025-06-30,30\nBravo Law,Datto,2025-01-01,\n',
  );
  const dry = await cli.run(['import', 'contracts', csv, '--tenant', String(tenantId), '--dry-run', '--skip-invalid']);
  expect(dry.code).toBe(0);
  expect(dry.stdout).toContain(
    `Dry run: 1 row of 2 would be imported as contracts into tenant ${tenantId}; nothing was written.`,
  );
  expect(dry.stdout).toContain('  line 3: company: no company named "Bravo Law"');
  const text = await cli.ok(['import', 'contracts', csv, '--tenant', String(tenantId), '--skip-invalid']);
  expect(text.split('\n')[0]).toBe(`Imported 1 row of 2 as contracts into tenant ${tenantId}: 1 new, 0 updated.`);
});

test('usage errors name what is wrong: unknown kind, unreadable file, unknown tenant, unreadable CSV', async () => {
  const kind = await cli.run(['import', 'spaceships', file('x.csv', 'a\n1\n'), '--tenant', String(tenantId)]);
  expect(kind.code).not.toBe(0);
  const named = /^error: Unknown import kind "spaceships"; the kinds are (.+)\.$/.exec(kind.stderr.trim());
  expect(named?.[1].split(', ')).toEqual(expect.arrayContaining(['companies', 'contracts']));
  const missing = await cli.run(['import', 'companies', path.join(dir, 'nope.csv'), '--tenant', String(tenantId)]);
  expect(missing.stderr.trim()).toBe(`error: Cannot read ${path.join(dir, 'nope.csv')}: ENOENT`);
  const tenant = await cli.run(['import', 'companies', file('ok.csv', 'moniker\nZulu\n'), '--tenant', '999999']);
  expect(tenant.stderr.trim()).toBe('error: tenant 999999 does not exist');
  const columns = await cli.run([
    'import',
    'companies',
    file('cols.csv', 'company_size\n3\n'),
    '--tenant',
    String(tenantId),
  ]);
  expect(columns.code).not.toBe(0);
  expect(columns.stderr.trim()).toMatch(
    /^error: .*cols\.csv: Unknown column "company_size"; the columns are moniker, /,
  );
});

test('a NUL byte in a cell is a rejected row naming its column, never a database error; --skip-invalid imports the rest', async () => {
  const csv = file('nul.csv', 'moniker,locations\nNul\u0000 Dental,HQ\nEcho Clinic,Main\u0000 Office\nFoxtrot Labs,\n');
  const strict = await cli.run(['import', 'companies', csv, '--tenant', String(tenantId)]);
  expect(strict.code).toBe(1);
  expect(strict.stdout.trim().split('\n')).toEqual([
    `Nothing was imported into tenant ${tenantId}: 2 rows of 3 rejected.`,
    '2 rows rejected:',
    '  line 2: moniker: Text may not contain the NUL character.',
    '  line 3: locations: Text may not contain the NUL character.',
  ]);
  const r = await cli.run(['import', 'companies', csv, '--tenant', String(tenantId), '--skip-invalid']);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  expect(r.stdout.split('\n')[0]).toBe(`Imported 1 row of 3 as companies into tenant ${tenantId}: 1 new, 0 updated.`);
  expect(r.stdout + r.stderr).not.toMatch(/insert into|invalid byte sequence|0x00|select /i);
});
