/**
 * `lci stack export|import` and `lci import alignment FILE.csv` as child processes (the real CLI): dry run, import
 * report, round trip into another tenant, CSV export, problems with their paths (exit 1), usage errors (exit 2), and
 * the alignment import's per-row report.
 */
import fs from 'node:fs';
import path from 'node:path';
import { cliSandbox, type CliSandbox } from '../../../tests/sdk';

jest.setTimeout(600_000);

let cli: CliSandbox;
let a: number;
let b: number;
let dir: string;
const file = (name: string, text: string) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, text);
  return p;
};

const STACK = {
  version: 1,
  categories: [{ moniker: 'Security', sort: 0 }],
  tags: [{ moniker: 'M365', color: '#0078d4' }],
  services: [
    {
      moniker: 'Email Security',
      description: 'Filtering, "quoted"',
      category: 'Security',
      tags: ['M365'],
      products: [
        { moniker: 'Proofpoint', calcType: 'perSeatPerMonth', chargeEstimate: 3.5, preferredFlag: 1 },
        { moniker: 'Legacy filter', calcType: 'perMonth', chargeEstimate: 20, activeFlag: 0 },
      ],
    },
    { moniker: 'Cloud Backup', defaultCalcType: 'perMonth', defaultChargeEstimate: 99 },
  ],
};

beforeAll(async () => {
  cli = await cliSandbox();
  dir = fs.mkdtempSync(path.join(cli.dataDir, 'stack-'));
  a = (await cli.json(['tenant', 'create', 'Stack CLI MSP', '--modules', 'Core,Customer Success'])).tenantId;
  b = (await cli.json(['tenant', 'create', 'Stack CLI Copy', '--modules', 'Core,Customer Success'])).tenantId;
});
afterAll(async () => {
  await cli?.cleanup();
});

test('import: a dry run writes nothing; the import reports what it created; a round trip into another tenant exports equal', async () => {
  const doc = file('stack.json', JSON.stringify(STACK));
  const dry = await cli.run(['stack', 'import', doc, '--tenant', String(a), '--dry-run']);
  expect(dry.code).toBe(0);
  expect(dry.stdout.split('\n')[0]).toBe(
    `Dry run: importing ${doc} into tenant ${a} would give 1 category (1 new, 0 updated), 1 tag (1 new, 0 updated), 2 services (2 new, 0 updated), 2 products (2 new, 0 updated); nothing was written.`,
  );
  expect(JSON.parse(await cli.ok(['stack', 'export', '--tenant', String(a)]))).toEqual({
    version: 1,
    categories: [],
    tags: [],
    services: [],
  });

  const report = await cli.json(['stack', 'import', doc, '--tenant', String(a)]);
  expect(report).toMatchObject({
    tenantId: a,
    status: 'imported',
    problems: [],
    created: {
      categories: ['Security'],
      tags: ['M365'],
      services: ['Email Security', 'Cloud Backup'],
      products: ['Email Security / Proofpoint', 'Email Security / Legacy filter'],
    },
  });

  const fromA = path.join(dir, 'a.json');
  expect((await cli.ok(['stack', 'export', '--tenant', String(a), '--out', fromA])).trim()).toBe(
    `Exported 1 category, 1 tag, 2 services and 2 products of tenant ${a} to ${fromA} (json).`,
  );
  const text = await cli.ok(['stack', 'import', fromA, '--tenant', String(b)]);
  expect(text.split('\n')).toEqual(
    expect.arrayContaining([
      `Imported ${fromA} into tenant ${b}: 1 category (1 new, 0 updated), 1 tag (1 new, 0 updated), 2 services (2 new, 0 updated), 2 products (2 new, 0 updated).`,
      '  new service: Cloud Backup',
    ]),
  );
  const fromB = await cli.ok(['stack', 'export', '--tenant', String(b), '--format', 'json']);
  expect(JSON.parse(fromB)).toEqual(JSON.parse(fs.readFileSync(fromA, 'utf8')));
  expect(JSON.parse(fromB).services[0]).toMatchObject({
    moniker: 'Email Security',
    category: 'Security',
    tags: ['M365'],
    products: [
      { moniker: 'Proofpoint', preferredFlag: 1, activeFlag: 1 },
      { moniker: 'Legacy filter', activeFlag: 0 },
    ],
  });
});

test('export as CSV: one row per product, a service without products one row', async () => {
  const csv = (await cli.ok(['stack', 'export', '--tenant', String(b), '--format', 'csv'])).split('\r\n');
  expect(csv[0]).toBe(
    'service,service_description,category,tags,service_sort,service_order,default_applicable,default_alignment,default_part_of_contract,default_charge_estimate,default_calc_type,product,product_description,calc_type,charge_estimate,preferred,product_active,product_sort',
  );
  expect(csv.slice(1, 4)).toEqual([
    'Email Security,"Filtering, ""quoted""",Security,M365,0,0,yes,fully,no,0.00,adhoc,Proofpoint,,perSeatPerMonth,3.50,yes,yes,0',
    'Email Security,"Filtering, ""quoted""",Security,M365,0,0,yes,fully,no,0.00,adhoc,Legacy filter,,perMonth,20.00,no,no,1',
    'Cloud Backup,,,,1,0,yes,fully,no,99.00,perMonth,,,,,,,',
  ]);
  expect(csv.slice(4)).toEqual(['']);
});

test('a document with problems: each with its path, exit 1, nothing written; usage errors exit 2', async () => {
  const bad = file(
    'bad.json',
    JSON.stringify({
      version: 1,
      tags: [{ moniker: 'X', color: 'blue' }],
      services: [
        {
          moniker: 'New one',
          category: 'Nowhere',
          products: [{ moniker: 'P', calcType: 'weekly', chargeEstimate: 1 }],
        },
      ],
    }),
  );
  const r = await cli.run(['stack', 'import', bad, '--tenant', String(b)]);
  expect(r.code).toBe(1);
  expect(r.stdout.trim().split('\n')).toEqual([
    `Nothing was imported into tenant ${b}: 2 problems in ${bad}.`,
    '  tags.0.color: Must be a colour #rrggbb',
    '  services.0.products.0.calcType: Must be one of adhoc, perSeat, perSeatPerMonth, perSeatPerYear, perMonth, perYear',
  ]);
  expect(r.stderr.trim()).toBe('error: The stack document has 2 problems; nothing was imported.');
  const unknown = await cli.run([
    'stack',
    'import',
    file('ref.json', JSON.stringify({ version: 1, services: [{ moniker: 'New one', category: 'Nowhere' }] })),
    '--tenant',
    String(b),
    '--json',
  ]);
  expect(unknown.code).toBe(1);
  expect(JSON.parse(unknown.stdout)).toEqual({
    tenantId: b,
    status: 'rejected',
    problems: [{ path: 'services.0.category', message: 'No category named "Nowhere" in the document or the tenant' }],
  });
  expect(
    JSON.parse(await cli.ok(['stack', 'export', '--tenant', String(b)])).services.map(
      (s: { moniker: string }) => s.moniker,
    ),
  ).toEqual(['Email Security', 'Cloud Backup']);

  const format = await cli.run(['stack', 'export', '--tenant', String(b), '--format', 'xml']);
  expect(format.code).toBe(2);
  expect(format.stderr).toMatch(/^error: .*--format.*xml.*json, csv/);
  const missing = await cli.run(['stack', 'import', path.join(dir, 'nope.json'), '--tenant', String(b)]);
  expect(missing.code).toBe(2);
  expect(missing.stderr.trim()).toBe(`error: Cannot read ${path.join(dir, 'nope.json')}: ENOENT`);
  const noTenant = await cli.run(['stack', 'export']);
  expect(noTenant.code).toBe(2);
  expect(noTenant.stderr).toMatch(/^error: .*--tenant/);
});

test('lci import alignment: rows rejected by line, then the file imports', async () => {
  await cli.ok([
    'import',
    'companies',
    file('companies.csv', 'moniker,seats\nAcme Dental,10\nBravo Law,3\n'),
    '--tenant',
    String(a),
  ]);
  const bad = await cli.run([
    'import',
    'alignment',
    file(
      'bad.csv',
      'company,service,alignment,applicable\nAcme Dental,email security,partial,yes\nNobody,Cloud Backup,fully,\nAcme Dental,Email Security,other,\nBravo Law,Firewall,fully,maybe\n',
    ),
    '--tenant',
    String(a),
  ]);
  expect(bad.code).toBe(1);
  expect(bad.stdout.trim().split('\n')).toEqual([
    `Nothing was imported into tenant ${a}: 3 rows of 4 rejected.`,
    '3 rows rejected:',
    '  line 3: company: no company named "Nobody"',
    '  line 4: company, service: Acme Dental / Email Security appears already on line 2',
    '  line 5: applicable: Must be true or false (yes/no, 1/0), not "maybe"',
  ]);
  const good = file(
    'good.csv',
    'company,service,alignment,applicable,part_of_contract,note\nAcme Dental,email security,partial,yes,no,Renewal in March\nBravo Law,Cloud Backup,other,0,1,\n',
  );
  expect(await cli.json(['import', 'alignment', good, '--tenant', String(a)])).toMatchObject({
    kind: 'alignment',
    status: 'imported',
    total: 2,
    inserted: 2,
    updated: 0,
    rejected: [],
  });
  expect((await cli.ok(['import', 'alignment', good, '--tenant', String(a)])).split('\n')[0]).toBe(
    `Imported 2 rows of 2 as stack alignment into tenant ${a}: 0 new, 2 updated.`,
  );
});
