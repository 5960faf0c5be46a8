/**
 * Module gating on every route, realtime function and page (issue 26 part 4). Walks the kernel's registries (routes,
 * realtime functions, the pages of every plugin and of the kernel), so a new plugin's are covered without edits:
 *
 *   1. each declares which modules it needs: its own `module`, or its plugin's; 'Any' says "none" out loud, so a
 *      missing declaration can never mean "ungated" (public routes, which have no caller to check, say 'Any');
 *   2. a tenant (its admin, whom the access list does not limit) lacking every module a route or function needs gets
 *      the module refusal: 403 'This page requires the X module' (or 'the X or Y module' for "any of");
 *   3. for a page, the session answer the workspace's guard reads (GET /v3/manager/session: `modules` and
 *      `pageModules`) makes the guard block the page with the same text, as when the user types its URL;
 *   4. "any of": the asset area (AIR or Core) opens with either module alone and is refused without both.
 */
import { MODULES, type ModuleName, type ModuleRequirement } from '../kernel/types';
import type { RegisteredRoute } from '../kernel/http/route-spec';
import { KERNEL_PAGES } from '../kernel/access/catalog';
import { moduleRequirementList, msgModuleRequired, pageModulesFor } from '../common/access-rule';
import { dashboardChartsPoint } from '../kernel/points';
import { runGuard, type RouteMeta } from '../workspace/guard';
import type { Session } from '../workspace/types';
import { TEST_PLUGINS_DIR } from './helpers/plugins';
import { fillPath, jsonSchema, pathParams, routeLabel, sample } from './helpers/route-walk';
import { startTestServer, type TestServer } from './helpers/server';
import { makeTenant, type TestTenant } from './helpers/tenants';

let s: TestServer;
const tenants = new Map<string, Promise<TestTenant>>();

beforeAll(async () => {
  s = await startTestServer({ pluginDirs: [TEST_PLUGINS_DIR], jobs: false });
}, 120_000);
afterAll(async () => s?.stop());

/** A tenant admin (not limited by the access list) whose tenant and group have exactly these modules. */
function tenantWith(modules: ModuleName[]): Promise<TestTenant> {
  const key = [...modules].sort().join(',');
  let t = tenants.get(key);
  if (!t) {
    t = makeTenant(s.k, s.url, { tenantAdmin: true, modules });
    tenants.set(key, t);
  }
  return t;
}
const lacking = (needed: readonly string[]) => tenantWith(MODULES.filter((m) => !needed.includes(m)));

/** A path with the tenant's id and sample values for the other parameters, a query and a body that follow the schemas. */
function request(r: RegisteredRoute, t: TestTenant, overrides: Record<string, string> = {}) {
  const values: Record<string, string | number> = {};
  const paramSchema = jsonSchema(r.spec.params);
  for (const p of pathParams(r.path)) {
    const v = sample(paramSchema?.properties?.[p]);
    values[p] =
      p === 'tenantId' ? t.tenantId : (overrides[p] ?? (typeof v === 'string' || typeof v === 'number' ? v : 1));
  }
  const query = sample(jsonSchema(r.spec.query)) as Record<string, unknown> | undefined;
  const qs = query && typeof query === 'object' ? new URLSearchParams(query as Record<string, string>).toString() : '';
  const body = r.method === 'get' ? undefined : (sample(jsonSchema(r.spec.body)) ?? {});
  return { path: fillPath(r.path, values) + (qs ? `?${qs}` : ''), body };
}

interface WalkedPage {
  owner: string;
  url: string;
  title: string;
  module?: ModuleRequirement;
  requiresAdmin?: boolean;
  internalOnly?: boolean;
}
function pagesOfKernel(): WalkedPage[] {
  return [
    ...KERNEL_PAGES.map((p) => ({ owner: 'kernel', ...p })),
    ...s.k.plugins.flatMap((p) =>
      (p.pages ?? []).map((page) => ({ owner: p.id, ...page, module: page.module ?? p.module })),
    ),
  ];
}

test('every route, realtime function and page declares the modules it needs (its own or its plugin’s)', () => {
  const undeclared = [
    ...s.k.routes.routes.filter((r) => r.spec.module === undefined).map((r) => `${r.owner}: ${routeLabel(r)}`),
    ...s.k.realtime
      .functions()
      .filter((f) => f.access.module === undefined)
      .map((f) => `${f.owner}: realtime ${f.name}`),
    ...pagesOfKernel()
      .filter((p) => p.module === undefined)
      .map((p) => `${p.owner}: page ${p.url}`),
  ];
  expect(undeclared).toEqual([]);
  // A public route has no caller whose modules could be checked: it must say it needs none.
  const publicGated = s.k.routes.routes.filter(
    (r) => (r.spec.auth ?? 'user') === 'public' && moduleRequirementList(r.spec.module).length > 0,
  );
  expect(publicGated.map(routeLabel)).toEqual([]);
});

test('every gated route answers the module refusal to a tenant lacking its modules', async () => {
  const wrong: string[] = [];
  let walked = 0;
  for (const r of s.k.routes.routes) {
    const needed = moduleRequirementList(r.spec.module);
    // Public routes are 'Any' (checked above); internal ones are for LCI admins, whom no module limits.
    if (!needed.length || r.spec.auth === 'internal' || r.spec.dispatch) continue;
    const t = await lacking(needed);
    const { path, body } = request(r, t);
    const res = await t.api(r.method.toUpperCase(), path, body);
    walked++;
    if (res.status !== 403 || res.body?.error?.message !== msgModuleRequired(r.spec.module!))
      wrong.push(`${routeLabel(r)} (${needed.join('|')}): ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
  }
  expect(wrong).toEqual([]);
  expect(walked).toBeGreaterThan(100);
});

test('every gated realtime function answers the module refusal (its HTTP fallback, the socket’s checks)', async () => {
  const wrong: string[] = [];
  for (const f of s.k.realtime.functions()) {
    const needed = moduleRequirementList(f.access.module);
    if (!needed.length || f.access.auth === 'internal') continue;
    const t = await lacking(needed);
    const res = await t.api('POST', `/v3/tenant/${t.tenantId}/apiinvoke/${f.name}`, { payload: {} });
    if (res.status !== 403 || res.body?.error?.message !== msgModuleRequired(f.access.module!))
      wrong.push(`${f.name} (${needed.join('|')}): ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
  }
  expect(wrong).toEqual([]);
});

/** What the workspace's guard decides for a page typed as a url, from the server's session answer. */
function guardFor(
  session: Session,
  page: { url: string; title: string; requiresAdmin?: boolean; internalOnly?: boolean },
) {
  // No module on the route's meta: the guard must learn the page's modules from the server's answer.
  const route: RouteMeta = {
    title: page.title,
    page: page.url,
    requiresAdmin: page.requiresAdmin,
    internalOnly: page.internalOnly,
  };
  return runGuard({
    path: page.url,
    from: '/dashboard',
    route,
    signedIn: true,
    session,
    invalidLogin: false,
    inMaintenance: false,
    dirty: false,
    firstAccessiblePath: '/dashboard',
  });
}

test('every gated page is blocked by the workspace guard for a tenant lacking its modules, from the session answer', async () => {
  const wrong: string[] = [];
  let walked = 0;
  for (const page of pagesOfKernel()) {
    const needed = moduleRequirementList(page.module);
    if (!needed.length || page.internalOnly) continue;
    const t = await lacking(needed);
    const res = await t.api('GET', '/v3/manager/session');
    const session = res.body as Session;
    expect(res.status).toBe(200);
    expect([...(session.pageModules?.[page.url] ?? [])].sort()).toEqual([...needed].sort());
    const decision = guardFor(session, page);
    walked++;
    if (decision.action !== 'block' || decision.alert !== msgModuleRequired(page.module!))
      wrong.push(`${page.owner} ${page.url} (${needed.join('|')}): ${JSON.stringify(decision)}`);
    // One of the modules opens it again.
    const one = await tenantWith([needed[0] as ModuleName]);
    const allowed = guardFor((await one.api('GET', '/v3/manager/session')).body as Session, page);
    if (allowed.action === 'block')
      wrong.push(`${page.owner} ${page.url} with ${needed[0]}: ${JSON.stringify(allowed)}`);
  }
  expect(wrong).toEqual([]);
  expect(walked).toBeGreaterThan(10);
});

test('the asset area (AIR or Core): refused without both, open with either one alone', async () => {
  const none = await tenantWith(['Customer Success', 'Assessment', 'Admin']);
  const refused = await none.api('GET', `/v3/tenant/${none.tenantId}/assetList`);
  expect(refused.status).toBe(403);
  expect(refused.body.error.message).toBe('This page requires the AIR or Core module');
  const list = s.k.routes.routes.find((r) => r.method === 'get' && r.path === '/v3/tenant/:tenantId/assetList')!;
  expect(moduleRequirementList(list.spec.module).sort()).toEqual(['AIR', 'Core']);
  for (const m of ['AIR', 'Core'] as const) {
    const t = await tenantWith([m]);
    expect((await t.api('GET', `/v3/tenant/${t.tenantId}/assetList`)).status).toBe(200);
  }
});

test("a dashboard chart is left out for a tenant lacking its page's modules (the AIR charts stay with the AIR dashboard)", async () => {
  const pageModules = ((await (await tenantWith(['Core'])).api('GET', '/v3/manager/session')).body as Session)
    .pageModules;
  const gated = s.k
    .extensions(dashboardChartsPoint)
    .map((c) => ({
      id: c.id,
      needed: [...new Set([...moduleRequirementList(c.module), ...pageModulesFor(pageModules, c.page)])],
    }))
    .filter((c) => c.needed.length);
  expect(gated.map((c) => c.id)).toEqual(expect.arrayContaining(['assetLifecycle']));
  const shown: string[] = [];
  for (const c of gated) {
    const t = await lacking(c.needed);
    const res = await t.api('GET', `/v3/tenant/${t.tenantId}/dashboardCharts`);
    expect(res.status).toBe(200);
    if (c.id in res.body.charts) shown.push(`${c.id} (${c.needed.join('|')})`);
  }
  expect(shown).toEqual([]);
});
