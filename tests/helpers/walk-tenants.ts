/** Tenants with access to every page and module, for suites that walk every route. */
import type { Kernel } from '../../kernel/kernel';
import { MODULES } from '../../kernel/types';
import { makeTenant, type TestTenant, type TestTenantOptions } from './tenants';

/** Every page url known to the server: plugin pages, route permission keys and the navigation catalogue. */
export async function allPageUrls(k: Kernel): Promise<string[]> {
  const urls = new Set<string>();
  for (const p of k.plugins) for (const page of p.pages ?? []) urls.add(page.url);
  for (const r of k.routes.routes) if (r.spec.page) urls.add(r.spec.page);
  const nav = await k.db.withSystem((trx) => trx('nav_items').select('url')).catch(() => [] as { url: string }[]);
  for (const n of nav) urls.add(n.url);
  return [...urls].sort();
}

/** A tenant admin whose group reads and writes every page and holds every module. */
export async function makeFullTenant(k: Kernel, url: string, opts: TestTenantOptions = {}): Promise<TestTenant> {
  const pages = (await allPageUrls(k)).map((u) => ({ url: u, access_level: 'Read/Write' as const }));
  return makeTenant(k, url, { tenantAdmin: true, modules: [...MODULES], pages, ...opts });
}

/** Runs every plugin's fixtures for a tenant; returns the plugins whose fixtures failed. */
export async function loadAllFixtures(k: Kernel, tenantId: number): Promise<{ plugin: string; error: string }[]> {
  const failed: { plugin: string; error: string }[] = [];
  for (const p of k.plugins) {
    if (!p.fixtures) continue;
    try { await p.fixtures({ db: k.db, k, tenantId, log: () => {} }); } catch (e) { failed.push({ plugin: p.id, error: String((e as Error).message ?? e).slice(0, 300) }); }
  }
  return failed;
}
