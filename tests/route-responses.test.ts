/**
 * Every route of the kernel, companies, billing and lci-admin declares its reply schema (issue 14 part 5): OpenAPI
 * shows it and test servers check each 2xx JSON reply against it (kernel/http/response-check.ts). A new route of
 * these owners without `response` fails here, by name. Other plugins are not required (yet).
 */
import { startTestServer, type TestServer } from './helpers/server';

const REQUIRED_OWNERS = [/^kernel:/, /^companies$/, /^billing$/, /^lci-admin$/];

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ http: false, jobs: false });
}, 60_000);
afterAll(async () => s?.stop());

test('every kernel, companies, billing and lci-admin route declares a response schema', () => {
  const routes = s.k.routes.routes.filter((r) => REQUIRED_OWNERS.some((o) => o.test(r.owner)));
  expect(routes.length).toBeGreaterThan(60);
  const missing = routes.filter((r) => !r.spec.response).map((r) => `${r.owner} ${r.method.toUpperCase()} ${r.path}`);
  expect(missing).toEqual([]);
});

test('each required owner has routes in the test server (else the check above would pass by looking at none of it)', () => {
  const empty = REQUIRED_OWNERS.filter((o) => !s.k.routes.routes.some((r) => o.test(r.owner))).map(String);
  expect(empty).toEqual([]);
  expect(s.k.routes.routes.filter((r) => r.owner === 'lci-admin').length).toBeGreaterThan(40);
});
