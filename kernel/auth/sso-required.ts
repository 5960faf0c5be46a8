/**
 * force_sso_flag inside a transaction the caller already holds (a request's
 * system-scope transaction; UserStore.requiresSso wraps it in its own): the user's
 * membership of their home tenant (users.current_tenant_id) forces single
 * sign-on. Such a user has no use for a password: reset and change refuse.
 */
import type { Knex } from 'knex';

export async function ssoRequired(db: Knex, userId: number): Promise<boolean> {
  const row = await db('tenant_users as tu')
    .join('users as u', function home() {
      this.on('u.user_id', 'tu.user_id').andOn('u.current_tenant_id', 'tu.tenant_id');
    })
    .where({ 'tu.user_id': userId, 'tu.force_sso_flag': true, 'tu.active_flag': true })
    .first('tu.user_id');
  return !!row;
}
