/** Tenant data the access routes read inside the request's transaction. */
import type { Trx } from '../db/database';
import type { Kernel } from '../kernel';
import { MODULES, type ModuleName } from '../types';
import { moduleViewFromRow, navItemFromRow, type ModuleView, type NavItem } from './navigation';
import { asModules } from './resolve';
import { applyNavOverrides, loadNavOverrides } from './nav-overrides';
import { activeCompaniesPoint, tenantModulesPoint, type CompanyKind } from '../points';

export type { CompanyKind };

/** Active companies from every plugin registered at kernel.activeCompanies (none: no companies), de-duplicated by id. */
export async function activeCompanies(k: Kernel, trx: Trx, tenantId: number, kind: CompanyKind, module?: ModuleName) {
  const out = new Map<number, { tenant_company_id: number; name: string }>();
  for (const source of k.extensions(activeCompaniesPoint)) {
    for (const c of await source(trx, tenantId, kind, module))
      out.set(Number(c.tenant_company_id), { ...c, tenant_company_id: Number(c.tenant_company_id) });
  }
  return [...out.values()];
}

/** Modules of the tenant: unexpired grants plus what plugins register at kernel.tenantModules. */
export async function tenantModules(k: Kernel, trx: Trx, tenantId: number): Promise<ModuleName[]> {
  const rows = await trx('tenant_module_grants')
    .where({ tenant_id: tenantId })
    .where((w) => w.whereNull('expires_at').orWhere('expires_at', '>', trx.fn.now()))
    .select('module');
  const set = new Set<string>(rows.map((r: { module: string }) => r.module));
  for (const source of k.extensions(tenantModulesPoint)) for (const m of await source(trx, tenantId)) set.add(m);
  return MODULES.filter((m) => set.has(m));
}

export async function loadNavCatalog(trx: Trx): Promise<NavItem[]> {
  return applyNavOverrides((await trx('nav_items').select()).map(navItemFromRow), await loadNavOverrides(trx));
}

export async function loadModuleViews(trx: Trx): Promise<ModuleView[]> {
  return (await trx('module_views').orderBy('sort').select()).map(moduleViewFromRow);
}

export async function loadGroupWithPages(trx: Trx, securityGroupId: number) {
  const g = await trx('security_groups').where({ security_group_id: securityGroupId }).first();
  if (!g) return undefined;
  const pages = await trx('security_group_pages')
    .where({ security_group_id: securityGroupId })
    .orderBy('url')
    .select('url', 'access_level');
  return {
    security_group_id: Number(g.security_group_id),
    name: String(g.name),
    description: String(g.description ?? ''),
    included_modules: asModules(g.included_modules),
    is_admin_group: !!g.is_admin_group,
    pages: pages.map((p: { url: string; access_level: 'Read Only' | 'Read/Write' }) => ({
      url: p.url,
      access_level: p.access_level,
    })),
  };
}
