/** The demo stack: categories, coloured tags, a dozen services with products of every calcType, company stack tags; idempotent. */
import { startTestServer, type TestServer } from '../../../tests/sdk';
import { makeTenant } from '../../../tests/sdk';
import { stackFixtures } from '../server/stack/fixtures';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ jobs: false });
}, 180_000);
afterAll(async () => s?.stop());

test('stackFixtures build a realistic stack and tag the demo companies, once', async () => {
  const t = await makeTenant(s.k, s.url);
  for (const moniker of ['Alpha', 'Bravo', 'Charlie'])
    await t.api('POST', `/v3/tenant/${t.tenantId}/companies`, { moniker });
  const run = () => stackFixtures({ db: s.k.db, k: s.k, tenantId: t.tenantId, log: () => {} });
  await run();
  await run();
  const cs = async (o: string) => (await t.api('GET', `/v3/cs/tenant/${t.tenantId}/cs/${o}`)).body;
  const categories = (await cs('TenantCsStackCategory')).tenantCsStackCategories;
  expect(categories.map((c: { moniker: string }) => c.moniker)).toEqual([
    'Security',
    'Productivity',
    'Infrastructure',
    'Backup',
    'Compliance',
  ]);
  const tags = (await cs('TenantCsStackTag')).tenantCsStackTags;
  expect(tags.map((x: { moniker: string }) => x.moniker).sort()).toEqual([
    'Google Workspace',
    'Microsoft 365',
    'On-prem',
    'Regulated',
  ]);
  expect(tags.every((x: { color: string }) => /^#[0-9a-f]{6}$/.test(x.color))).toBe(true);
  const services = (await cs('TenantCsStackService')).tenantCsStackServices;
  expect(services).toHaveLength(12);
  expect(new Set(services.flatMap((x: any) => x.products.map((p: any) => p.calcType)))).toEqual(
    new Set(['adhoc', 'perSeat', 'perSeatPerMonth', 'perSeatPerYear', 'perMonth', 'perYear']),
  );
  expect(
    services.every((x: any) => x.categoryId !== null && x.products.length > 0 && x.preferredProducts.length === 1),
  ).toBe(true);
  expect(services.filter((x: any) => x.tagIds.length > 0).length).toBeGreaterThanOrEqual(5);
  const companyTags = (
    await t.api('POST', `/v3/cs/tenant/${t.tenantId}/cs/TenantCompanyCsStackTagManager`, { action: 'filteredGet' })
  ).body.tenantCompanyCsStackTags;
  expect(new Set(companyTags.map((x: any) => x.tenantCompanyId)).size).toBe(3);
  expect(companyTags).toHaveLength(5);
});
