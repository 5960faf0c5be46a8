/**
 * GET /v3/tenant/:tenantId/assessmentUsers (module Assessment, page /assessment, any access): the tenant's active
 * users as the assessor and reviewer pickers' options, so every user who may take an assessment gets them (the
 * tenant admins' user list is for admins only). Read only, through the kernel's listTenantUsers.
 */
import { listTenantUsers, type RouteRegistrar } from '../../../../kernel/index';
import { assessmentUsersAnswer, tenantParams } from '../../shared/api';
import { ASSESSMENT_PAGE } from '../../shared/pages';

export function assessmentUserRoutes(r: RouteRegistrar): void {
  r.get(
    '/v3/tenant/:tenantId/assessmentUsers',
    {
      summary: "The tenant's active users, in name order: the assessor and reviewer pickers' options",
      params: tenantParams,
      page: ASSESSMENT_PAGE,
      module: 'Assessment',
      response: assessmentUsersAnswer,
    },
    async ({ db, tenantId }) => ({
      users: (await listTenantUsers(db, tenantId, { activeOnly: true })).map((u) => ({
        tenant_user_id: u.tenant_user_id,
        name: u.name || u.email,
        email: u.email,
      })),
    }),
  );
}
