/**
 * The plugin contract, hook by hook, through the probe test plugin
 * (tests/plugins/probe) and a second tiny plugin depending on it
 * (tests/plugins/addon): discovery and order, switching off by config,
 * missing dependencies, migrations, routes with page permissions, pages and
 * nav items, realtime functions (socket and HTTP), jobs, CLI commands,
 * fixtures and providers.
 */
import { Command } from 'commander';
import WebSocket from 'ws';
import { loadConfig } from '../config';
import { MSG_READ_ONLY } from '../common/texts';
import { tenantTablesRlsState } from '../kernel/db/tenant-table';
import type { LoadedPlugin } from '../kernel/plugin';
import { PATHS } from '../kernel/paths';
import { discoverPlugins, orderPlugins } from '../kernel/plugin-loader';
import { TEST_PLUGINS_DIR } from './helpers/plugins';
import { startTestServer, type TestServer } from './helpers/server';
import { makeTenant, type TestTenant } from './helpers/tenants';
import { PHIN_GRANT_ITEM, PROBE_PAGE, startOrder } from './plugins/probe/public';

let s: TestServer;
let a: TestTenant;
let ro: TestTenant;
const probe = () => s.k.plugins.find((p) => p.id === 'probe') as LoadedPlugin;
const items = (t: TestTenant) => `/v3/tenant/${t.tenantId}/probe/items`;

beforeAll(async () => {
  s = await startTestServer({ pluginDirs: [TEST_PLUGINS_DIR], jobs: true });
  a = await makeTenant(s.k, s.url, { pages: [{ url: PROBE_PAGE, access_level: 'Read/Write' }] });
  ro = await makeTenant(s.k, s.url, { tenantAdmin: false, pages: [{ url: PROBE_PAGE, access_level: 'Read Only' }] });
});
afterAll(async () => s?.stop());

describe('discovery', () => {
  test('plugins load in dependency order, not folder order, and start in that order', () => {
    const ids = s.k.plugins.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining(['companies', 'probe', 'probe-addon']));
    expect(ids.indexOf('probe')).toBeLessThan(ids.indexOf('probe-addon'));
    const started = startOrder().filter((x) => x === 'probe' || x === 'probe-addon');
    expect(started.slice(0, 2)).toEqual(['probe', 'probe-addon']);
  });

  test('a plugin switched off by LCI_PLUGINS_DISABLED is not loaded', async () => {
    const config = loadConfig({ LCI_PLUGINS_DISABLED: 'probe-addon' });
    const ids = (await discoverPlugins([PATHS.plugins, TEST_PLUGINS_DIR], config.pluginsDisabled)).map((p) => p.id);
    expect(ids).toContain('probe');
    expect(ids).not.toContain('probe-addon');
  });

  test('an optional dependency (optionalDependsOn) loads first when present; switched off, it switches nothing off', async () => {
    // customer-success and stack-manager list reports in optionalDependsOn (their report builder components).
    const all = (await discoverPlugins([PATHS.plugins])).map((p) => p.id);
    expect(all.indexOf('reports')).toBeLessThan(all.indexOf('customer-success'));
    expect(all.indexOf('reports')).toBeLessThan(all.indexOf('stack-manager'));
    const without = (await discoverPlugins([PATHS.plugins], ['reports'])).map((p) => p.id);
    expect(without).toEqual(expect.arrayContaining(['companies', 'customer-success', 'stack-manager']));
    expect(without).not.toContain('reports');
  });

  test('a missing or disabled dependency, and a cycle, are errors naming the plugins', async () => {
    await expect(discoverPlugins([TEST_PLUGINS_DIR], ['probe'])).rejects.toThrow(
      'plugin "probe-addon" depends on "probe", which is missing or disabled',
    );
    expect(() =>
      orderPlugins([
        { id: 'x', dependsOn: ['y'] },
        { id: 'y', dependsOn: ['x'] },
      ]),
    ).toThrow(/cycle: x -> y -> x/);
  });
});

describe('migrations', () => {
  test("the plugin's migrations ran, named by owner, and its tenant table has row-level security", async () => {
    const names = (await s.k.db.knex('knex_migrations').select('name')).map((r: { name: string }) => r.name);
    expect(names).toContain('probe/0001_probe_items');
    expect(names.indexOf('kernel/0010_identity')).toBeLessThan(names.indexOf('probe/0001_probe_items'));
    const state = (await tenantTablesRlsState(s.k.db.knex)).find((t) => t.table === 'probe_items');
    expect(state).toEqual({ table: 'probe_items', rls: true, forced: true, policies: 1 });
  });
});

describe('routes', () => {
  test('tenant-scoped CRUD with zod schemas', async () => {
    const add = await a.api('POST', items(a), { name: 'Widget', qty: 3, notes: 'n' });
    expect(add.status).toBe(200);
    const id = add.body.item.item_id;
    expect(add.body.item).toEqual({ item_id: id, name: 'Widget', qty: 3, notes: 'n', touched: false });
    expect((await a.api('GET', `${items(a)}/${id}`)).body.item.name).toBe('Widget');
    expect((await a.api('PUT', `${items(a)}/${id}`, { qty: 4 })).body.item.qty).toBe(4);
    expect((await a.api('GET', `${items(a)}?q=widg`)).body.items.map((i: { item_id: number }) => i.item_id)).toEqual([
      id,
    ]);
    expect((await a.api('DELETE', `${items(a)}/${id}`)).body).toEqual({ records_deleted: 1 });
    expect((await a.api('GET', `${items(a)}/${id}`)).status).toBe(404);
    expect((await a.api('GET', `/v3/tenant/${a.tenantId}/probe-addon/summary`)).body).toEqual({ count: 0 });
  });

  test('the page permission: Read Only may read, not write; no entry, no access', async () => {
    expect((await ro.api('GET', items(ro))).status).toBe(200);
    const w = await ro.api('POST', items(ro), { name: 'x', qty: 1 });
    expect(w.status).toBe(403);
    expect(w.body.error.message).toBe(MSG_READ_ONLY);
    const none = await makeTenant(s.k, s.url, { tenantAdmin: false, pages: [] });
    expect((await none.api('GET', items(none))).status).toBe(403);
    expect(
      await s.k.db.withSystem((trx) => trx('probe_items').whereIn('tenant_id', [ro.tenantId, none.tenantId]).select()),
    ).toEqual([]);
  });
});

describe('pages and nav items', () => {
  test("the catalogue holds the plugin's nav item and the navigation of a group with the page shows it", async () => {
    const row = await s.k.db.withSystem((trx) => trx('nav_items').where({ url: PROBE_PAGE }).first());
    expect(row).toMatchObject({
      url: PROBE_PAGE,
      title: 'Probe Items',
      level: 2,
      parent_url: '/datamanager',
      plugin_id: 'probe',
    });
    const nav = await a.api('POST', `/v3/tenant/${a.tenantId}/securitymanager`, {
      userId: a.userId,
      operation: 'get_nav_items',
      payload: {},
    });
    expect(nav.status).toBe(200);
    expect(nav.body.navItems.map((n: { url: string }) => n.url)).toContain(PROBE_PAGE);
    const none = await makeTenant(s.k, s.url, { tenantAdmin: false, pages: [] });
    const hidden = await none.api('POST', `/v3/tenant/${none.tenantId}/securitymanager`, {
      userId: none.userId,
      operation: 'get_nav_items',
      payload: {},
    });
    expect(hidden.body.navItems.map((n: { url: string }) => n.url)).not.toContain(PROBE_PAGE);
  });
});

describe('realtime functions', () => {
  test("over the HTTP fallback, in the caller's tenant", async () => {
    await a.api('POST', items(a), { name: 'rt', qty: 1 });
    const r = await a.api('POST', `/v3/tenant/${a.tenantId}/apiinvoke/probeCount`, { payload: {} });
    expect(r).toEqual({ status: 200, body: { data: { tenantId: a.tenantId, count: 1 } } });
    const other = await ro.api('POST', `/v3/tenant/${ro.tenantId}/apiinvoke/probeCount`, { payload: {} });
    expect(other.body.data).toEqual({ tenantId: ro.tenantId, count: 0 });
  });

  test('over the socket (apiinvoke -> apiresult)', async () => {
    // The token in the subprotocol header (never the URL); the server answers lci.v1.
    const ws = new WebSocket(`${s.url.replace(/^http/, 'ws')}/ws`, ['lci.v1', `lci.token.${a.token}`]);
    const messages: any[] = [];
    ws.on('message', (m) => messages.push(JSON.parse(String(m))));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.send(JSON.stringify({ action: 'apiinvoke', requestId: 'r1', function: 'probeCount', payload: {} }));
    const deadline = Date.now() + 5000;
    while (!messages.some((m) => m.requestId === 'r1') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 25));
    ws.close();
    expect(messages.find((m) => m.requestId === 'r1')).toEqual({
      action: 'apiresult',
      requestId: 'r1',
      ok: true,
      data: { tenantId: a.tenantId, count: 1 },
    });
  });
});

describe('jobs', () => {
  test("a job queued by a route runs in the tenant's scope", async () => {
    const item = (await a.api('POST', items(a), { name: 'job', qty: 1 })).body.item;
    const q = await a.api('POST', `${items(a)}/${item.item_id}/touch`);
    expect(q.status).toBe(200);
    expect(typeof q.body.jobId).toBe('string');
    const deadline = Date.now() + 30_000;
    let touched = false;
    while (!touched && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      touched = (await s.k.db.withSystem((trx) => trx('probe_items').where({ item_id: item.item_id }).first('touched')))
        .touched;
    }
    expect(touched).toBe(true);
  }, 40_000);
});

describe('CLI', () => {
  test('the plugin adds `lci probe count`', async () => {
    const program = new Command().exitOverride();
    probe().cli!(program, { kernel: async () => s.k, plugins: s.k.plugins, operator: 'test' });
    const out: string[] = [];
    const spy = jest.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      out.push(args.join(' '));
    });
    try {
      await program.parseAsync(['probe', 'count', '--tenant', String(ro.tenantId), '--json'], { from: 'user' });
    } finally {
      spy.mockRestore();
    }
    expect(JSON.parse(out.join(''))).toEqual({ tenantId: ro.tenantId, count: 0 });
  });
});

describe('fixtures', () => {
  test('demo data for a tenant, loaded once', async () => {
    const t = await makeTenant(s.k, s.url, { pages: [{ url: PROBE_PAGE, access_level: 'Read Only' }] });
    const lines: string[] = [];
    const ctx = { db: s.k.db, k: s.k, tenantId: t.tenantId, log: (l: string) => lines.push(l) };
    await probe().fixtures!(ctx);
    await probe().fixtures!(ctx);
    expect((await t.api('GET', items(t))).body.items.map((i: { name: string }) => i.name)).toEqual([
      'Fixture widget 1',
      'Fixture widget 2',
      'Fixture widget 3',
    ]);
    expect(lines).toEqual(['probe: 3 fixture items']);
  });
});

describe('providers', () => {
  test('tenantModules adds a module to the tenant, which the access check then honours', async () => {
    const t = await makeTenant(s.k, s.url, {
      modules: ['Core', 'Phin Preview'],
      pages: [{ url: PROBE_PAGE, access_level: 'Read/Write' }],
    });
    await s.k.db.withSystem((trx) =>
      trx('tenant_module_grants').where({ tenant_id: t.tenantId, module: 'Phin Preview' }).delete(),
    );
    s.k.access.invalidate(t.tenantId);
    expect((await t.api('GET', `/v3/tenant/${t.tenantId}/probe/phin`)).status).toBe(403);
    await t.api('POST', items(t), { name: PHIN_GRANT_ITEM, qty: 0 });
    s.k.access.invalidate(t.tenantId);
    expect(await t.api('GET', `/v3/tenant/${t.tenantId}/probe/phin`)).toEqual({ status: 200, body: { ok: true } });
  });
});

describe('switched off on a running server', () => {
  let off: TestServer | undefined;
  afterAll(async () => off?.stop());
  test("LCI_PLUGINS_DISABLED removes the plugin's routes and nav items", async () => {
    // A plugin's dependents go off with it (stack-manager depends on customer-success, which, like contacts, assets
    // and reports, depends on companies);
    // switching off only the dependency is a start-up error naming both (plugin-loader).
    off = await startTestServer({
      pluginDirs: [TEST_PLUGINS_DIR],
      env: {
        LCI_PLUGINS_DISABLED:
          'probe-addon,stack-manager,customer-success,reports,contacts,assets,assessments,companies',
      },
    });
    expect(off.k.plugins.map((p) => p.id)).not.toEqual(expect.arrayContaining(['probe-addon']));
    expect(
      off.k.routes.routes.some((r) =>
        [
          'probe-addon',
          'companies',
          'contacts',
          'assets',
          'assessments',
          'customer-success',
          'stack-manager',
          'reports',
        ].includes(r.owner),
      ),
    ).toBe(false);
    const t = await makeTenant(off.k, off.url, { pages: [{ url: PROBE_PAGE, access_level: 'Read/Write' }] });
    expect((await t.api('GET', `/v3/tenant/${t.tenantId}/probe-addon/summary`)).status).toBe(404);
    expect((await t.api('GET', items(t))).status).toBe(200);
  }, 60_000);
});
