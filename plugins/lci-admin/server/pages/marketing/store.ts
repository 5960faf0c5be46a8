/** SQL of the marketing export: active tenants and their active users (system scope). */
import type { Trx } from '../../../../../kernel/index';

export async function marketingTenants(db: Trx, since?: string): Promise<any[]> {
  const q = db('tenants as t')
    .where('t.tenant_id', '>', 0)
    .where('t.active_flag', true)
    .orderBy('t.tenant_id')
    .select(
      't.tenant_id',
      't.name',
      't.email_domain',
      't.url',
      't.region_code',
      't.currency',
      't.created_at',
      db.raw(
        '(select count(*) from tenant_users tu where tu.tenant_id = t.tenant_id and tu.active_flag)::int as users',
      ),
      db.raw(
        '(select max(tu.last_activity_at) from tenant_users tu where tu.tenant_id = t.tenant_id) as last_activity_at',
      ),
    );
  if (since) q.where('t.created_at', '>=', since);
  return q;
}

/** Active, non-internal users of active tenants. */
export async function marketingUsers(db: Trx, since?: string): Promise<any[]> {
  const q = db('tenant_users as tu')
    .join('users as u', 'u.user_id', 'tu.user_id')
    .join('tenants as t', 't.tenant_id', 'tu.tenant_id')
    .where('tu.active_flag', true)
    .where('u.active_flag', true)
    .where('t.active_flag', true)
    .where('u.is_internal', false)
    .orderBy(['t.tenant_id', 'u.user_id'])
    .select(
      'u.user_id',
      'u.email',
      'u.name_first',
      'u.name_last',
      't.tenant_id',
      't.name as tenant_name',
      'tu.tenant_admin_flag',
      'u.region_code',
      'u.created_at',
      'u.last_sign_in_at',
    );
  if (since) q.where('u.created_at', '>=', since);
  return q;
}
