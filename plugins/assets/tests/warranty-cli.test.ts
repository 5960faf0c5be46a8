/**
 * `lci assets warranty-refresh --tenant N [--company NAME_OR_ID] [--json]` on a private database: the offline default
 * (no vendor credentials) fills the Dell, Lenovo and HP assets' warranty from their purchase dates, prints the counts
 * (JSON and text), a rerun changes nothing, --company limits the run, and an unknown company is a clear error.
 */
import fs from 'node:fs';
import path from 'node:path';
import { cliSandbox, type CliSandbox } from '../../../tests/sdk';

jest.setTimeout(300_000);

let cli: CliSandbox;
let tenantId: number;
const tenant = () => ['--tenant', String(tenantId)];
interface Counts {
  runId: number;
  total: number;
  looked_up: number;
  updated: number;
  unchanged: number;
  not_found: number;
  failed: number;
  skipped: number;
}
const refresh = (...args: string[]) => cli.json<Counts>(['assets', 'warranty-refresh', ...tenant(), ...args]);
const listed = async () =>
  Object.fromEntries(
    (
      await cli.json<{ name: string; warranty_start: string | null; warranty_expiry: string | null }[]>([
        'assets',
        'list',
        ...tenant(),
      ])
    ).map((a) => [a.name, [a.warranty_start, a.warranty_expiry]]),
  );

beforeAll(async () => {
  cli = await cliSandbox();
  const dir = fs.mkdtempSync(path.join(cli.dataDir, 'warranty-'));
  const file = (name: string, lines: string[]) => {
    const p = path.join(dir, name);
    fs.writeFileSync(p, lines.join('\n'));
    return p;
  };
  tenantId = (await cli.json<{ tenantId: number }>(['tenant', 'create', 'Warranty CLI MSP'])).tenantId;
  expect(
    (await cli.run(['import', 'companies', file('c.csv', ['moniker', 'Acme Dental', 'Bravo Freight']), ...tenant()]))
      .code,
  ).toBe(0);
  const assets = [
    'company,name,serial,make,purchase_date,warranty_expiry',
    'Acme Dental,Desk 1,D1,Dell Inc.,2023-03-15,',
    'Acme Dental,Laptop 1,L1,LENOVO,2024-01-31,',
    'Acme Dental,Mac 1,M1,Apple,2024-01-01,',
    'Acme Dental,Server 1,D2,Dell,2022-05-01,2027-05-01',
    'Bravo Freight,PC 1,H1,HP,2021-07-01,',
    'Bravo Freight,PC 2,,HP,,',
  ];
  const r = await cli.run(['import', 'assets', file('a.csv', assets), ...tenant()]);
  expect(r.code).toBe(0);
});
afterAll(async () => {
  await cli?.cleanup();
});

test('--company runs one company: its HP asset with a purchase date is filled, the bare one skipped', async () => {
  const counts = await refresh('--company', 'bravo freight');
  expect(counts).toMatchObject({ total: 2, looked_up: 1, updated: 1, unchanged: 0, failed: 0, skipped: 1 });
  const rows = await listed();
  expect(rows['PC 1']).toEqual(['2021-07-01', '2024-07-01']);
  expect(rows['Desk 1']).toEqual([null, null]);
});

test('the whole tenant: offline defaults from purchase dates, a known expiry kept; counts in JSON and text', async () => {
  const counts = await refresh();
  expect(counts).toMatchObject({
    total: 6,
    looked_up: 4,
    updated: 3,
    unchanged: 1,
    not_found: 0,
    failed: 0,
    skipped: 2,
  });
  const rows = await listed();
  expect(rows['Desk 1']).toEqual(['2023-03-15', '2026-03-15']);
  expect(rows['Laptop 1']).toEqual(['2024-01-31', '2027-01-31']);
  // The imported expiry stays (only missing dates are filled); its missing start is filled.
  expect(rows['Server 1']).toEqual(['2022-05-01', '2027-05-01']);
  expect(rows['Mac 1']).toEqual([null, null]);

  const again = await cli.run(['assets', 'warranty-refresh', ...tenant()]);
  expect(again.code).toBe(0);
  expect(again.stdout).toMatch(
    /^Warranty lookup of tenant \d+ \(run \d+\): 4 looked up, 0 updated, 4 unchanged, 0 not found, 0 failed; 2 of 6 assets skipped/,
  );
  // The progress bar is drawn on a terminal only: nothing on stderr for a script.
  expect(again.stderr).toBe('');
});

test('an unknown company or tenant is a clear error', async () => {
  const r = await cli.run(['assets', 'warranty-refresh', ...tenant(), '--company', 'Nobody Inc']);
  expect(r.code).not.toBe(0);
  expect(r.stderr).toContain('No company of tenant');
  const t = await cli.run(['assets', 'warranty-refresh', '--tenant', '999999']);
  expect(t.code).not.toBe(0);
  expect(t.stderr).toContain('tenant 999999 does not exist');
});
