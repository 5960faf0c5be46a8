/**
 * Cross-tenant users (issue 13 part 1).
 *
 * tenant_invitations: a tenant admin's invitation to an existing user whose
 * home is another tenant. The membership (tenant_users) is made only when the
 * user accepts through the mailed link (only the SHA-256 of its key is
 * stored); until then the inviting tenant sees the e-mail and the state.
 * A tenant table (row-level security through the tenant-table helper).
 *
 * app_find_identity_for_invite(email, first, last): like app_invite_identity
 * (0046), callable only inside a tenant scope, returns the user id of the
 * e-mail (creating an unconfirmed identity without a password when there is
 * none) and whether that identity already belongs elsewhere (a home tenant
 * other than the caller's, or a membership of another tenant): then the user
 * manager invites instead of adding.
 *
 * users_home_tenant_updates: a restrictive policy on users. In a tenant scope
 * only the user's home tenant (current_tenant_id), a user without a home yet,
 * or the user themselves (app.user_id) may update the global identity row; a
 * tenant that merely has the user as a member cannot, whatever its SQL.
 */
import type { Knex } from 'knex';
import { APP_ROLE, CURRENT_TENANT_SQL, SYSTEM_SETTING } from '../roles';
import { createTenantTable, tenantForeignKey } from '../tenant-table';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'tenant_invitations',
    (t) => {
      t.bigInteger('user_id').notNullable().references('user_id').inTable('users').onDelete('CASCADE');
      t.text('email').notNullable();
      t.bigInteger('security_group_id').notNullable();
      t.boolean('tenant_admin_flag').notNullable().defaultTo(false);
      t.text('key_hash').notNullable().unique();
      t.text('status')
        .notNullable()
        .defaultTo('invited')
        .checkIn(['invited', 'accepted', 'declined', 'expired', 'cancelled']);
      t.bigInteger('invited_by');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.timestamp('responded_at', { useTz: true });
      t.foreign('tenant_id').references('tenant_id').inTable('tenants');
      tenantForeignKey(t, ['security_group_id'], 'security_groups', ['security_group_id'], 'cascade');
    },
    { id: 'invitation_id' },
  );
  // One open invitation per user and tenant.
  await knex.raw(
    `create unique index tenant_invitations_open_key on tenant_invitations (tenant_id, user_id) where status = 'invited'`,
  );

  await knex.raw(`
    create or replace function app_find_identity_for_invite(p_email text, p_first text, p_last text)
    returns table (invited_user_id bigint, created boolean, member_elsewhere boolean)
    language plpgsql security definer set search_path = public as $$
    declare
      t bigint := ${CURRENT_TENANT_SQL};
      prev text := coalesce(current_setting('${SYSTEM_SETTING}', true), '');
      uid bigint;
      home bigint;
      made boolean := false;
      elsewhere boolean := false;
    begin
      if t is null then raise exception 'app_find_identity_for_invite needs a tenant scope'; end if;
      if p_email is null or length(p_email) > 80 or p_email !~ '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' then raise exception 'invalid e-mail'; end if;
      perform set_config('${SYSTEM_SETTING}', 'on', true);
      select u.user_id, u.current_tenant_id into uid, home from users u where u.username = lower(p_email);
      if uid is null then
        insert into users (username, email, name_first, name_last, confirmed_flag, current_tenant_id)
          values (lower(p_email), p_email, coalesce(p_first, ''), coalesce(p_last, ''), false, t)
          returning users.user_id into uid;
        made := true;
      else
        elsewhere := (home is not null and home <> t)
          or exists (select 1 from tenant_users tu where tu.user_id = uid and tu.tenant_id <> t);
      end if;
      perform set_config('${SYSTEM_SETTING}', prev, true);
      return query select uid, made, elsewhere;
    end $$`);
  await knex.raw(`revoke all on function app_find_identity_for_invite(text, text, text) from public`);
  await knex.raw(`grant execute on function app_find_identity_for_invite(text, text, text) to ${APP_ROLE}`);

  await knex.raw(`
    create policy users_home_tenant_updates on users as restrictive for update
    using (app_system_scope() or current_tenant_id is null or current_tenant_id = app_tenant_id()
      or user_id = nullif(current_setting('app.user_id', true), '')::bigint)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop policy if exists users_home_tenant_updates on users');
  await knex.raw('drop function if exists app_find_identity_for_invite(text, text, text)');
  await knex.schema.dropTableIfExists('tenant_invitations');
}
