/**
 * The tenant-wide "require MFA" setting (issue 15 A4), for tenant admins; shown as the "Security" section of
 * /accountsettings (workspace settingsSections slot). Enforced at the next sign-in: the login rules read
 * tenants.require_mfa of the user's home tenant with the user (login/users.ts), so a user of that tenant
 * without a second factor gets MFA_SETUP (enrol an authenticator app) before a session. Sessions already open
 * keep going until they end.
 *
 *   GET /v3/tenantadmin/:tenantId/security  -> {requireMfa, usersWithoutMfa, users}
 *   PUT /v3/tenantadmin/:tenantId/security  {requireMfa} -> the same; audited tenant.security.require_mfa
 */
import { z } from 'zod';
import { ACCOUNT_SETTINGS_PAGE, tenantSecurityAnswer, tenantSecurityBody } from '../../../common/api/profile';
import type { Trx } from '../../db/database';
import type { RouteRegistrar } from '../../http/route-spec';

export const TENANT_SECURITY_AUDIT = 'tenant.security.require_mfa';

const params = z.object({ tenantId: z.coerce.number().int().positive() });

async function read(db: Trx, tenantId: number) {
  const t = await db('tenants').where({ tenant_id: tenantId }).first('require_mfa');
  // Members whose home is this tenant (the home tenant decides sign-in, as for force_sso_flag).
  const counts = await db('tenant_users as tu')
    .join('users as u', 'u.user_id', 'tu.user_id')
    .where({ 'tu.tenant_id': tenantId, 'tu.active_flag': true, 'u.current_tenant_id': tenantId, 'u.active_flag': true })
    .select(db.raw('count(*) as users'), db.raw('count(*) filter (where u.mfa_type is null) as without'))
    .first();
  return {
    requireMfa: !!t?.require_mfa,
    users: Number(counts?.users ?? 0),
    usersWithoutMfa: Number(counts?.without ?? 0),
  };
}

export function registerTenantSecurityRoutes(r: RouteRegistrar): void {
  const spec = {
    auth: 'tenantAdmin' as const,
    page: ACCOUNT_SETTINGS_PAGE,
    tags: ['identity', 'tenant security'],
    params,
    response: tenantSecurityAnswer,
  };
  r.get(
    '/v3/tenantadmin/:tenantId/security',
    { ...spec, summary: 'The tenant-wide sign-in security settings (require MFA)' },
    ({ db, tenantId }) => read(db, tenantId),
  );
  r.put(
    '/v3/tenantadmin/:tenantId/security',
    {
      ...spec,
      body: tenantSecurityBody,
      summary: 'Requires (or stops requiring) a second factor of every user at their next sign-in',
    },
    async ({ db, tenantId, body, audit }) => {
      const before = await read(db, tenantId);
      if (before.requireMfa !== body.requireMfa) {
        await db('tenants').where({ tenant_id: tenantId }).update({ require_mfa: body.requireMfa });
        await audit(
          TENANT_SECURITY_AUDIT,
          { requireMfa: body.requireMfa, before: before.requireMfa, usersWithoutMfa: before.usersWithoutMfa },
          `tenant:${tenantId}`,
        );
      }
      return read(db, tenantId);
    },
  );
}
