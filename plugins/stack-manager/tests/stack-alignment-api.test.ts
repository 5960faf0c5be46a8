/**
 * TenantCompanyStackAlignment and TenantCsRptStackMatrix through the API on a small known stack: defaults before
 * anything is stored, save with versions (409), notes (-1 / soft delete), recommendation links, 400 fields, the
 * matrix numbers with totals and each type filter, tag / category / CS filters, the dashboard's stack charts
 * (top 10), the Stack Manager's usage, and tenant isolation.
 */
import { startTestServer, type TestServer } from '../../../tests/sdk';
import { makeTenant, type TestTenant } from '../../../tests/sdk';
import { contribute } from '../../../kernel/index';
import { linkedRecordsPoint } from '../../companies/public';
import { serviceUsage } from '../server/alignment/usage';
import { cs } from './cs-helpers';
import { seedCategory, seedCompany, seedService, seedTag } from './stack-alignment-seed';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
let security: number;
let infra: number;
let backup: number;
let firewall: number;
let mfa: number;
let retired: number;
let acme: number;
let beta: number;
let gamma: number;
let old: number;

const rpt = (t: TestTenant) => `/v3/cs/tenant/${t.tenantId}/csrpt/TenantCsRptStackMatrix`;
const alignment = (t: TestTenant, company: number, extra = '') =>
  cs(t, `TenantCompanyStackAlignment?tenantCompanyId=${company}${extra}`);
const item = (items: { serviceId: number }[], serviceId: number) =>
  items.find((i) => i.serviceId === serviceId) as Record<string, unknown>;

beforeAll(async () => {
  s = await startTestServer({ plugins: ['stack-manager'], jobs: false });
  a = await makeTenant(s.k, s.url);
  b = await makeTenant(s.k, s.url);
  const t = a.tenantId;
  security = await seedTag(s.k, t, 'Security');
  infra = await seedCategory(s.k, t, 'Infrastructure');
  // Backup: preferred product 10 per seat per month (the other product does not count while one is preferred).
  backup = await seedService(s.k, t, {
    moniker: 'Backup',
    sort: 1,
    categoryId: infra,
    defaultAlignment: 'other',
    products: [
      { calcType: 'perSeatPerMonth', chargeEstimate: 10, preferred: true },
      { calcType: 'perMonth', chargeEstimate: 99 },
      { calcType: 'perMonth', chargeEstimate: 500, preferred: true, active: false },
    ],
  });
  // Firewall: for companies tagged Security; 1,200 a year (100 a month) and 500 one-off.
  firewall = await seedService(s.k, t, {
    moniker: 'Firewall',
    sort: 2,
    tagIds: [security],
    defaultAlignment: 'partial',
    products: [
      { calcType: 'perYear', chargeEstimate: 1200 },
      { calcType: 'adhoc', chargeEstimate: 500 },
    ],
  });
  // MFA: no products, its default 5 per seat per year.
  mfa = await seedService(s.k, t, {
    moniker: 'MFA',
    sort: 3,
    defaultChargeEstimate: 5,
    defaultCalcType: 'perSeatPerYear',
  });
  retired = await seedService(s.k, t, {
    moniker: 'Retired',
    sort: 0,
    active: false,
    defaultAlignment: 'other',
    defaultChargeEstimate: 1000,
    defaultCalcType: 'perMonth',
  });
  acme = await seedCompany(s.k, a, 'Acme', 10, { tagIds: [security] });
  beta = await seedCompany(s.k, a, 'Beta', 7);
  gamma = await seedCompany(s.k, a, 'Gamma', 0);
  old = await seedCompany(s.k, a, 'Old', 50, { active: false });
}, 90_000);
afterAll(async () => s?.stop());

describe('company alignment before anything is stored', () => {
  test('every active service in stack order with the defaults, charges by calcType and seats, and the summary', async () => {
    const r = await a.api('GET', alignment(a, acme));
    expect(r.status).toBe(200);
    const items = r.body.tenantCompanyStackAlignments;
    expect(items.map((i: { moniker: string }) => i.moniker)).toEqual(['Backup', 'Firewall', 'MFA']);
    expect(item(items, backup)).toMatchObject({
      alignment: 'other',
      applicableFlag: 1,
      partOfContractFlag: 0,
      mrrCharge: 100,
      nrrCharge: 0,
      mrrOpportunity: 100,
      nrrOpportunity: 0,
      stored: 0,
      version: 0,
      categoryId: infra,
    });
    expect(item(items, firewall)).toMatchObject({
      alignment: 'partial',
      applicableFlag: 1,
      mrrCharge: 100,
      nrrCharge: 500,
      mrrOpportunity: 50,
      nrrOpportunity: 250,
      tagIds: [security],
    });
    expect(item(items, mfa)).toMatchObject({
      alignment: 'fully',
      applicableFlag: 1,
      mrrCharge: 4.17,
      mrrOpportunity: 0,
    });
    expect(r.body.summary).toEqual({
      alignmentScore: 50,
      mrrOpportunity: 150,
      nrrOpportunity: 250,
      totalOpportunity: 400,
      scoreVariant: 'warning',
      seats: 10,
    });
    expect(r.body.linkTables).toEqual({ tenantNotes: [], tenantCompanyProjects: [] });
  });

  test('a tagged service does not apply to a company without the tag', async () => {
    const r = await a.api('GET', alignment(a, beta));
    expect(item(r.body.tenantCompanyStackAlignments, firewall)).toMatchObject({
      applicableFlag: 0,
      mrrOpportunity: 0,
      nrrOpportunity: 0,
      mrrCharge: 100,
    });
    expect(r.body.summary).toMatchObject({
      alignmentScore: 50,
      mrrOpportunity: 70,
      nrrOpportunity: 0,
      totalOpportunity: 70,
      seats: 7,
    });
  });

  test('no company: Must select a customer; an unknown company: 404', async () => {
    const r = await a.api('GET', cs(a, 'TenantCompanyStackAlignment'));
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('Must select a customer');
    expect((await a.api('GET', alignment(a, 99_999_999))).status).toBe(404);
  });
});

describe('the default matrix (MRR opportunity greater than 0)', () => {
  test('company pivot: rows with MRR opportunity, per-service columns, Total column and row', async () => {
    const r = await a.api('POST', rpt(a), {});
    expect(r.status).toBe(200);
    const p = r.body.stackMatrix.StackByCompanyPivot;
    expect(p.index).toEqual([
      { id: acme, name: 'Acme' },
      { id: beta, name: 'Beta' },
      { id: null, name: 'Total' },
    ]);
    expect(p.columns).toEqual([
      { id: backup, name: 'Backup', tag: 'alignmentScore' },
      { id: backup, name: 'Backup', tag: 'mrrOpportunity' },
      { id: firewall, name: 'Firewall', tag: 'alignmentScore' },
      { id: firewall, name: 'Firewall', tag: 'mrrOpportunity' },
      { id: mfa, name: 'MFA', tag: 'alignmentScore' },
      { id: mfa, name: 'MFA', tag: 'mrrOpportunity' },
      { id: null, name: 'Total', tag: 'alignmentScore' },
      { id: null, name: 'Total', tag: 'mrrOpportunity' },
    ]);
    expect(p.data).toEqual([
      [0, 100, 50, 50, 100, 0, 50, 150],
      [0, 70, null, null, 100, 0, 50, 70],
      [0, 170, 50, 50, 100, 0, 50, 220],
    ]);
  });

  test('service pivot: services with MRR opportunity as rows, every company as columns', async () => {
    const p = (await a.api('POST', rpt(a), { typeFilter: 'mrrGt0' })).body.stackMatrix.StackByServicePivot;
    expect(p.index).toEqual([
      { id: backup, name: 'Backup' },
      { id: firewall, name: 'Firewall' },
      { id: null, name: 'Total' },
    ]);
    expect(p.columns.map((c: { name: string; tag: string }) => `${c.name}/${c.tag}`)).toEqual([
      'Acme/alignmentScore',
      'Acme/mrrOpportunity',
      'Beta/alignmentScore',
      'Beta/mrrOpportunity',
      'Gamma/alignmentScore',
      'Gamma/mrrOpportunity',
      'Total/alignmentScore',
      'Total/mrrOpportunity',
    ]);
    expect(p.data).toEqual([
      [0, 100, 0, 70, 0, 0, 0, 170],
      [50, 50, null, null, null, null, 50, 50],
      [25, 150, 0, 70, 0, 0, 13, 220],
    ]);
  });

  test('the same through GET and filteredGet', async () => {
    const viaPost = (await a.api('POST', rpt(a), {})).body.stackMatrix;
    expect((await a.api('GET', cs(a, 'TenantCsRptStackMatrix'))).body.stackMatrix).toEqual(viaPost);
    expect(
      (await a.api('POST', cs(a, 'TenantCsRptStackMatrix'), { action: 'filteredGet', filters: {} })).body.stackMatrix,
    ).toEqual(viaPost);
  });
});

describe('saving a company alignment', () => {
  test('stores the items sent (version 0 -> 1), recomputes, and a stale version answers 409 changing nothing', async () => {
    const r = await a.api('PUT', alignment(a, acme), {
      items: [{ serviceId: backup, alignment: 'partial', applicableFlag: 1, partOfContractFlag: 0, version: 0 }],
    });
    expect(r.status).toBe(200);
    expect(item(r.body.tenantCompanyStackAlignments, backup)).toMatchObject({
      alignment: 'partial',
      mrrOpportunity: 50,
      stored: 1,
      version: 1,
    });
    expect(item(r.body.tenantCompanyStackAlignments, firewall)).toMatchObject({ stored: 0, version: 0 });
    expect(r.body.summary).toMatchObject({
      alignmentScore: 67,
      mrrOpportunity: 100,
      totalOpportunity: 350,
      scoreVariant: 'warning',
    });
    const stale = await a.api('PUT', alignment(a, acme), {
      items: [{ serviceId: backup, alignment: 'fully', applicableFlag: 1, partOfContractFlag: 0, version: 0 }],
    });
    expect(stale.status).toBe(409);
    const after = await a.api('GET', alignment(a, acme));
    expect(item(after.body.tenantCompanyStackAlignments, backup)).toMatchObject({ alignment: 'partial', version: 1 });
    // Without a version there is no check; an unchanged item keeps its version.
    const same = await a.api('PUT', alignment(a, acme), {
      items: [{ serviceId: backup, alignment: 'partial', applicableFlag: 1, partOfContractFlag: 0 }],
    });
    expect(item(same.body.tenantCompanyStackAlignments, backup)).toMatchObject({ version: 1 });
  });

  test('not applicable and part of contract leave the opportunity (and not applicable the score)', async () => {
    const r = await a.api('PUT', alignment(a, gamma), {
      items: [
        { serviceId: backup, alignment: 'other', applicableFlag: 0, partOfContractFlag: 0, version: 0 },
        { serviceId: mfa, alignment: 'other', applicableFlag: 1, partOfContractFlag: 1, version: 0 },
      ],
    });
    expect(r.status).toBe(200);
    expect(item(r.body.tenantCompanyStackAlignments, backup)).toMatchObject({ applicableFlag: 0, mrrOpportunity: 0 });
    expect(r.body.summary).toMatchObject({ alignmentScore: 0, mrrOpportunity: 0, totalOpportunity: 0 });
    const none = await a.api('PUT', alignment(a, gamma), {
      items: [{ serviceId: mfa, alignment: 'other', applicableFlag: 0, partOfContractFlag: 1, version: 1 }],
    });
    expect(none.body.summary.alignmentScore).toBe('n/a');
    expect(none.body.summary.scoreVariant).toBeNull();
  });

  test('notes: -1 adds, a new note already deleted is dropped, soft delete hides it, activeFlag=0 lists it', async () => {
    const r = await a.api('PUT', alignment(a, beta), {
      notes: [
        { tenantNoteId: -1, typeRefId: backup, note: 'Quote sent in March', softDeleteFlag: 0 },
        { tenantNoteId: -1, typeRefId: mfa, note: 'discarded', softDeleteFlag: 1 },
      ],
    });
    expect(r.status).toBe(200);
    const notes = r.body.linkTables.tenantNotes;
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      typeRefId: backup,
      note: 'Quote sent in March',
      softDeleteFlag: 0,
      createdBy: a.userId,
    });
    const id = notes[0].tenantNoteId;
    const edited = await a.api('PUT', alignment(a, beta), {
      notes: [{ tenantNoteId: id, typeRefId: backup, note: 'Quote sent in April', softDeleteFlag: 0 }],
    });
    expect(edited.body.linkTables.tenantNotes).toEqual([
      expect.objectContaining({ tenantNoteId: id, note: 'Quote sent in April' }),
    ]);
    const del = await a.api('PUT', alignment(a, beta), {
      notes: [{ tenantNoteId: id, typeRefId: backup, note: 'Quote sent in April', softDeleteFlag: 1 }],
    });
    expect(del.body.linkTables.tenantNotes).toEqual([]);
    const deleted = await a.api('GET', alignment(a, beta, '&activeFlag=0'));
    expect(deleted.body.linkTables.tenantNotes).toEqual([
      expect.objectContaining({ tenantNoteId: id, softDeleteFlag: 1 }),
    ]);
    // A note of another company cannot be edited through this one.
    const other = await a.api('PUT', alignment(a, acme), {
      notes: [{ tenantNoteId: id, typeRefId: backup, note: 'x', softDeleteFlag: 0 }],
    });
    expect(other.status).toBe(400);
    expect(JSON.stringify(other.body)).toContain('body.notes.0.tenantNoteId');
  });

  test('recommendation links are replaced per service, once a plugin provides recommendations and they exist', async () => {
    const body = { recommendations: [{ serviceId: backup, tenantCompanyProjectIds: [11] }] };
    const none = await a.api('PUT', alignment(a, beta), body);
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe('No installed plugin provides recommendation records to link');
    // As the projects plugin will: recommendations 11-13 exist.
    s.k.points.add(
      'recommendations-test',
      [
        contribute(linkedRecordsPoint, {
          kind: 'recommendation',
          plural: 'recommendations',
          existing: async (_t, ids) => ids.filter((id) => id >= 11 && id <= 13),
        }),
      ],
      (owner) => owner === 'companies',
    );
    const unknown = await a.api('PUT', alignment(a, beta), {
      recommendations: [{ serviceId: backup, tenantCompanyProjectIds: [11, 40] }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields[0]).toEqual({
      path: 'body.recommendations.0.tenantCompanyProjectIds',
      message: 'Unknown recommendation: 40',
    });
    const r = await a.api('PUT', alignment(a, beta), {
      recommendations: [
        { serviceId: backup, tenantCompanyProjectIds: [11, 12, 12] },
        { serviceId: mfa, tenantCompanyProjectIds: [13] },
      ],
    });
    expect(r.body.linkTables.tenantCompanyProjects).toEqual([
      { serviceId: backup, tenantCompanyProjectId: 11 },
      { serviceId: backup, tenantCompanyProjectId: 12 },
      { serviceId: mfa, tenantCompanyProjectId: 13 },
    ]);
    const again = await a.api('PUT', alignment(a, beta), {
      recommendations: [{ serviceId: backup, tenantCompanyProjectIds: [12] }],
    });
    expect(again.body.linkTables.tenantCompanyProjects).toEqual([
      { serviceId: backup, tenantCompanyProjectId: 12 },
      { serviceId: mfa, tenantCompanyProjectId: 13 },
    ]);
  });

  test('bad input answers 400 naming the field and changes nothing', async () => {
    const before = await a.api('GET', alignment(a, beta));
    const cases: [unknown, string][] = [
      [
        { items: [{ serviceId: backup, alignment: 'mostly', applicableFlag: 1, partOfContractFlag: 0 }] },
        'body.items.0.alignment',
      ],
      [
        { items: [{ serviceId: backup, alignment: 'fully', applicableFlag: 2, partOfContractFlag: 0 }] },
        'body.items.0.applicableFlag',
      ],
      [
        {
          items: [
            { serviceId: backup, alignment: 'fully', applicableFlag: 1, partOfContractFlag: 0 },
            { serviceId: retired, alignment: 'fully', applicableFlag: 1, partOfContractFlag: 0 },
          ],
        },
        'body.items.1.serviceId',
      ],
      [
        {
          items: [{ serviceId: backup, alignment: 'fully', applicableFlag: 1, partOfContractFlag: 0 }],
          notes: [{ tenantNoteId: -1, typeRefId: backup, note: '  ', softDeleteFlag: 0 }],
        },
        'body.notes.0.note',
      ],
      [{ notes: [{ tenantNoteId: -2, typeRefId: backup, note: 'x', softDeleteFlag: 0 }] }, 'body.notes.0.tenantNoteId'],
      [
        { recommendations: [{ serviceId: backup, tenantCompanyProjectIds: [0] }] },
        'body.recommendations.0.tenantCompanyProjectIds.0',
      ],
    ];
    for (const [body, field] of cases) {
      const r = await a.api('PUT', alignment(a, beta), body);
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body)).toContain(field);
    }
    expect((await a.api('GET', alignment(a, beta))).body).toEqual(before.body);
    expect((await a.api('PUT', cs(a, 'TenantCompanyStackAlignment'), { items: [] })).status).toBe(400);
  });
});

describe('the matrix after edits', () => {
  // Now: Acme Backup partial; Gamma Backup not applicable, MFA not applicable and part of contract.
  test('type filters: none keeps every company, mrr those with an MRR value, mrrGt0 those above 0', async () => {
    const delta = await seedCompany(s.k, a, 'Delta', 3);
    expect(
      (
        await a.api('PUT', alignment(a, delta), {
          items: [
            { serviceId: backup, alignment: 'other', applicableFlag: 1, partOfContractFlag: 1 },
            { serviceId: mfa, alignment: 'fully', applicableFlag: 0, partOfContractFlag: 0 },
          ],
        })
      ).status,
    ).toBe(200);
    const rows = async (typeFilter: string) => {
      const p = (await a.api('POST', rpt(a), { typeFilter })).body.stackMatrix.StackByCompanyPivot;
      return Object.fromEntries(p.index.map((x: { name: string }, i: number) => [x.name, p.data[i]]));
    };
    const none = await rows('none');
    expect(Object.keys(none)).toEqual(['Acme', 'Beta', 'Delta', 'Gamma', 'Total']);
    expect(none.Delta).toEqual([0, null, null, null, null, null, 0, null]);
    expect(none.Gamma).toEqual([null, null, null, null, null, null, null, null]);
    expect(none.Acme).toEqual([50, 50, 50, 50, 100, 0, 67, 100]);
    // Total: Backup over Acme (50), Beta (0), Delta (0); MFA over Acme, Beta.
    expect(none.Total).toEqual([17, 120, 50, 50, 100, 0, 50, 170]);
    const mrr = await rows('mrr');
    expect(Object.keys(mrr)).toEqual(['Acme', 'Beta', 'Total']);
    expect(mrr.Total).toEqual([25, 120, 50, 50, 100, 0, 60, 170]);
    expect(Object.keys(await rows('mrrGt0'))).toEqual(['Acme', 'Beta', 'Total']);
  });

  test('tag and category filters choose the services; the CS filters the companies', async () => {
    const byTag = (await a.api('POST', rpt(a), { tagIds: [security], typeFilter: 'none' })).body.stackMatrix
      .StackByCompanyPivot;
    expect(byTag.columns.filter((c: { id: number | null }) => c.id !== null).map((c: { id: number }) => c.id)).toEqual([
      firewall,
      firewall,
    ]);
    const byCat = (await a.api('POST', rpt(a), { categoryIds: [infra] })).body.stackMatrix.StackByServicePivot;
    expect(byCat.index.map((x: { name: string }) => x.name)).toEqual(['Backup', 'Total']);
    const viaQuery = (await a.api('GET', cs(a, `TenantCsRptStackMatrix?categoryIds=${infra}&typeFilter=mrrGt0`))).body
      .stackMatrix.StackByServicePivot;
    expect(viaQuery).toEqual(byCat);
    const filtered = (await a.api('POST', rpt(a), { filters: { tenantCompanyIds: [beta] }, typeFilter: 'none' })).body
      .stackMatrix.StackByCompanyPivot;
    expect(filtered.index.map((x: { name: string }) => x.name)).toEqual(['Beta', 'Total']);
    const fg = (
      await a.api('POST', cs(a, 'TenantCsRptStackMatrix'), {
        action: 'filteredGet',
        filters: { tenantCompanyIds: [beta] },
        typeFilter: 'none',
      })
    ).body.stackMatrix.StackByCompanyPivot;
    expect(fg).toEqual(filtered);
    const bad = await a.api('POST', rpt(a), { typeFilter: 'all' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('body.typeFilter');
  });

  test('the dashboard shows the stack charts (top by MRR opportunity) of the filtered companies', async () => {
    const m = (await a.api('GET', cs(a, 'TenantCsDashboardMetrics'))).body.dashboardMetrics;
    expect(m.stackMrrAlignmentByCompanyChart).toEqual([
      { tenantCompanyId: acme, name: 'Acme', mrrOpportunity: 100, alignmentScore: 67 },
      { tenantCompanyId: beta, name: 'Beta', mrrOpportunity: 70, alignmentScore: 50 },
    ]);
    expect(m.stackMrrAlignmentByServiceChart).toEqual([
      { serviceId: backup, name: 'Backup', mrrOpportunity: 120, alignmentScore: 17 },
      { serviceId: firewall, name: 'Firewall', mrrOpportunity: 50, alignmentScore: 50 },
    ]);
    const f = (
      await a.api('POST', cs(a, 'TenantCsDashboardMetrics'), {
        action: 'filteredGet',
        filters: { tenantCompanyIds: [beta] },
      })
    ).body.dashboardMetrics;
    expect(f.stackMrrAlignmentByCompanyChart.map((x: { name: string }) => x.name)).toEqual(['Beta']);
  });

  test('the Stack Manager usage per service: companies it applies to and their MRR opportunity', async () => {
    const usage = await s.k.db.withTenant(a.tenantId, (trx) => serviceUsage(trx));
    expect(usage.get(backup)).toEqual({ servicesUsed: 3, totMrrOpp: 120, companyNames: ['Acme', 'Beta', 'Delta'] });
    expect(usage.get(firewall)).toEqual({ servicesUsed: 1, totMrrOpp: 50, companyNames: ['Acme'] });
    expect(usage.get(mfa)).toEqual({ servicesUsed: 2, totMrrOpp: 0, companyNames: ['Acme', 'Beta'] });
    expect(usage.has(retired)).toBe(false);
    expect(old).toBeGreaterThan(0); // an inactive company is never counted (not in the names above)
  });
});

describe('top 10 and tenant isolation', () => {
  test('the dashboard charts keep the 10 largest MRR opportunities', async () => {
    const c = await makeTenant(s.k, s.url);
    await seedService(s.k, c.tenantId, {
      moniker: 'Managed',
      sort: 1,
      defaultAlignment: 'other',
      products: [{ calcType: 'perSeatPerMonth', chargeEstimate: 1 }],
    });
    for (let i = 1; i <= 12; i++) await seedCompany(s.k, c, `Client ${String(i).padStart(2, '0')}`, i);
    const m = (await c.api('GET', cs(c, 'TenantCsDashboardMetrics'))).body.dashboardMetrics;
    expect(m.stackMrrAlignmentByCompanyChart.map((x: { mrrOpportunity: number }) => x.mrrOpportunity)).toEqual([
      12, 11, 10, 9, 8, 7, 6, 5, 4, 3,
    ]);
    expect(m.stackMrrAlignmentByServiceChart).toEqual([
      expect.objectContaining({ name: 'Managed', mrrOpportunity: 78, alignmentScore: 0 }),
    ]);
  });

  test('another tenant sees none of it and cannot read or write these companies', async () => {
    const p = (await b.api('POST', rpt(b), { typeFilter: 'none' })).body.stackMatrix.StackByCompanyPivot;
    expect(p).toEqual({
      index: [{ id: null, name: 'Total' }],
      columns: [
        { id: null, name: 'Total', tag: 'alignmentScore' },
        { id: null, name: 'Total', tag: 'mrrOpportunity' },
      ],
      data: [[null, null]],
    });
    expect((await b.api('GET', alignment(b, acme))).status).toBe(404);
    expect(
      (
        await b.api('PUT', alignment(b, acme), {
          items: [{ serviceId: backup, alignment: 'fully', applicableFlag: 1, partOfContractFlag: 0 }],
        })
      ).status,
    ).toBe(404);
    expect(item((await a.api('GET', alignment(a, acme))).body.tenantCompanyStackAlignments, backup)).toMatchObject({
      alignment: 'partial',
    });
    const d = (await b.api('GET', cs(b, 'TenantCsDashboardMetrics'))).body.dashboardMetrics;
    expect(d.stackMrrAlignmentByCompanyChart).toEqual([]);
  });
});
