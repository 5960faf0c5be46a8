/** CSV imports over HTTP: companies and contracts, the validation report, nothing half-imported, skipInvalid, dryRun, isolation. */
import { makeTenant, startTestServer, type TestServer, type TestTenant } from '../../../tests/sdk';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;

const base = (t: TestTenant) => `/v3/tenant/${t.tenantId}`;
const importCsv = (t: TestTenant, kind: string, csv: string, extra: Record<string, unknown> = {}) =>
  t.api('POST', `${base(t)}/import/${kind}`, { csv, ...extra });
const companies = async (t: TestTenant) => (await t.api('GET', `${base(t)}/companies`)).body.companies as any[];

beforeAll(async () => {
  s = await startTestServer({ plugins: ['companies'] });
  a = await makeTenant(s.k, s.url);
  b = await makeTenant(s.k, s.url);
});
afterAll(async () => s?.stop());

test('the kinds list their columns (required ones marked)', async () => {
  const r = await a.api('GET', `${base(a)}/import`);
  expect(r.status).toBe(200);
  const kinds = r.body.kinds.map((k: any) => k.kind);
  expect(kinds).toEqual(expect.arrayContaining(['companies', 'contracts']));
  const c = r.body.kinds.find((k: any) => k.kind === 'companies');
  expect(c.columns.filter((x: any) => x.required).map((x: any) => x.name)).toEqual(['moniker']);
  expect(c.columns.map((x: any) => x.name)).toEqual([
    'moniker',
    'is_active',
    'assessment_only_flag',
    'air_only_flag',
    'seats',
    'locations',
  ]);
});

test('one bad row: 400 with the report naming its line and why; nothing is imported', async () => {
  const csv = 'moniker,seats,air_only_flag\nAlpha,10,no\nBravo,lots,no\nCharlie,5,maybe\n';
  const r = await importCsv(a, 'companies', csv);
  expect(r.status).toBe(400);
  expect(r.body.error.code).toBe('import_rejected');
  expect(r.body.error.message).toBe('2 rows are invalid; nothing was imported.');
  expect(r.body.error.report).toMatchObject({
    status: 'rejected',
    total: 3,
    valid: 1,
    imported: 0,
    rejected: [
      { line: 3, reasons: ['seats: Must be a whole number, not "lots"'] },
      { line: 4, reasons: ['air_only_flag: Must be true or false (yes/no, 1/0), not "maybe"'] },
    ],
  });
  expect(await companies(a)).toEqual([]);
});

test('dryRun reports without writing; skipInvalid imports the valid rows and reports the rest', async () => {
  const csv = 'Name,Seats,Locations\nAlpha,10,HQ; Annex\nBravo,lots,\nalpha,3,\n';
  const dry = await importCsv(a, 'companies', csv, { dryRun: true });
  expect(dry.status).toBe(200);
  expect(dry.body.report).toMatchObject({
    status: 'dry-run',
    valid: 1,
    imported: 0,
    rejected: [{ line: 3 }, { line: 4, reasons: ['moniker: "alpha" appears again (first on line 2)'] }],
  });
  expect(await companies(a)).toEqual([]);

  const r = await importCsv(a, 'companies', csv, { skipInvalid: true });
  expect(r.status).toBe(200);
  expect(r.body.report).toMatchObject({ status: 'imported', total: 3, valid: 1, imported: 1, inserted: 1, updated: 0 });
  expect(r.body.report.rejected.map((x: any) => x.line)).toEqual([3, 4]);
  const [alpha] = await companies(a);
  expect(alpha).toMatchObject({ moniker: 'Alpha', seats: 10, is_active: true });
  const locs = (await a.api('GET', `${base(a)}/company/${alpha.tenant_company_id}/locations`)).body.locations;
  expect(locs.map((l: any) => l.location_name)).toEqual(['Annex', 'HQ']);
});

test('an existing company (any case) is updated with the columns given; a new one is added', async () => {
  const r = await importCsv(a, 'companies', 'moniker,is_active,assessment_only_flag\nALPHA,false,\nDelta,,yes\n');
  expect(r.body.report).toMatchObject({ status: 'imported', inserted: 1, updated: 1 });
  const list = await companies(a);
  expect(list.map((c) => [c.moniker, c.is_active, c.seats, c.assessment_only_flag])).toEqual([
    ['Alpha', false, 10, false],
    ['Delta', true, 0, true],
  ]);
});

test('contracts name their company; an unknown company is a rejected row; the notice date is derived', async () => {
  const csv = [
    'company,vendor,location,end_date,notice_to_terminate_in_days,cost,billing_cycle,auto_renew',
    'Alpha,Microsoft,HQ,2025-06-30,30,"$1,200.50",annually,yes',
    'Nobody Inc,Datto,,2025-01-01,,,,',
    'Delta,Cisco,Plant 9,2025-02-30,,,,',
  ].join('\n');
  const bad = await importCsv(a, 'contracts', csv);
  expect(bad.status).toBe(400);
  expect(bad.body.error.report.rejected).toEqual([
    { line: 3, reasons: ['company: no company named "Nobody Inc"'] },
    { line: 4, reasons: ['end_date: Must be a real date (YYYY-MM-DD)'] },
  ]);
  const alpha = (await companies(a)).find((c) => c.moniker === 'Alpha');
  expect((await a.api('GET', `${base(a)}/company/${alpha.tenant_company_id}/contracts`)).body.contracts).toEqual([]);

  const ok = await importCsv(a, 'contracts', csv, { skipInvalid: true });
  expect(ok.body.report).toMatchObject({ imported: 1, inserted: 1 });
  const [c] = (await a.api('GET', `${base(a)}/company/${alpha.tenant_company_id}/contracts`)).body.contracts;
  expect(c).toMatchObject({
    vendor: 'Microsoft',
    location_moniker: 'HQ',
    end_date: '2025-06-30',
    notice_date: '2025-05-31',
    cost: 1200.5,
    billing_cycle: 'Annually',
    auto_renew_flag: true,
  });
});

test('a file that cannot be read answers 400 naming body.csv; an unknown kind 404', async () => {
  const r = await importCsv(a, 'companies', 'company_size\n3\n');
  expect(r.status).toBe(400);
  expect(r.body.error.fields).toEqual([
    {
      path: 'body.csv',
      message:
        'Unknown column "company_size"; the columns are moniker, is_active, assessment_only_flag, air_only_flag, seats, locations.',
    },
  ]);
  expect((await importCsv(a, 'companies', 'moniker\n"open\n')).status).toBe(400);
  expect((await importCsv(a, 'spaceships', 'x\n1\n')).status).toBe(404);
});

test("another tenant's import never touches this tenant: contracts of a company only the other tenant has are rejected", async () => {
  const r = await importCsv(b, 'contracts', 'company,vendor\nAlpha,Intruder\n');
  expect(r.status).toBe(400);
  expect(r.body.error.report.rejected).toEqual([{ line: 2, reasons: ['company: no company named "Alpha"'] }]);
  const bImport = await importCsv(b, 'companies', 'moniker,seats\nAlpha,99\n');
  expect(bImport.body.report).toMatchObject({ inserted: 1, updated: 0 });
  const alpha = (await companies(a)).find((c) => c.moniker === 'Alpha');
  expect(alpha.seats).toBe(10);
  expect((await companies(b)).map((c) => c.moniker)).toEqual(['Alpha']);
});

test("with an importId, progress goes to the caller's sockets as rows are written", async () => {
  const sent: { room: string; target: string; data: any }[] = [];
  const original = s.k.realtime.storeUpdate.bind(s.k.realtime);
  s.k.realtime.storeUpdate = async (room, target, data) => {
    sent.push({ room, target, data });
    return original(room, target, data);
  };
  try {
    const names = Array.from({ length: 150 }, (_, i) => `Progress Co ${i}`);
    const r = await importCsv(a, 'companies', `moniker\n${names.join('\n')}\n`, { importId: 'imp-1' });
    expect(r.body.report.inserted).toBe(150);
  } finally {
    s.k.realtime.storeUpdate = original;
  }
  expect(sent.map((m) => [m.room, m.target, m.data.done, m.data.total])).toEqual([
    [`user:${a.userId}`, 'companies.import.progress', 0, 150],
    [`user:${a.userId}`, 'companies.import.progress', 100, 150],
    [`user:${a.userId}`, 'companies.import.progress', 150, 150],
  ]);
  expect(sent[0].data).toMatchObject({ importId: 'imp-1', kind: 'companies' });
});

test('a Read Only import page cannot import, but may dry-run', async () => {
  const ro = await makeTenant(s.k, s.url, {
    tenantAdmin: false,
    pages: [{ url: '/datamanager/import', access_level: 'Read Only' }],
  });
  const w = await importCsv(ro, 'companies', 'moniker\nX\n');
  expect(w.status).toBe(403);
  const dry = await importCsv(ro, 'companies', 'moniker\nX\n', { dryRun: true });
  expect(dry.status).toBe(200);
  expect(await companies(ro)).toEqual([]);
});

test('the import is audited with its counts', async () => {
  const rows = await s.k.db.withSystem((trx) =>
    trx('audit_log').where({ tenant_id: a.tenantId, action: 'import.companies' }).select('details'),
  );
  expect(rows.map((r: { details: unknown }) => r.details)).toEqual([
    expect.objectContaining({ total: 3, inserted: 1, updated: 0, rejected: 2, skipInvalid: true }),
    expect.objectContaining({ total: 2, inserted: 1, updated: 1, rejected: 0, skipInvalid: false }),
    expect.objectContaining({ total: 150, inserted: 150, updated: 0 }),
  ]);
});

test('a cell with the NUL character is a rejected row, as with lci import; skipInvalid imports the others; NUL elsewhere is refused', async () => {
  const csv = 'moniker,locations\nNul\u0000 Co,HQ\nFine Co,Main\u0000 Office\nGood Co,\n';
  const strict = await importCsv(a, 'companies', csv);
  expect(strict.status).toBe(400);
  expect(strict.body.error.report.rejected).toEqual([
    { line: 2, reasons: ['moniker: Text may not contain the NUL character.'] },
    { line: 3, reasons: ['locations: Text may not contain the NUL character.'] },
  ]);
  const r = await importCsv(a, 'companies', csv, { skipInvalid: true });
  expect(r.status).toBe(200);
  expect(r.body.report).toMatchObject({ status: 'imported', total: 3, valid: 1, imported: 1, inserted: 1 });
  expect((await companies(a)).map((c) => c.moniker)).toContain('Good Co');
  const header = await importCsv(a, 'companies', 'mon\u0000iker\nX\n');
  expect(header.body.error.fields).toEqual([
    { path: 'body.csv', message: 'The first line (the column names) may not contain the NUL character.' },
  ]);
  const other = await importCsv(a, 'companies', 'moniker\nY\n', { importId: 'a\u0000' });
  expect(other.status).toBe(400);
  expect(other.body.error.fields[0].path).toBe('body.importId');
});
