/**
 * Impersonation by internal admins (platform.md sections 1 and 6): of a tenant,
 * or of a security group (and so its tenant), only with allowImpersonationFlag.
 * Start and stop are audited in the impersonated tenant with both identities;
 * the admin's next calls resolve to the impersonated tenant and group.
 */
import { impersonationStarted, impersonationStopped } from '../../../common/api/access';
import { z } from 'zod';
import type { Trx } from '../../db/database';
import { badRequest, forbidden, notFound } from '../../http/errors';
import type { RouteRegistrar } from '../../http/route-spec';
import type { Kernel } from '../../kernel';
import type { Caller } from '../../types';
import { afterCommit } from '../scope';
import { MSG_NO_IMPERSONATION } from '../../../common/texts';
import { kernelAccess } from '../service';

const IMPERSONATION_TTL_HOURS = 8;

const startBody = z
  .object({
    tenantId: z.coerce.number().int().positive().optional(),
    securityGroupId: z.coerce.number().int().positive().optional(),
  })
  .refine((b) => b.tenantId !== undefined || b.securityGroupId !== undefined, {
    message: 'Give a tenantId, a securityGroupId or both',
    path: ['tenantId'],
  });

function requireFlag(caller: Caller | null): Caller {
  if (!caller?.isLciAdmin || !caller.allowImpersonationFlag) throw forbidden(MSG_NO_IMPERSONATION);
  return caller;
}

function invalidateLater(k: Kernel, trx: Trx, userId: number) {
  kernelAccess(k).invalidateUser(userId);
  afterCommit(trx, () => kernelAccess(k).invalidateUser(userId));
}

export function registerImpersonationRoutes(r: RouteRegistrar, k: Kernel): void {
  r.post(
    '/v3/lciadmin/impersonation',
    {
      summary: 'Start impersonating a tenant or a security group (internal admins with allowImpersonationFlag)',
      tags: ['access'],
      auth: 'internal',
      scope: 'system',
      body: startBody,
      duringMaintenance: true,
      response: impersonationStarted,
    },
    async ({ db, caller: c, body }) => {
      const caller = requireFlag(c);
      let tenantId = body.tenantId;
      let group: { security_group_id: number; name: string; tenant_id: number } | undefined;
      if (body.securityGroupId !== undefined) {
        const g = await db('security_groups')
          .where({ security_group_id: body.securityGroupId })
          .first('security_group_id', 'name', 'tenant_id');
        if (!g) throw notFound(`Security group ${body.securityGroupId} not found`);
        group = {
          security_group_id: Number(g.security_group_id),
          name: String(g.name),
          tenant_id: Number(g.tenant_id),
        };
        if (tenantId !== undefined && tenantId !== group.tenant_id) {
          throw badRequest(`Security group ${group.security_group_id} does not belong to tenant ${tenantId}`, [
            { path: 'body.securityGroupId', message: `not a security group of tenant ${tenantId}` },
          ]);
        }
        tenantId = group.tenant_id;
      }
      const tenant = await db('tenants').where({ tenant_id: tenantId! }).first('tenant_id', 'name', 'active_flag');
      if (!tenant || !tenant.active_flag) throw notFound(`Tenant ${tenantId} not found`);

      const previous = await db('impersonation_sessions').where({ user_id: caller.userId }).first();
      const expiresAt = new Date(Date.now() + IMPERSONATION_TTL_HOURS * 3600_000);
      await db('impersonation_sessions')
        .insert({
          user_id: caller.userId,
          target_tenant_id: tenantId,
          target_security_group_id: group?.security_group_id ?? null,
          started_at: db.fn.now(),
          expires_at: expiresAt,
        })
        .onConflict('user_id')
        .merge();
      const impersonation = {
        tenantId: Number(tenant.tenant_id),
        tenantName: String(tenant.name),
        securityGroupId: group?.security_group_id ?? null,
        securityGroupName: group?.name ?? null,
      };
      await k.audit.write(db, {
        tenantId: impersonation.tenantId,
        actorUserId: caller.userId,
        impersonatorUserId: caller.userId,
        action: 'impersonation.start',
        target: group ? `security_group:${group.security_group_id}` : `tenant:${impersonation.tenantId}`,
        details: {
          impersonator: {
            userId: caller.userId,
            username: caller.username,
            homeTenantId: caller.homeTenantId,
            securityGroupId: caller.originalSecurityGroupId,
          },
          impersonated: impersonation,
          expiresAt: expiresAt.toISOString(),
          replaced: previous
            ? {
                tenantId: Number(previous.target_tenant_id),
                securityGroupId:
                  previous.target_security_group_id === null ? null : Number(previous.target_security_group_id),
              }
            : null,
        },
      });
      invalidateLater(k, db, caller.userId);
      return { impersonation, expiresAt: expiresAt.toISOString() };
    },
  );

  r.delete(
    '/v3/lciadmin/impersonation',
    {
      summary: 'Stop impersonating',
      tags: ['access'],
      auth: 'internal',
      scope: 'system',
      duringMaintenance: true,
      response: impersonationStopped,
    },
    async ({ db, caller: c }) => {
      const caller = c!;
      const previous = await db('impersonation_sessions').where({ user_id: caller.userId }).first();
      if (previous) {
        await db('impersonation_sessions').where({ user_id: caller.userId }).delete();
        await k.audit.write(db, {
          tenantId: Number(previous.target_tenant_id),
          actorUserId: caller.userId,
          impersonatorUserId: caller.userId,
          action: 'impersonation.stop',
          target:
            previous.target_security_group_id !== null
              ? `security_group:${previous.target_security_group_id}`
              : `tenant:${previous.target_tenant_id}`,
          details: {
            impersonator: { userId: caller.userId, username: caller.username, homeTenantId: caller.homeTenantId },
            impersonated: {
              tenantId: Number(previous.target_tenant_id),
              securityGroupId:
                previous.target_security_group_id === null ? null : Number(previous.target_security_group_id),
            },
            startedAt: previous.started_at,
          },
        });
      }
      invalidateLater(k, db, caller.userId);
      return { impersonation: null };
    },
  );
}
