/**
 * A short-lived access token for scripted support (`lci admin impersonate`): the admin's own identity, impersonating a
 * tenant or one of its security groups for the token's lifetime. It uses the kernel's impersonation sessions (the
 * same as POST /v3/lciadmin/impersonation, so the admin's browser session impersonates the same target meanwhile) and
 * the identity service's token issuing; both end at the same time. Audited as impersonation.start with both identities.
 */
import type { Kernel, Trx } from '../../../../../kernel/index';
import { findSecurityGroup, findTenant, findUser, MSG_NO_IMPERSONATION } from '../../../../../kernel/index';
import { tokenTtlSeconds } from './rules';

export class ImpersonateError extends Error {}

interface ImpersonateRequest {
  tenantId: number;
  securityGroupId?: number;
  asEmail: string;
  minutes: number;
  by: string;
}
interface ImpersonateResult {
  accessToken: string;
  tokenType: 'Bearer';
  expiresAt: string;
  expiresIn: number;
  userId: number;
  tenantId: number;
  tenantName: string;
  securityGroupId: number | null;
  securityGroupName: string | null;
}

async function prepare(k: Kernel, db: Trx, req: ImpersonateRequest, ttl: number) {
  const user = await findUser(db, { username: req.asEmail });
  if (!user || !user.active) throw new ImpersonateError(`No active user ${req.asEmail}.`);
  if (!user.isLciAdmin) throw new ImpersonateError(`${user.username} is not an internal (LCI) admin.`);
  if (!user.allowImpersonation) throw new ImpersonateError(MSG_NO_IMPERSONATION);
  const tenant = await findTenant(db, req.tenantId);
  if (!tenant || !tenant.active) throw new ImpersonateError(`Tenant ${req.tenantId} not found (or not active).`);
  let group: { security_group_id: number; name: string } | undefined;
  if (req.securityGroupId !== undefined) {
    const g = await findSecurityGroup(db, req.tenantId, req.securityGroupId);
    if (!g)
      throw new ImpersonateError(`Security group ${req.securityGroupId} is not a group of tenant ${req.tenantId}.`);
    group = { security_group_id: g.securityGroupId, name: g.name };
  }
  const userId = user.userId;
  const expiresAt = new Date(Date.now() + ttl * 1000);
  await db('impersonation_sessions')
    .insert({
      user_id: userId,
      target_tenant_id: req.tenantId,
      target_security_group_id: group ? Number(group.security_group_id) : null,
      started_at: db.fn.now(),
      expires_at: expiresAt,
    })
    .onConflict('user_id')
    .merge();
  await k.audit.write(db, {
    tenantId: req.tenantId,
    actorUserId: userId,
    impersonatorUserId: userId,
    action: 'impersonation.start',
    target: group ? `security_group:${group.security_group_id}` : `tenant:${req.tenantId}`,
    details: {
      via: 'cli',
      by: req.by,
      token: true,
      expiresAt: expiresAt.toISOString(),
      impersonator: {
        userId,
        username: user.username,
        homeTenantId: user.currentTenantId,
      },
      impersonated: {
        tenantId: req.tenantId,
        tenantName: tenant.name,
        securityGroupId: group ? Number(group.security_group_id) : null,
        securityGroupName: group?.name ?? null,
      },
    },
  });
  return {
    userId,
    homeTenantId: user.currentTenantId ?? undefined,
    expiresAt,
    tenantName: String(tenant.name),
    group,
  };
}

export async function impersonationToken(k: Kernel, req: ImpersonateRequest): Promise<ImpersonateResult> {
  let ttl: number;
  try {
    ttl = tokenTtlSeconds(req.minutes);
  } catch (e) {
    throw new ImpersonateError((e as Error).message);
  }
  const p = await k.db.withSystem((db) => prepare(k, db, req, ttl));
  // After the commit (issuing looks the user up on its own connection).
  const accessToken = await k.identity.issueAccessToken(p.userId, { ttlSeconds: ttl });
  k.access.invalidate();
  return {
    accessToken,
    tokenType: 'Bearer',
    expiresAt: p.expiresAt.toISOString(),
    expiresIn: ttl,
    userId: p.userId,
    tenantId: req.tenantId,
    tenantName: p.tenantName,
    securityGroupId: p.group ? Number(p.group.security_group_id) : null,
    securityGroupName: p.group?.name ?? null,
  };
}
