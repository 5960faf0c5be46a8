/**
 * The report builder component cs_stack_alignment (registered in reports.components): built for a company on a small
 * known stack, its blocks carry the company's alignment score and MRR / NRR opportunity and its applicable items,
 * missing first; empty blocks without a company, for an unknown one and before the ideal stack has services. The
 * builder's catalogue lists the type.
 */
import { makeTenant, startTestServer, type TestServer, type TestTenant } from '../../../tests/sdk';
import { reportComponentsPoint, type ReportBlock } from '../../reports/public';
import { MSG_STACK_NO_COMPANY, MSG_STACK_NO_SERVICES } from '../server/reports/stack-alignment-component';
import { seedCategory, seedCompany, seedService, seedTag } from './stack-alignment-seed';

let s: TestServer;
let a: TestTenant;
let acme: number;

const FORMAT = { currency: 'USD', dateFormat: 'yyyy-mm-dd', timeZone: 'UTC', fiscalYearStartMonth: 1 };
async function build(t: TestTenant, companyId: number | null): Promise<ReportBlock[]> {
  const def = s.k.extensions(reportComponentsPoint).find((d) => d.type === 'cs_stack_alignment');
  if (!def) throw new Error('cs_stack_alignment is not registered');
  return s.k.db.withTenant(t.tenantId, (db) =>
    def.build({
      db,
      k: s.k,
      tenantId: t.tenantId,
      companyId,
      properties: { global: true },
      format: FORMAT,
      asOf: '2026-11-27',
    }),
  );
}

beforeAll(async () => {
  s = await startTestServer({ plugins: ['reports', 'stack-manager'], jobs: false });
  a = await makeTenant(s.k, s.url);
  const t = a.tenantId;
  const security = await seedTag(s.k, t, 'Security');
  const infra = await seedCategory(s.k, t, 'Infrastructure');
  // Backup: missing, 10 per seat per month; Firewall: partial, 1,200 a year and 500 one-off; MFA: aligned.
  await seedService(s.k, t, {
    moniker: 'Backup',
    sort: 1,
    categoryId: infra,
    defaultAlignment: 'other',
    products: [{ calcType: 'perSeatPerMonth', chargeEstimate: 10, preferred: true }],
  });
  await seedService(s.k, t, {
    moniker: 'Firewall',
    sort: 2,
    tagIds: [security],
    defaultAlignment: 'partial',
    products: [
      { calcType: 'perYear', chargeEstimate: 1200 },
      { calcType: 'adhoc', chargeEstimate: 500 },
    ],
  });
  await seedService(s.k, t, { moniker: 'MFA', sort: 3, defaultChargeEstimate: 5, defaultCalcType: 'perSeatPerYear' });
  acme = await seedCompany(s.k, a, 'Acme', 10, { tagIds: [security] });
}, 120_000);
afterAll(async () => s?.stop());

test("the blocks carry the company's alignment score, opportunity and items, missing first", async () => {
  const blocks = await build(a, acme);
  expect(blocks.map((b) => b.kind)).toEqual(['metrics', 'table']);
  expect(blocks[0]).toEqual({
    kind: 'metrics',
    items: [
      { label: 'Stack alignment', value: 50, format: 'percent' },
      { label: 'MRR opportunity', value: 150, format: 'currency' },
      { label: 'NRR opportunity', value: 250, format: 'currency' },
      { label: 'Total opportunity', value: 400, format: 'currency' },
      { label: 'Missing items', value: 1, format: 'number' },
      { label: 'Aligned items', value: 1, format: 'number' },
    ],
  });
  const table = blocks[1] as Extract<ReportBlock, { kind: 'table' }>;
  expect(table.rows).toEqual([
    {
      service: 'Backup',
      category: 'Infrastructure',
      status: 'Missing',
      partOfContract: 'No',
      mrrOpportunity: 100,
      nrrOpportunity: 0,
    },
    {
      service: 'Firewall',
      category: null,
      status: 'Partially aligned',
      partOfContract: 'No',
      mrrOpportunity: 50,
      nrrOpportunity: 250,
    },
    { service: 'MFA', category: null, status: 'Aligned', partOfContract: 'No', mrrOpportunity: 0, nrrOpportunity: 0 },
  ]);
});

test('a saved alignment changes the numbers the component shows', async () => {
  const r = await a.api('GET', `/v3/cs/tenant/${a.tenantId}/cs/TenantCompanyStackAlignment?tenantCompanyId=${acme}`);
  const backup = r.body.tenantCompanyStackAlignments.find((i: { moniker: string }) => i.moniker === 'Backup');
  const put = await a.api('PUT', `/v3/cs/tenant/${a.tenantId}/cs/TenantCompanyStackAlignment?tenantCompanyId=${acme}`, {
    items: [{ serviceId: backup.serviceId, alignment: 'fully', applicableFlag: 1, partOfContractFlag: 1, version: 0 }],
  });
  expect(put.status).toBe(200);
  const [metrics, table] = await build(a, acme);
  expect(metrics).toMatchObject({
    items: expect.arrayContaining([
      { label: 'Stack alignment', value: 83, format: 'percent' },
      { label: 'MRR opportunity', value: 50, format: 'currency' },
      { label: 'Missing items', value: 0, format: 'number' },
    ]),
  });
  expect((table as Extract<ReportBlock, { kind: 'table' }>).rows.map((x) => [x.service, x.status])).toEqual([
    ['Firewall', 'Partially aligned'],
    ['Backup', 'Aligned'],
    ['MFA', 'Aligned'],
  ]);
});

test('empty blocks: no company chosen, an unknown company, no services in the ideal stack', async () => {
  expect(await build(a, null)).toEqual([{ kind: 'empty', title: 'No company chosen', message: MSG_STACK_NO_COMPANY }]);
  expect(await build(a, 987654321)).toEqual([
    { kind: 'empty', title: 'Company not found', message: 'This company was not found.' },
  ]);
  const b = await makeTenant(s.k, s.url);
  const lone = await seedCompany(s.k, b, 'Lone', 5);
  expect(await build(b, lone)).toEqual([
    { kind: 'empty', title: 'No ideal stack yet', message: MSG_STACK_NO_SERVICES },
  ]);
  // Another tenant's company is not found (row-level security), even though it has an alignment.
  expect((await build(b, acme))[0]).toMatchObject({ kind: 'empty', title: 'Company not found' });
});

test("the builder's catalogue lists the type", async () => {
  const r = await a.api('GET', `/v3/tenant/${a.tenantId}/reportBuilder/componentTypes`);
  expect(r.status).toBe(200);
  expect(r.body.types.find((x: { type: string }) => x.type === 'cs_stack_alignment')).toMatchObject({
    label: 'Stack Alignment',
    group: 'Customer Success',
  });
});
