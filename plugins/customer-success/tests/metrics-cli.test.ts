/** `lci import tickets|csat FILE.csv --tenant N` and `lci cs recalc --tenant N` as child processes (the real CLI). */
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
  tenantId = (await cli.json(['tenant', 'create', 'Metrics CLI MSP', '--modules', 'Core,Customer Success'])).tenantId;
  await cli.ok([
    'import',
    'companies',
    file('companies.csv', 'moniker,seats\nAcme Dental,10\nBravo Law,3\n'),
    '--tenant',
    String(tenantId),
  ]);
});
afterAll(async () => {
  await cli?.cleanup();
});

test('tickets: a bad row is reported by line and nothing is imported; then the file imports, and again as updates', async () => {
  const bad = file(
    'bad.csv',
    'company,ticket_number,opened,ticket_table\nAcme Dental,100,2024-11-04,cwtickets\nNobody,101,2024-11-05,\nBravo Law,102,yesterday,\n',
  );
  const r = await cli.run(['import', 'tickets', bad, '--tenant', String(tenantId)]);
  expect(r.code).toBe(1);
  expect(r.stdout.trim().split('\n')).toEqual([
    `Nothing was imported into tenant ${tenantId}: 2 rows of 3 rejected.`,
    '2 rows rejected:',
    '  line 3: company: no company named "Nobody"',
    '  line 4: opened: Must be a date (YYYY-MM-DD) or date and time (YYYY-MM-DDTHH:MM), not "yesterday"',
  ]);
  const good = file(
    'good.csv',
    'company,ticket_number,opened,ticket_table\nAcme Dental,100,2024-11-04T09:30,cwtickets\nBravo Law,102,2024-11-05,\n',
  );
  const first = await cli.json(['import', 'tickets', good, '--tenant', String(tenantId)]);
  expect(first).toMatchObject({ kind: 'tickets', status: 'imported', total: 2, inserted: 2, updated: 0 });
  const again = await cli.ok(['import', 'tickets', good, '--tenant', String(tenantId)]);
  expect(again.split('\n')[0]).toBe(`Imported 2 rows of 2 as tickets into tenant ${tenantId}: 0 new, 2 updated.`);
});

test('csat: ratings as positive/neutral/negative or 1/0/-1', async () => {
  const csv = file(
    'csat.csv',
    'company,response_id,rating,responded\nAcme Dental,sb-1,1,2024-11-05\nAcme Dental,sb-2,negative,2024-11-06T10:00:00+02:00\n',
  );
  expect(await cli.json(['import', 'csat', csv, '--tenant', String(tenantId)])).toMatchObject({
    kind: 'csat',
    status: 'imported',
    inserted: 2,
  });
});

test('lci cs recalc recalculates every active company of the tenant; a bad tenant id is refused', async () => {
  const r = await cli.json(['cs', 'recalc', '--tenant', String(tenantId)]);
  expect(r).toMatchObject({ tenantId, companies: 2, values: 0 });
  expect(r.month).toMatch(/^\d{4}-\d{2}-01$/);
  const text = await cli.ok(['cs', 'recalc', '--tenant', String(tenantId)]);
  expect(text.trim()).toMatch(
    new RegExp(`^Tenant ${tenantId}: 2 companies recalculated \\(0 metric values, history month \\d{4}-\\d{2}\\)\\.$`),
  );
  const bad = await cli.run(['cs', 'recalc', '--tenant', 'x']);
  expect(bad.code).not.toBe(0);
  expect(bad.stderr).toMatch(/^error: .*--tenant.*positive whole number/);
  const missing = await cli.run(['cs', 'recalc', '--tenant', '999999']);
  expect(missing.code).not.toBe(0);
  expect(missing.stderr.trim()).toBe('error: tenant 999999 does not exist');
});
