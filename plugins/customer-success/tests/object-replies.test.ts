/**
 * Every object type of the CS object API (CS's own and stack-manager's) answers exactly its declared reply schema
 * (the `reply` of its definition, shared/api.ts): on the demo data, each list (GET and filteredGet), one record
 * (GET /:id) and report answers 200 (the test server answers 500 for a reply its schema refuses) and the schema
 * keeps every field of the reply (no field the schema leaves out, so the workspace types inferred from it are whole).
 */
import type { z } from 'zod';
import { makeCompany, makeTenant, startTestServer, type TestServer } from '../../../tests/sdk';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ plugins: ['stack-manager'], jobs: false });
}, 60_000);
afterAll(async () => s?.stop());

/** The value with object keys sorted and undefined fields dropped: JSON as compared. */
const norm = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(norm)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v)
            .filter(([, x]) => x !== undefined)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, x]) => [k, norm(x)]),
        )
      : v;

test('each object type answers its declared reply, field for field', async () => {
  const t = await makeTenant(s.k, s.url);
  for (const moniker of ['Alpha', 'Bravo', 'Charlie']) await makeCompany(t, moniker);
  for (const p of s.k.plugins.filter((x) => x.fixtures))
    await p.fixtures!({ db: s.k.db, k: s.k, tenantId: t.tenantId, log: () => {} });
  const companyId = (await t.api('GET', `/v3/tenant/${t.tenantId}/companies`)).body.companies[0]
    .tenantCompanyId as number;

  const routes = s.k.routes.routes.filter(
    (r) => r.owner === 'customer-success' && r.path.includes('/cs/tenant/:tenantId/') && !r.path.includes(':object'),
  );
  const checked: string[] = [];
  const problems: string[] = [];
  const check = async (route: (typeof routes)[number], method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await t.api(method, url, body);
    const name = `${method} ${url.replace(/^\/v3\/cs\/tenant\/\d+\//, '')}`;
    if (res.status !== 200) {
      problems.push(`${name}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
      return;
    }
    const parsed = (route.spec.response as z.ZodType).parse(res.body);
    if (JSON.stringify(norm(JSON.parse(JSON.stringify(parsed)))) !== JSON.stringify(norm(res.body)))
      problems.push(`${name}: fields the schema leaves out in ${JSON.stringify(res.body).slice(0, 300)}`);
    checked.push(name);
  };
  const base = `/v3/cs/tenant/${t.tenantId}`;
  for (const r of routes.filter((x) => x.method === 'get' && !x.path.endsWith('/:id'))) {
    const object = r.path.split('/').pop()!;
    const list = `${base}/cs/${object}?tenantCompanyId=${companyId}`;
    await check(r, 'GET', list);
    const post = routes.find((x) => x.method === 'post' && x.path === r.path)!;
    await check(post, 'POST', `${base}/cs/${object}`, {
      action: 'filteredGet',
      filters: {},
      tenantCompanyId: companyId,
    });
    const one = routes.find((x) => x.method === 'get' && x.path === `${r.path}/:id`);
    if (one) {
      const rows = (await t.api('GET', list)).body;
      const key = Object.keys(rows).find((k) => Array.isArray(rows[k]) && rows[k].length);
      const id = key
        ? Object.entries(rows[key][0] as Record<string, unknown>).find(
            ([k, v]) => /Id$/.test(k) && k !== 'tenantCompanyId' && typeof v === 'number',
          )?.[1]
        : undefined;
      if (id !== undefined) await check(one, 'GET', `${base}/cs/${object}/${id}`);
    }
    const report = routes.find(
      (x) =>
        x.method === 'post' && x.path === r.path.replace('/cs/tenant/:tenantId/cs/', '/cs/tenant/:tenantId/csrpt/'),
    );
    if (report) await check(report, 'POST', `${base}/csrpt/${object}`, { tenantCompanyId: companyId });
  }
  expect(problems).toEqual([]);
  // Every object type's list was checked, both ways (CS's own and stack-manager's).
  expect(checked).toEqual(
    expect.arrayContaining([
      'GET cs/TenantCompanyGoal?tenantCompanyId=' + companyId,
      'POST cs/TenantCsStackService',
      'POST csrpt/TenantCsCrossCompanyGoals',
    ]),
  );
  // 30 lists both ways, one record of each of the 9 types (of 10 with GET /:id) the demo data fills (it excludes no
  // contract: TenantCsContractExclude has none), 2 reports.
  expect(checked).toHaveLength(30 * 2 + 9 + 2);
}, 120_000);
