/**
 * A short-lived access token for scripted support (`lci admin impersonate`): the admin's own identity, impersonating a
 * tenant or one of its security groups for the token's lifetime. It uses the kernel's impersonation sessions (the
 * same as POST /v3/lciadmin/impersonation, so the admin's browser session impersonates the same target meanwhile) and
 * the identity service's token issuing; both end at the same time. Audited as impersonation.start with both identities.
 */
import type { Kernel, Trx } from '../../../../../kernel/index';
import { MSG_NO_IMPERSONATION } from '../../../../../kernel/index';
import { tokenTtlSeconds } from './rules';

export class ImpersonateError extends Error {}

export interface ImpersonateRequest {
  tenantId: number;
  securityGroupId?: number;
  asEmail: string;
  minutes: number;
  by: string;
}
export interface ImpersonateResult {
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
  const user = await db('users')
    .whereRaw('lower(username) = ?', [req.asEmail.trim().toLowerCase()])
    .first('user_id', 'username', 'is_lci_admin', 'allow_impersonation_flag', 'active_flag', 'current_tenant_id');
  if (!user || !user.active_flag) throw new ImpersonateError(`No active user ${req.asEmail}.`);
  if (!user.is_lci_admin) throw new ImpersonateError(`${user.username} is not an internal (LCI) admin.`);
  if (!user.allow_impersonation_flag) throw new ImpersonateError(MSG_NO_IMPERSONATION);
  const tenant = await db('tenants').where({ tenant_id: req.tenantId }).first('tenant_id', 'name', 'active_flag');
  if (!tenant || !tenant.active_flag) throw new ImpersonateError(`Tenant ${req.tenantId} not found (or not active).`);
  let group: { security_group_id: number; name: string } | undefined;
  if (req.securityGroupId !== undefined) {
    group = await db('security_groups')
      .where({ tenant_id: req.tenantId, security_group_id: req.securityGroupId })
      .first('security_group_id', 'name');
    if (!group)
      throw new ImpersonateError(`Security group ${req.securityGroupId} is not a group of tenant ${req.tenantId}.`);
  }
  const userId = Number(user.user_id);
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
        homeTenantId: user.current_tenant_id === null ? null : Number(user.current_tenant_id),
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
    homeTenantId: user.current_tenant_id === null ? undefined : Number(user.current_tenant_id),
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
