/**
 * Stack document import (server/stack/stack-io-import.ts) against a real database: upsert by names, counts of what
 * changed, a second import changes nothing, ambiguous names stop everything, progress; and the alignment CSV import
 * kind through the import API (versions rise only on change, notes once).
 */
import { startTestServer, type TestServer } from '../../../tests/sdk';
import { makeTenant, type TestTenant } from '../../../tests/sdk';
import { validateStackDocument, type StackDocument } from '../shared/stack-io';
import { loadStackDocument } from '../server/stack/stack-io-export';
import { importStackDocument, StackImportError } from '../server/stack/stack-io-import';

jest.setTimeout(300_000);

let s: TestServer;
let a: TestTenant;
let b: TestTenant;

const doc = (input: unknown, known = { categories: [] as string[], tags: [] as string[] }): StackDocument => {
  const r = validateStackDocument(input, known);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.doc;
};

const STACK = doc({
  version: 1,
  categories: [
    { moniker: 'Security', sort: 0 },
    { moniker: 'Backup', sort: 1 },
  ],
  tags: [{ moniker: 'M365', color: '#0078D4' }],
  services: [
    {
      moniker: 'Email Security',
      category: 'Security',
      tags: ['M365'],
      sort: 0,
      products: [
        { moniker: 'Proofpoint', calcType: 'perSeatPerMonth', chargeEstimate: 3.5, preferredFlag: 1 },
        { moniker: 'Mimecast', calcType: 'perSeatPerMonth', chargeEstimate: 4 },
      ],
    },
    {
      moniker: 'Cloud Backup',
      category: 'Backup',
      sort: 1,
      defaultAlignment: 'other',
      defaultChargeEstimate: 99,
      defaultCalcType: 'perMonth',
    },
  ],
});

const imp = (t: TestTenant, d: StackDocument, opts = {}) =>
  s.k.db.withTenant(t.tenantId, (trx) => importStackDocument(trx, t.tenantId, d, opts));
const exp = (t: TestTenant) => s.k.db.withTenant(t.tenantId, (trx) => loadStackDocument(trx));
const importCsv = (t: TestTenant, kind: string, csv: string, extra = {}) =>
  t.api('POST', `/v3/tenant/${t.tenantId}/import/${kind}`, { csv, ...extra });

beforeAll(async () => {
  s = await startTestServer({ plugins: ['stack-manager'], jobs: false });
  a = await makeTenant(s.k, s.url);
  b = await makeTenant(s.k, s.url);
}, 300_000);
afterAll(async () => s?.stop());

test('import creates everything by name; the same document again changes nothing; export reads it back', async () => {
  const progress: [number, number][] = [];
  const first = await imp(a, STACK, { chunk: 1, onProgress: (d: number, t: number) => progress.push([d, t]) });
  expect(first.created).toEqual({
    categories: ['Security', 'Backup'],
    tags: ['M365'],
    services: ['Email Security', 'Cloud Backup'],
    products: ['Email Security / Proofpoint', 'Email Security / Mimecast'],
  });
  expect(progress).toEqual([
    [0, 2],
    [1, 2],
    [2, 2],
  ]);
  const again = await imp(a, STACK);
  expect(again.created).toEqual({ categories: [], tags: [], services: [], products: [] });
  expect(again.updated).toEqual({ categories: [], tags: [], services: [], products: [] });
  expect(again.unchanged).toEqual({ categories: 2, tags: 1, services: 2, products: 2 });
  const out = await exp(a);
  expect(out.tags).toEqual([{ moniker: 'M365', color: '#0078d4' }]);
  expect(
    out.services.map((x) => [
      x.moniker,
      x.category,
      x.tags,
      x.products?.map((p) => [p.moniker, p.preferredFlag, p.activeFlag]),
    ]),
  ).toEqual([
    [
      'Email Security',
      'Security',
      ['M365'],
      [
        ['Proofpoint', 1, 1],
        ['Mimecast', 0, 1],
      ],
    ],
    ['Cloud Backup', 'Backup', [], []],
  ]);
  expect(out.services[1]).toMatchObject({
    defaultAlignment: 'other',
    defaultChargeEstimate: 99,
    defaultCalcType: 'perMonth',
  });
});

test('upsert: names match case-insensitively, changed fields update, fields left out stay, nothing is deleted', async () => {
  const r = await imp(
    a,
    doc(
      {
        version: 1,
        tags: [{ moniker: 'm365', color: '#0078d4' }, { moniker: 'Regulated' }],
        services: [
          {
            moniker: 'EMAIL SECURITY',
            tags: ['Regulated'],
            products: [
              { moniker: 'proofpoint', calcType: 'perSeatPerMonth', chargeEstimate: 3.75 },
              { moniker: 'Avanan', calcType: 'perSeat', chargeEstimate: 10 },
            ],
          },
          { moniker: 'Firewall', category: 'Security' },
        ],
      },
      { categories: ['security'], tags: [] },
    ),
  );
  expect(r.created).toEqual({
    categories: [],
    tags: ['Regulated'],
    services: ['Firewall'],
    products: ['EMAIL SECURITY / Avanan'],
  });
  expect(r.updated).toEqual({
    categories: [],
    tags: ['m365'],
    services: ['EMAIL SECURITY'],
    products: ['EMAIL SECURITY / proofpoint'],
  });
  const out = await exp(a);
  const email = out.services.find((x) => x.moniker === 'EMAIL SECURITY')!;
  expect(email).toMatchObject({ category: 'Security', tags: ['Regulated'] });
  expect(email.products!.map((p) => [p.moniker, p.chargeEstimate, p.preferredFlag])).toEqual([
    ['proofpoint', 3.75, 1],
    ['Mimecast', 4, 0],
    ['Avanan', 10, 0],
  ]);
  expect(out.services.map((x) => x.moniker)).toEqual(['EMAIL SECURITY', 'Cloud Backup', 'Firewall']); // a new service goes last
});

test('a name two active services share stops the import before anything is written', async () => {
  await s.k.db.withTenant(b.tenantId, async (trx) => {
    await trx('cs_stack_services').insert([
      { tenant_id: b.tenantId, moniker: 'Twin' },
      { tenant_id: b.tenantId, moniker: 'twin' },
    ]);
  });
  const bad = doc({ version: 1, categories: [{ moniker: 'New category' }], services: [{ moniker: 'TWIN' }] });
  const err = await imp(b, bad).catch((e) => e);
  expect(err).toBeInstanceOf(StackImportError);
  expect(err.problems).toEqual([
    {
      path: 'services.0.moniker',
      message: '2 active services of the tenant are named "TWIN": rename one in the Stack Manager first',
    },
  ]);
  expect((await exp(b)).categories).toEqual([]);
});

test('alignment CSV import: unknown names and duplicate pairs rejected by line; values stored; versions and notes', async () => {
  expect((await importCsv(a, 'companies', 'moniker,seats\nAcme Dental,10\nBravo Law,3\n')).status).toBe(200);
  const bad = await importCsv(
    a,
    'alignment',
    'company,service,alignment\nAcme Dental,Email security,fully\nNobody,Nothing,partial\nacme dental,EMAIL SECURITY,other\nBravo Law,Firewall,mostly\n',
  );
  expect(bad.status).toBe(400);
  expect(bad.body.error.report).toMatchObject({ status: 'rejected', imported: 0 });
  expect(bad.body.error.report.rejected).toEqual([
    { line: 3, reasons: ['company: no company named "Nobody"', 'service: no stack service named "Nothing"'] },
    { line: 4, reasons: ['company, service: acme dental / EMAIL SECURITY appears already on line 2'] },
    { line: 5, reasons: ['alignment: Must be one of: fully, partial, other'] },
  ]);
  const csv =
    'company,service,alignment,applicable,part_of_contract,note\nAcme Dental,email security,partial,,yes,Renewal in March\nBravo Law,Firewall,other,no,,\n';
  const ok = await importCsv(a, 'alignment', csv);
  expect(ok.body.report).toMatchObject({ status: 'imported', inserted: 2, updated: 0 });
  const acme = (
    await s.k.db.withTenant(a.tenantId, (trx) =>
      trx('tenant_companies').where({ moniker: 'Acme Dental' }).first('tenant_company_id'),
    )
  ).tenant_company_id;
  const get = async () =>
    (await a.api('GET', `/v3/cs/tenant/${a.tenantId}/cs/TenantCompanyStackAlignment?tenantCompanyId=${acme}`)).body;
  const item = (body: any) => body.tenantCompanyStackAlignments.find((x: any) => x.moniker === 'EMAIL SECURITY');
  const one = await get();
  expect(item(one)).toMatchObject({
    alignment: 'partial',
    applicableFlag: 1,
    partOfContractFlag: 1,
    stored: 1,
    version: 1,
  });
  expect(one.linkTables.tenantNotes.map((n: any) => [n.typeRefId, n.note])).toEqual([
    [item(one).serviceId, 'Renewal in March'],
  ]);
  // The same file again: counted as updates, nothing changes (version, one note).
  expect((await importCsv(a, 'alignment', csv)).body.report).toMatchObject({
    status: 'imported',
    inserted: 0,
    updated: 2,
  });
  const two = await get();
  expect(item(two).version).toBe(1);
  expect(two.linkTables.tenantNotes).toHaveLength(1);
  // A changed value raises the version.
  await importCsv(a, 'alignment', 'company,service,alignment\nAcme Dental,Email Security,fully\n');
  expect(item(await get())).toMatchObject({ alignment: 'fully', applicableFlag: 1, partOfContractFlag: 0, version: 2 });
});
