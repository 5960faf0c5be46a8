/** GET /v3/manager/session: the signed-in user's session (contracts: "Session and access"). */
import { sessionAnswer } from '../../../common/api/session';
import { HttpError } from '../../http/errors';
import type { RouteRegistrar } from '../../http/route-spec';
import type { Kernel } from '../../kernel';
import type { Caller } from '../../types';
import type { Profile } from '../resolve';
import { kernelAccess } from '../service';
import { pageModulesOf } from '../catalog';
import { enterTenant } from '../scope';
import { MSG_NOT_AUTHORIZED } from '../../../common/texts';

function sessionBody(
  k: Kernel,
  caller: Caller,
  profile: Profile,
  extra: { flags: Record<string, boolean>; tacAcceptance: boolean; maintenance: { on: boolean; message: string } },
) {
  return {
    user: {
      username: profile.username,
      name: [profile.firstName, profile.lastName].filter(Boolean).join(' '),
      firstName: profile.firstName,
      lastName: profile.lastName,
      phoneNumber: profile.phoneNumber,
      phoneNumberVerified: profile.phoneNumberVerified,
      companyName: profile.companyName,
      regionCode: profile.regionCode,
      pic: profile.pic,
      authenticatedUserId: caller.userId,
      isLciAdmin: caller.isLciAdmin,
      isTenantAdmin: caller.isTenantAdmin,
      isSandboxTenant: caller.isSandboxTenant,
      isInternal: caller.isInternal,
      allowImpersonationFlag: caller.allowImpersonationFlag,
      securityGroupId: caller.securityGroupId,
      originalSecurityGroupId: caller.originalSecurityGroupId,
      currentTenantId: caller.tenantId,
      currentSpTenantId: null as number | null,
      userNotificationUuid: profile.userNotificationUuid,
      unifiedUserId: String(caller.userId),
      unifiedTenantId: caller.tenantId === null ? null : String(caller.tenantId),
      mfaType: profile.mfaType,
      idProviderName: profile.idProviderName,
    },
    tenant: profile.tenant
      ? {
          tenantId: profile.tenant.tenantId,
          name: profile.tenant.name,
          currency: profile.tenant.currency,
          dateFormat: profile.tenant.dateFormat,
          regionCode: profile.tenant.regionCode,
        }
      : null,
    tacAcceptance: extra.tacAcceptance,
    userAccessPages: caller.pages.map((p) => ({ url: p.url, access_level: p.access_level })),
    inMaintenance: extra.maintenance.on,
    maintenanceMessage: extra.maintenance.message,
    modules: [...caller.modules],
    // The modules each page needs (one of them opens it; pages that need none are left out): the workspace's guard
    // blocks a page whose modules the caller lacks, as the server refuses the page's routes.
    pageModules: pageModulesOf(k),
    flags: extra.flags,
    impersonation: profile.impersonation,
    plugins: k.plugins.map((p) => p.id),
  };
}

export function registerSessionRoutes(r: RouteRegistrar, k: Kernel): void {
  // Public scope on purpose: a signed-in user without a tenant still gets a
  // session; the handler scopes the transaction to the caller's tenant when there is one.
  r.get(
    '/v3/manager/session',
    {
      summary: 'The signed-in user, tenant, access pages, modules, flags and impersonation state',
      tags: ['session'],
      scope: 'public',
      reroute: false,
      response: sessionAnswer,
    },
    async ({ db, caller }) => {
      const profile = caller ? kernelAccess(k).profileOf(caller) : undefined;
      if (!caller || !profile) throw new HttpError(401, MSG_NOT_AUTHORIZED);
      let flags: Record<string, boolean> = {};
      let tacAcceptance = profile.tacAcceptance;
      if (caller.tenantId !== null) {
        await enterTenant(db, caller.tenantId, caller.userId);
        flags = await k.flags.all(db, caller.tenantId, caller.userId);
        if (!caller.impersonation) {
          // Fresh, so accepting the terms shows at once.
          const tu = await db('tenant_users')
            .where({ tenant_id: caller.tenantId, user_id: caller.userId })
            .first('accept_timestamp');
          tacAcceptance = !!tu?.accept_timestamp;
        }
      } else {
        const keys = await db('feature_flags').select('flag_key').orderBy('flag_key');
        flags = Object.fromEntries(keys.map((r: { flag_key: string }) => [r.flag_key, false]));
      }
      const setting = await db('kernel_settings').where({ key: 'maintenance' }).first('value');
      const m = (typeof setting?.value === 'string' ? JSON.parse(setting.value) : setting?.value) as
        { on?: boolean; message?: string } | undefined;
      return sessionBody(k, caller, profile, {
        flags,
        tacAcceptance,
        maintenance: { on: !!m?.on, message: m?.message ?? '' },
      });
    },
  );
}
