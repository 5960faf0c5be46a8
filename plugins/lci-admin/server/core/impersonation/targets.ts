/**
 * GET /v3/lciadmin/impersonation/groups?tenant=N: the security groups of a tenant, to pick whom to impersonate
 * (starting and stopping are the kernel's POST/DELETE /v3/lciadmin/impersonation).
 */
import { z } from 'zod';
import { notFound, type RouteRegistrar } from '../../../../../kernel/index';
import { API_IMPERSONATION_TARGETS } from '../paths';
import { findTenant, securityGroups } from './store';

const API_IMPERSONATION_GROUPS = `${API_IMPERSONATION_TARGETS.replace(/\/targets$/, '')}/groups`;

const groupsResponse = z.object({
  tenant: z.object({ tenantId: z.number().int(), name: z.string(), active: z.boolean() }),
  groups: z.array(
    z.object({
      securityGroupId: z.number().int(),
      name: z.string(),
      isAdminGroup: z.boolean(),
      modules: z.array(z.string()),
    }),
  ),
});

export function impersonationRoutes(r: RouteRegistrar): void {
  r.get(
    API_IMPERSONATION_GROUPS,
    {
      summary: 'Security groups of a tenant that an internal admin may impersonate',
      tags: ['lci-admin'],
      auth: 'internal',
      scope: 'system',
      query: z.object({ tenant: z.coerce.number().int().positive() }),
      response: groupsResponse,
    },
    async ({ db, query }) => {
      const tenant = await findTenant(db, query.tenant);
      if (!tenant) throw notFound(`Tenant ${query.tenant} not found`);
      return { tenant, groups: await securityGroups(db, query.tenant) };
    },
  );
}
