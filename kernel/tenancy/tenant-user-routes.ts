/**
 * Tenant user routes (platform.md 7.4 "Tenant user"):
 *
 *   GET  /v3/tenant/:tenantId/tenantuser/:userId -> {user}: the caller's own record, or any of the tenant for a tenant admin.
 *   POST /v3/tenant/:tenantId/tenantuser {operation:'accept_terms', payload:{tenant_id, user_id}} -> {records_updated, user}
 *        only for the caller's own row (audited).
 *
 * The user-manager operations (update, insert, resend registration e-mail) are
 * further members of TENANT_USER_OPERATIONS.
 */
import { z } from 'zod';
import { acceptTermsAnswer, tenantUserAnswer } from '../../common/api/tenancy';
import { forbidden, notFound } from '../http/errors';
import type { RouteRegistrar } from '../http/route-spec';
import type { Kernel } from '../kernel';
import { acceptTerms, getTenantUser } from './tenant-users';

const id = z.coerce.number().int().positive();
const userParams = z.object({ tenantId: id, userId: id });
const tenantParams = z.object({ tenantId: id });

const acceptTermsOp = z.object({
  operation: z.literal('accept_terms'),
  payload: z.object({ tenant_id: id, user_id: id }),
});
const TENANT_USER_OPERATIONS = [acceptTermsOp] as const;
const operationBody = z.discriminatedUnion('operation', TENANT_USER_OPERATIONS);

const MSG_OWN_USER_ONLY = 'You can only see your own user unless you are a tenant administrator';
const MSG_OWN_TERMS_ONLY = 'Terms of use can only be accepted by the user themselves';

export function registerTenantUserRoutes(r: RouteRegistrar, _k: Kernel): void {
  r.get(
    '/v3/tenant/:tenantId/tenantuser/:userId',
    {
      summary: "A user of the tenant (the caller's own, or any for a tenant admin), with the terms acceptance",
      tags: ['tenancy'],
      params: userParams,
      response: tenantUserAnswer,
    },
    async ({ db, params, caller, tenantId }) => {
      if (params.userId !== caller!.userId && !caller!.isTenantAdmin && !caller!.isLciAdmin)
        throw forbidden(MSG_OWN_USER_ONLY);
      const user = await getTenantUser(db, tenantId, params.userId);
      if (!user) throw notFound(`User ${params.userId} is not a user of this tenant`);
      return { user };
    },
  );

  r.post(
    '/v3/tenant/:tenantId/tenantuser',
    {
      summary: "Tenant user operations: accept_terms records the caller's acceptance of the terms of use",
      tags: ['tenancy'],
      params: tenantParams,
      body: operationBody,
      response: acceptTermsAnswer,
      duringMaintenance: false,
    },
    async ({ db, body, caller, tenantId, audit }) => {
      const { tenant_id, user_id } = body.payload;
      if (tenant_id !== tenantId || user_id !== caller!.userId) throw forbidden(MSG_OWN_TERMS_ONLY);
      const records_updated = await acceptTerms(db, tenantId, user_id);
      const user = await getTenantUser(db, tenantId, user_id);
      if (records_updated) await audit('identity.terms.accepted', {}, String(user_id));
      return { records_updated, user };
    },
  );
}
