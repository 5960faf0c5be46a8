/**
 * GET /v3/lciadmin/impersonation/groups?tenant=N: the security groups of a tenant, to pick whom to impersonate
 * (starting and stopping are the kernel's POST/DELETE /v3/lciadmin/impersonation).
 */
import { z } from 'zod';
import { notFound, type RouteRegistrar } from '../../../../../kernel/index';
import { API_IMPERSONATION_TARGETS } from '../paths';

export const API_IMPERSONATION_GROUPS = `${API_IMPERSONATION_TARGETS.replace(/\/targets$/, '')}/groups`;

export function impersonationRoutes(r: RouteRegistrar): void {
  r.get(API_IMPERSONATION_GROUPS, {
    summary: 'Security groups of a tenant that an internal admin may impersonate', tags: ['lci-admin'],
    auth: 'internal', scope: 'system', query: z.object({ tenant: z.coerce.number().int().positive() }),
  }, async ({ db, query }) => {
    const tenant = await db('tenants').where({ tenant_id: query.tenant }).first('tenant_id', 'name', 'active_flag');
    if (!tenant) throw notFound(`Tenant ${query.tenant} not found`);
    const groups = await db('security_groups').where({ tenant_id: query.tenant }).orderBy('name')
      .select('security_group_id', 'name', 'is_admin_group', 'included_modules');
    return {
      tenant: { tenantId: Number(tenant.tenant_id), name: String(tenant.name), active: !!tenant.active_flag },
      groups: groups.map((g: any) => ({ securityGroupId: Number(g.security_group_id), name: String(g.name), isAdminGroup: !!g.is_admin_group, modules: g.included_modules ?? [] })),
    };
  });
}
