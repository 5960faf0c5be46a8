/**
 * Identity rows out of the request's reach (issue 26 part 1; privileges.ts).
 *
 * - lci_app's privileges on every kernel table become those of
 *   APP_KERNEL_PRIVILEGES: on users only the names and the home tenant, on
 *   tenants only the formats and require-MFA, on tenant_users no change of a
 *   membership's user, on audit_log append-only, on tenant_module_grants read
 *   only. The rest changes in the system scope or in definer functions.
 * - users_home_tenant_updates no longer trusts app.user_id (an unsigned setting
 *   any request's SQL can set): in a tenant scope only the home tenant (or a user
 *   without a home) updates the identity row; a user's own changes (profile,
 *   password, MFA) run in the system scope.
 * - tenant_users_home_members: a tenant scope adds memberships only for users
 *   whose home is that tenant or who have none (an existing user of another
 *   company joins by accepting an invitation, in the system scope).
 * - registration_keys_home_pending: a registration key only for a user whose
 *   home is the key's tenant and who has not registered (no password or not
 *   confirmed), so SQL cannot issue itself a key that sets another user's password.
 * - Open invitations made before this version carry a plain SHA-256 of their key;
 *   keys are now a MAC under the server secret (invitations/store.ts), so those
 *   are closed as expired (audited in their tenant); the tenant invites again.
 */
import type { Knex } from 'knex';
import { APP_KERNEL_PRIVILEGES, applyAppKernelPrivileges } from '../privileges';
import { APP_ROLE, SYSTEM_SETTING } from '../roles';

/** A definer function: whether a user may be given something by the current tenant scope (home here or none). */
const HOME_HERE_SQL = `
  create or replace function app_user_home_here(p_user bigint, p_pending_only boolean) returns boolean
  language plpgsql volatile security definer set search_path = pg_catalog, public, pg_temp as $$
  declare
    t bigint := app_tenant_id();
    prev text := coalesce(current_setting('${SYSTEM_SETTING}', true), '');
    ok boolean;
  begin
    if t is null then return false; end if;
    -- Users are visible to a tenant only through its memberships: look the user up in the system scope.
    perform set_config('${SYSTEM_SETTING}', 'on', true);
    select exists (select 1 from users u where u.user_id = p_user
      and (u.current_tenant_id = t or u.current_tenant_id is null)
      and (not p_pending_only or u.password_hash is null or not u.confirmed_flag)) into ok;
    perform set_config('${SYSTEM_SETTING}', prev, true);
    return ok;
  end $$`;

export async function up(knex: Knex): Promise<void> {
  await applyAppKernelPrivileges(knex);
  await knex.raw(HOME_HERE_SQL);
  await knex.raw(`revoke all on function app_user_home_here(bigint, boolean) from public`);
  await knex.raw(`grant execute on function app_user_home_here(bigint, boolean) to ${APP_ROLE}`);

  await knex.raw('drop policy if exists users_home_tenant_updates on users');
  await knex.raw(`
    create policy users_home_tenant_updates on users as restrictive for update
    using (app_system_scope() or current_tenant_id is null or current_tenant_id = app_tenant_id())`);

  await knex.raw(`
    create policy tenant_users_home_members on tenant_users as restrictive for insert
    with check (app_system_scope() or app_user_home_here(user_id, false))`);
  await knex.raw(`
    create policy registration_keys_home_pending on registration_keys as restrictive for insert
    with check (app_system_scope() or app_user_home_here(user_id, true))`);

  await knex.raw(`
    insert into audit_log (tenant_id, action, target, details)
    select tenant_id, 'user_manager.invitation.expired', 'user:' || user_id,
      jsonb_build_object('invitationId', invitation_id, 'reason', 'invitation keys are now signed: invite again')
    from tenant_invitations where status = 'invited'`);
  await knex.raw(`update tenant_invitations set status = 'expired', responded_at = now() where status = 'invited'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop policy if exists registration_keys_home_pending on registration_keys');
  await knex.raw('drop policy if exists tenant_users_home_members on tenant_users');
  await knex.raw('drop policy if exists users_home_tenant_updates on users');
  await knex.raw(`
    create policy users_home_tenant_updates on users as restrictive for update
    using (app_system_scope() or current_tenant_id is null or current_tenant_id = app_tenant_id()
      or user_id = nullif(current_setting('app.user_id', true), '')::bigint)`);
  await knex.raw('drop function if exists app_user_home_here(bigint, boolean)');
  // The grants before this version: full DML on tenant tables, select + update on users and tenants.
  for (const p of APP_KERNEL_PRIVILEGES) {
    if (
      [
        'tenant_users',
        'audit_log',
        'tenant_module_grants',
        'registration_keys',
        'tenant_invitations',
        'tenant_signups',
      ].includes(p.table)
    )
      await knex.raw(`grant select, insert, update, delete on ?? to ${APP_ROLE}`, [p.table]);
    if (['users', 'tenants'].includes(p.table)) await knex.raw(`grant select, update on ?? to ${APP_ROLE}`, [p.table]);
  }
}
