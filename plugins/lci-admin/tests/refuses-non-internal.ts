/**
 * Shared check for the lci-admin API tests: every route of the plugin under the given path prefix(es) answers 403
 * ('This page requires LCI Admin Access') to a tenant admin and to an ordinary user, and changes nothing.
 *
 *   const checked = await expectInternalOnly(server, '/v3/lcisupport/maintenance');
 *   const checked = await expectInternalOnly(server, ['/v3/lciadmin/summary', '/v3/lciadmin/audit']);
 *
 * Returns the routes it checked (at least one, or it fails: a prefix that matches nothing is a mistake).
 */
import { MSG_LCI_ADMIN } from '../../../kernel/index';
import type { RegisteredRoute } from '../../../kernel/index';
import type { TestServer } from '../../../tests/sdk';
import { makeTenant, type TestTenant } from '../../../tests/sdk';

const PLUGIN_ID = 'lci-admin';

export interface InternalOnlyOptions {
  /** Reuse these callers instead of creating a tenant admin and a user. */
  tenantAdmin?: TestTenant;
  user?: TestTenant;
}

/** The plugin's routes whose path starts with one of the prefixes, sorted. */
export function adminRoutes(server: TestServer, prefixes: string | string[]): RegisteredRoute[] {
  const list = Array.isArray(prefixes) ? prefixes : [prefixes];
  return server.k.routes.routes
    .filter((r) => r.owner === PLUGIN_ID && list.some((p) => r.path.startsWith(p)))
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/** Path parameters filled with 1 (the check happens before validation, any value works). */
const fill = (path: string): string => path.replace(/:([A-Za-z0-9_]+)\+?/g, '1');

export async function expectInternalOnly(
  server: TestServer,
  prefixes: string | string[],
  opts: InternalOnlyOptions = {},
): Promise<RegisteredRoute[]> {
  const routes = adminRoutes(server, prefixes);
  if (!routes.length) throw new Error(`no ${PLUGIN_ID} route starts with ${JSON.stringify(prefixes)}`);
  const tenantAdmin = opts.tenantAdmin ?? (await makeTenant(server.k, server.url, { tenantAdmin: true }));
  const user = opts.user ?? (await makeTenant(server.k, server.url, { tenantAdmin: false }));
  const failures: string[] = [];
  for (const [who, caller] of [
    ['tenant admin', tenantAdmin],
    ['user', user],
  ] as const) {
    for (const r of routes) {
      const method = r.method.toUpperCase();
      const res = await caller.api(method, fill(r.path), method === 'GET' ? undefined : {});
      if (res.status !== 403 || res.body?.error?.message !== MSG_LCI_ADMIN) {
        failures.push(`${who}: ${method} ${r.path} answered ${res.status} ${JSON.stringify(res.body)?.slice(0, 200)}`);
      }
    }
  }
  if (failures.length) throw new Error(`routes that do not refuse non-internal callers:\n${failures.join('\n')}`);
  return routes;
}
