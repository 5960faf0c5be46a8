/**
 * The assets CSV import (issue 17 part E) over HTTP on the real server and database: the kind on the import page
 * with its columns, all or nothing with every bad row named (line and reasons), skipInvalid, the merge by make +
 * serial (case and spaces ignored) with an existing asset and within the file, field by field (earliest purchase
 * date, latest warranty expiry, the most recent source otherwise; empty cells change nothing), each field's source
 * recorded (csv and the row's source id), another conflict rule, and tenant isolation.
 */
import { makeCompany, makeTenant, startTestServer, type TestServer, type TestTenant } from '../../../tests/sdk';
import { assetsImportWith, lastSeenOf } from '../import/assets-import';
import { assetPaths } from '../shared/api';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
let acme: number;
let bravo: number;

const base = (t: TestTenant) => `/v3/tenant/${t.tenantId}`;
const importCsv = (t: TestTenant, csv: string | string[], extra: Record<string, unknown> = {}) =>
  t.api('POST', `${base(t)}/import/assets`, { csv: Array.isArray(csv) ? csv.join('\n') : csv, ...extra });
const assets = async (t: TestTenant, query = '') => {
  const r = await t.api('GET', `${assetPaths.list(t.tenantId)}?sort=name&pageSize=500${query}`);
  expect(r.status).toBe(200);
  return r.body.assets as Record<string, any>[];
};
const bySerial = async (t: TestTenant, serial: string) => {
  const found = (await assets(t)).filter((x) => x.serial?.replace(/\s/g, '').toLowerCase() === serial.toLowerCase());
  expect(found).toHaveLength(1);
  return found[0];
};
const fieldSources = (t: TestTenant, assetId: number) =>
  s.k.db.withTenant(t.tenantId, async (trx) => {
    const rows = await trx('asset_field_sources').where({ asset_id: assetId }).orderBy('field');
    return Object.fromEntries(
      rows.map((r: { field: string; source: string; source_id: string | null }) => [
        r.field,
        `${r.source}:${r.source_id ?? ''}`,
      ]),
    );
  });

beforeAll(async () => {
  s = await startTestServer({ plugins: ['assets'], jobs: false });
  a = await makeTenant(s.k, s.url);
  b = await makeTenant(s.k, s.url);
  const c = await a.api('POST', `${base(a)}/import/companies`, {
    csv: 'moniker,locations\nAcme Dental,Main Office; Annex\nBravo Freight,Depot\n',
  });
  expect(c.status).toBe(200);
  const list = (await a.api('GET', `${base(a)}/companies`)).body.companies as any[];
  acme = list.find((x) => x.moniker === 'Acme Dental').tenant_company_id;
  bravo = list.find((x) => x.moniker === 'Bravo Freight').tenant_company_id;
  for (const t of [a, b]) {
    const type = await t.api('POST', `${base(t)}/assetType`, {
      assetTypeId: 0,
      asset_type_moniker: 'Laptop',
      default_replacement_cost: 1500,
      default_life_in_months: 36,
      approaching_duration_in_months_eol: 6,
      approaching_duration_in_months_warranty: 3,
    });
    expect(type.status).toBe(200);
    expect((await t.api('POST', `${base(t)}/assetStatus/add`, { moniker: 'In Use' })).status).toBe(200);
  }
  await makeCompany(b, 'Other Co');
}, 400_000);
afterAll(async () => s?.stop());

test('the import page offers the assets kind with its columns, company required', async () => {
  const r = await a.api('GET', `${base(a)}/import`);
  expect(r.status).toBe(200);
  const kind = r.body.kinds.find((k: { kind: string }) => k.kind === 'assets');
  expect(kind).toMatchObject({ title: 'Assets' });
  expect(kind.columns.map((c: { name: string }) => c.name)).toEqual([
    'company',
    'name',
    'asset_type',
    'status',
    'serial',
    'make',
    'model',
    'purchase_date',
    'warranty_start',
    'warranty_expiry',
    'eol_date',
    'operating_system',
    'assigned_to',
    'location',
    'cost',
    'notes',
    'source_id',
    'last_seen',
  ]);
  expect(kind.columns.filter((c: { required: boolean }) => c.required).map((c: { name: string }) => c.name)).toEqual([
    'company',
  ]);
  expect(kind.example).toMatchObject({ company: 'Acme Dental Group', serial: '7HQK2X3', make: 'Dell' });
});

test('bad rows: 400 naming each line and every reason; nothing is imported', async () => {
  const r = await importCsv(a, [
    'Company,Name,Asset Type,Status,Serial Number,Manufacturer,Purchase Date,Warranty Start,Warranty Expiry,Cost,Location,Last Seen',
    'Acme Dental,ACME-LT-001,Laptop,In Use,ABC1,Dell,2024-01-10,2024-01-10,2027-01-09,"$1,299.00",main office,2026-01-02',
    'Nobody Inc,X-1,Tablet,Lost,SER2,Dell,2024-02-30,,,,,',
    'acme dental,,,,,,,2025-05-01,2025-04-30,-5,Depot,someday',
  ]);
  expect(r.status).toBe(400);
  expect(r.body.error.code).toBe('import_rejected');
  expect(r.body.error.report).toMatchObject({ status: 'rejected', total: 3, valid: 1, imported: 0 });
  expect(r.body.error.report.rejected).toEqual([
    {
      line: 3,
      reasons: ['purchase_date: Must be a real date (YYYY-MM-DD)'],
    },
    {
      line: 4,
      reasons: [
        'cost: Must be between 0 and 100000000000',
        'last_seen: Must be a date (YYYY-MM-DD) or a date and time (YYYY-MM-DDTHH:MM[:SS][Z|+HH:MM])',
      ],
    },
  ]);
  expect(await assets(a)).toEqual([]);

  // Once the cells are right, the references are checked: company, type, status, location of that company, a name.
  const refs = await importCsv(a, [
    'company,name,asset_type,status,serial,make,location,warranty_start,warranty_expiry',
    'Nobody Inc,X-1,Tablet,Lost,SER2,Dell,,,',
    'acme dental,,laptop,in use,,,Depot,2025-05-01,2025-04-30',
  ]);
  expect(refs.status).toBe(400);
  expect(refs.body.error.report.rejected).toEqual([
    {
      line: 2,
      reasons: [
        'company: No company is named or numbered "Nobody Inc"',
        'asset_type: No asset type is named "Tablet"',
        'status: No asset status is named "Lost"',
      ],
    },
    {
      line: 3,
      reasons: [
        'location: Acme Dental has no location named "Depot"',
        'name: Required when the row has no serial (a serial alone names the asset).',
        'warranty_expiry: Must not be before warranty_start (2025-05-01)',
      ],
    },
  ]);
  expect(await assets(a)).toEqual([]);
});

test('skipInvalid imports the valid rows (source csv, names resolved) and reports the others', async () => {
  const r = await importCsv(
    a,
    [
      'company,name,asset_type,status,serial,make,model,purchase_date,warranty_expiry,cost,location,source_id',
      `Acme Dental,ACME-LT-001,Laptop,In Use,ABC1,Dell,Latitude 5440,2024-01-10,2027-01-09,"$1,299.00",main office,INV-1`,
      'Nobody Inc,X-1,,,SER2,Dell,,,,,,',
      `${bravo},,,,PF4XK2,Lenovo,ThinkPad T14,,,,,`,
    ],
    { skipInvalid: true },
  );
  expect(r.status).toBe(200);
  expect(r.body.report).toMatchObject({ status: 'imported', total: 3, valid: 2, imported: 2, inserted: 2, updated: 0 });
  expect(r.body.report.rejected).toEqual([
    { line: 3, reasons: ['company: No company is named or numbered "Nobody Inc"'] },
  ]);
  const [first, second] = await assets(a);
  expect(first).toMatchObject({
    name: 'ACME-LT-001',
    tenant_company_id: acme,
    asset_type_moniker: 'Laptop',
    status_moniker: 'In Use',
    cost: 1299,
    source: 'csv',
    source_id: 'INV-1',
    purchase_date: '2024-01-10',
  });
  expect(first.location_id).not.toBeNull();
  // A new asset without a name is named by its serial.
  expect(second).toMatchObject({ name: 'PF4XK2', tenant_company_id: bravo, make: 'Lenovo', source: 'csv' });
  expect(await fieldSources(a, first.asset_id)).toMatchObject({
    name: 'csv:INV-1',
    serial: 'csv:INV-1',
    purchase_date: 'csv:INV-1',
    cost: 'csv:INV-1',
  });
});

test('rows merge by make + serial with an existing asset and within the file, field by field', async () => {
  const created = await a.api('POST', assetPaths.create(a.tenantId), {
    tenant_company_id: acme,
    name: 'FRONTDESK-01',
    serial: 'XYZ 789',
    make: 'HP',
    model: 'EliteBook 840',
    purchase_date: '2023-05-01',
    warranty_expiry: '2026-04-30',
    assigned_to: 'Dana',
  });
  expect(created.status).toBe(200);
  const id = created.body.asset.asset_id;
  const before = (await assets(a)).length;

  const r = await importCsv(a, [
    'company,name,serial,make,model,purchase_date,warranty_expiry,operating_system,assigned_to,notes,source_id,last_seen',
    // Same make + serial in another case and spacing: the later purchase date loses, the later warranty wins.
    'Acme Dental,,xyz789,hp,,2023-06-01,2027-04-30,Windows 11 Pro,,,PSA-1,2026-01-10',
    // A new asset, then the same one again in the file: merged, not added twice.
    'Acme Dental,NEW-01,N1,Dell,OptiPlex 7010,2024-03-01,2027-02-28,,Sam,first note,ROW-A,2026-01-05',
    'Acme Dental,NEW-01B,n 1,DELL,,2024-02-01,2026-02-28,Windows 10 Pro,,,ROW-B,2026-01-07',
  ]);
  expect(r.status).toBe(200);
  expect(r.body.report).toMatchObject({ status: 'imported', total: 3, imported: 3, inserted: 1, updated: 2 });
  expect(await assets(a)).toHaveLength(before + 1);

  const merged = await bySerial(a, 'xyz789');
  expect(merged.asset_id).toBe(id);
  expect(merged).toMatchObject({
    name: 'FRONTDESK-01', // the row gave none: empty cells change nothing
    model: 'EliteBook 840',
    purchase_date: '2023-05-01', // earliest
    warranty_expiry: '2027-04-30', // latest
    operating_system: 'Windows 11 Pro',
    assigned_to: 'Dana',
    source: 'manual',
    last_seen_at: '2026-01-10T00:00:00.000Z',
    version: 2,
  });
  const src = await fieldSources(a, id);
  expect(src).toMatchObject({
    name: 'manual:',
    purchase_date: 'manual:',
    warranty_expiry: 'csv:PSA-1',
    operating_system: 'csv:PSA-1',
    last_seen_at: 'csv:PSA-1',
  });

  const fresh = await bySerial(a, 'n1');
  expect(fresh).toMatchObject({
    name: 'NEW-01B', // most recent row (seen 2026-01-07)
    make: 'DELL',
    model: 'OptiPlex 7010', // only the first row gave it
    purchase_date: '2024-02-01', // earliest of the two rows
    warranty_expiry: '2027-02-28', // latest of the two rows
    operating_system: 'Windows 10 Pro',
    assigned_to: 'Sam',
    notes: 'first note',
    source: 'csv',
    source_id: 'ROW-A',
  });
  expect(await fieldSources(a, fresh.asset_id)).toMatchObject({
    name: 'csv:ROW-B',
    model: 'csv:ROW-A',
    purchase_date: 'csv:ROW-B',
    warranty_expiry: 'csv:ROW-A',
    assigned_to: 'csv:ROW-A',
    last_seen_at: 'csv:ROW-B',
  });

  // Imported again with nothing new: matched, counted as updated, nothing changes.
  const again = await importCsv(a, ['company,serial,make', 'Acme Dental,XYZ 789,HP']);
  expect(again.body.report).toMatchObject({ inserted: 0, updated: 1 });
  expect((await bySerial(a, 'xyz789')).version).toBe(2);
});

test('another conflict rule per field (assetsImportWith): the most recent warranty expiry wins', async () => {
  const def = assetsImportWith({ warranty_expiry: 'most_recent', purchase_date: 'latest' });
  const row = (warranty_expiry: string, purchase_date: string, last_seen: string) => ({
    company: 'Acme Dental',
    name: 'RULE-01',
    serial: 'RULE1',
    make: 'Lenovo',
    warranty_expiry,
    purchase_date,
    last_seen,
  });
  const result = await s.k.db.withTenant(a.tenantId, (trx) =>
    def.apply(trx, a.tenantId, [
      row('2028-01-01', '2024-01-01', '2026-01-01T00:00:00.000Z'),
      row('2026-06-30', '2024-05-01', '2026-02-01T00:00:00.000Z'),
    ]),
  );
  expect(result).toEqual({ inserted: 1, updated: 1 });
  expect(await bySerial(a, 'rule1')).toMatchObject({ warranty_expiry: '2026-06-30', purchase_date: '2024-05-01' });
});

test('a row naming another company moves the asset: the old location is cleared, type and status kept', async () => {
  const before = await bySerial(a, 'abc1');
  expect(before).toMatchObject({ tenant_company_id: acme, asset_type_moniker: 'Laptop', status_moniker: 'In Use' });
  expect(before.location_id).not.toBeNull();
  const r = await importCsv(a, ['company,serial,make,assigned_to', 'Bravo Freight,ABC1,Dell,Ruth']);
  expect(r.body.report).toMatchObject({ inserted: 0, updated: 1 });
  expect(await bySerial(a, 'abc1')).toMatchObject({
    asset_id: before.asset_id,
    tenant_company_id: bravo,
    location_id: null,
    asset_type_moniker: 'Laptop',
    status_moniker: 'In Use',
    assigned_to: 'Ruth',
    version: before.version + 1,
  });
});

test('last seen: a date or an ISO time (UTC without a zone), not in the future', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  expect(lastSeenOf('2026-02-01', now)).toBe('2026-02-01T00:00:00.000Z');
  expect(lastSeenOf('2026-02-01 08:30', now)).toBe('2026-02-01T08:30:00.000Z');
  expect(lastSeenOf('2026-02-01T08:30:15+02:00', now)).toBe('2026-02-01T06:30:15.000Z');
  expect(lastSeenOf('2026-02-30', now)).toEqual({ error: 'Must be a real date' });
  expect(lastSeenOf('02/01/2026', now)).toMatchObject({
    error: expect.stringContaining('Must be a date (YYYY-MM-DD)'),
  });
  expect(lastSeenOf('2026-03-05', now)).toEqual({ error: 'Must not be in the future' });
});

test('tenants are isolated: the same serial is another asset; companies of another tenant are unknown', async () => {
  const other = await importCsv(b, ['company,name,serial,make', 'Other Co,THEIRS,ABC1,Dell']);
  expect(other.body.report).toMatchObject({ inserted: 1, updated: 0 });
  const foreign = await importCsv(b, ['company,name', `${acme},NOPE`]);
  expect(foreign.status).toBe(400);
  expect(foreign.body.error.report.rejected).toEqual([
    { line: 2, reasons: [`company: No company is named or numbered "${acme}"`] },
  ]);
  expect((await bySerial(a, 'abc1')).name).toBe('ACME-LT-001');
  expect((await assets(b)).map((x) => x.name)).toEqual(['THEIRS']);
});
