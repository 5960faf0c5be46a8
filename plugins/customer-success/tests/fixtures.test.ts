/** The demo data of the core areas: account managers with companies, one group, two goals; idempotent. */
import { makeCompany, makeTenant, startTestServer, type TestServer } from '../../../tests/sdk';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ plugins: ['customer-success'], jobs: false });
}, 60_000);
afterAll(async () => s?.stop());

test('fixtures give a tenant account managers, a group and goals, once', async () => {
  const t = await makeTenant(s.k, s.url);
  for (const moniker of ['Alpha', 'Bravo', 'Charlie']) await makeCompany(t, moniker);
  const plugin = s.k.plugins.find((p) => p.id === 'customer-success')!;
  const run = () => plugin.fixtures!({ db: s.k.db, k: s.k, tenantId: t.tenantId, log: () => {} });
  await run();
  await run();
  const cs = (o: string) => t.api('GET', `/v3/cs/tenant/${t.tenantId}/cs/${o}`);
  const managers = (await cs('TenantAccountManager')).body.tenantAccountManagers;
  expect(managers).toHaveLength(1);
  expect(managers[0].tenantCompanyIds).toHaveLength(3);
  const groups = await cs('TenantAccountGroup');
  expect(groups.body.tenantAccountGroups.map((g: { moniker: string }) => g.moniker)).toEqual(['Core Team']);
  expect(groups.body.linkTables.tenantAccountManagers).toHaveLength(1);
  const goals = (await cs('TenantCsCrossCompanyGoals')).body.tenantCsCrossCompanyGoals;
  expect(goals.map((g: { moniker: string }) => g.moniker).sort()).toEqual([
    'Move file shares to the cloud',
    'Quarterly business reviews on time',
  ]);
  expect(goals.find((g: { moniker: string }) => g.moniker.startsWith('Move'))).toMatchObject({
    score: 55,
    progress: 50,
    taskCount: 2,
  });
});
