/**
 * Every route of the kernel and of every plugin declares its reply schema (issue 14 part 5): OpenAPI shows it and
 * test servers check each 2xx JSON reply against it (kernel/http/response-check.ts). A new route without `response`
 * fails here, by owner and name; a route that never answers 2xx (a catch-all that answers 404/405) says z.never().
 */
import { startTestServer, type TestServer } from './helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ http: false, jobs: false });
}, 60_000);
afterAll(async () => s?.stop());

test('every route of every owner declares a response schema', () => {
  const routes = s.k.routes.routes;
  expect(routes.length).toBeGreaterThan(200);
  const missing = routes.filter((r) => !r.spec.response).map((r) => `${r.owner} ${r.method.toUpperCase()} ${r.path}`);
  expect(missing).toEqual([]);
});

test('the check looks at every plugin of the test server (else it would pass by looking at none of it)', () => {
  const owners = new Set(s.k.routes.routes.map((r) => r.owner.replace(/:.*$/, '')));
  expect([...owners].sort()).toEqual(
    expect.arrayContaining(['billing', 'companies', 'customer-success', 'kernel', 'lci-admin', 'stack-manager']),
  );
  // Customer Success's object API registers one route per object type and method, stack-manager's types included.
  const cs = s.k.routes.routes.filter((r) => r.owner === 'customer-success');
  expect(cs.length).toBeGreaterThan(100);
  expect(cs.some((r) => r.path.endsWith('/cs/TenantCsStackService'))).toBe(true);
});

test("an object type's generated routes answer the object's response key (derived from its definition)", () => {
  const route = s.k.routes.routes.find(
    (r) => r.method === 'get' && r.path === '/v3/cs/tenant/:tenantId/cs/TenantCompanyGoal',
  )!;
  const schema = route.spec.response!;
  expect(
    schema.safeParse({
      tenantCompanyGoals: [],
      linkTables: { tenantCompanyGoalRecommendations: [], tenantCompanyGoalContracts: [], tenantCompanyGoalNotes: [] },
    }).success,
  ).toBe(true);
  expect(schema.safeParse({ goals: [] }).success).toBe(false);
  expect(
    schema.safeParse({
      tenantCompanyGoals: [{ tenantCompanyGoalId: 'x' }],
      linkTables: { tenantCompanyGoalRecommendations: [], tenantCompanyGoalContracts: [], tenantCompanyGoalNotes: [] },
    }).success,
  ).toBe(false);
});
