/** The demo stack: categories, coloured tags, a dozen services with products of every calcType, company stack tags; idempotent. */
import { makeCompany, makeTenant, startTestServer, type TestServer } from '../../../tests/sdk';
import { stackFixtures } from '../server/stack/fixtures';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ plugins: ['stack-manager'], jobs: false });
}, 180_000);
afterAll(async () => s?.stop());

test('stackFixtures build a realistic stack and tag the demo companies, once', async () => {
  const t = await makeTenant(s.k, s.url);
  for (const moniker of ['Alpha', 'Bravo', 'Charlie']) await makeCompany(t, moniker);
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
  expect(services.every((x: any) => x.categoryId !== null && x.preferredProducts.length === 1)).toBe(true);
  // Each service with its products and tags, as the demo defines them.
  expect(services.map((x: any) => [x.moniker, x.products.length, x.tagIds.length])).toEqual([
    ['Endpoint Detection & Response', 2, 0],
    ['Email Security', 2, 2],
    ['Security Awareness Training', 1, 0],
    ['Multi-Factor Authentication', 2, 0],
    ['SIEM and 24/7 SOC', 2, 1],
    ['Microsoft 365 Business Premium', 2, 1],
    ['Google Workspace Business', 1, 1],
    ['Hosted VoIP', 2, 0],
    ['Managed Firewall', 2, 0],
    ['Server Management', 1, 1],
    ['Microsoft 365 Backup', 1, 1],
    ['Server Backup and DR', 2, 1],
  ]);
  const companyTags = (
    await t.api('POST', `/v3/cs/tenant/${t.tenantId}/cs/TenantCompanyCsStackTagManager`, { action: 'filteredGet' })
  ).body.tenantCompanyCsStackTags;
  expect(new Set(companyTags.map((x: any) => x.tenantCompanyId)).size).toBe(3);
  expect(companyTags).toHaveLength(5);
});
