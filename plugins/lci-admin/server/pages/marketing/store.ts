/** The marketing export's rows: active tenants and their active users (system scope), from the kernel's directory. */
import { listMembers, listTenants, tenantActivity, type Trx } from '../../../../../kernel/index';

export async function marketingTenants(db: Trx, since?: string): Promise<any[]> {
  const tenants = await listTenants(db, { customersOnly: true, activeOnly: true, createdSince: since });
  const activity = await tenantActivity(db);
  return tenants.map((t) => ({
    tenant_id: t.tenantId,
    name: t.name,
    email_domain: t.emailDomain,
    url: t.url,
    region_code: t.regionCode,
    currency: t.currency,
    created_at: t.createdAt,
    users: activity.get(t.tenantId)?.activeUsers ?? 0,
    last_activity_at: activity.get(t.tenantId)?.lastActivityAt ?? null,
  }));
}

/** Active, non-internal users of active tenants. */
export async function marketingUsers(db: Trx, since?: string): Promise<any[]> {
  const tenants = new Map((await listTenants(db, { activeOnly: true })).map((t) => [t.tenantId, t.name]));
  const members = await listMembers(db, { activeOnly: true, excludeInternal: true, userCreatedSince: since });
  return members
    .filter((m) => tenants.has(m.tenantId))
    .sort((a, b) => a.tenantId - b.tenantId || a.userId - b.userId)
    .map((m) => ({
      user_id: m.userId,
      email: m.user.email,
      name_first: m.user.nameFirst,
      name_last: m.user.nameLast,
      tenant_id: m.tenantId,
      tenant_name: tenants.get(m.tenantId),
      tenant_admin_flag: m.tenantAdmin,
      region_code: m.user.regionCode,
      created_at: m.user.createdAt,
      last_sign_in_at: m.user.lastSignInAt,
    }));
}
