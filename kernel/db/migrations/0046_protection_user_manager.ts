/**
 * Sign-in protection and the user manager.
 *
 * sign_in_failures: failed sign-ins per e-mail and per client address (keys
 * stored as SHA-256), so the lockout (10 per e-mail, 200 per address in 15
 * minutes) holds across server processes on one database. Global, system
 * scope only: the application role gets no grant.
 *
 * app_invite_identity(email, first, last): the user manager's insert runs in
 * the tenant admin's tenant scope, where users (global identities) cannot be
 * inserted and users of other tenants are invisible. This function, callable
 * only inside a tenant scope, returns the user id of the e-mail, creating an
 * unconfirmed identity without a password when there is none; the membership
 * (tenant_users) is then inserted under row-level security as usual.
 */
import type { Knex } from 'knex';
import { APP_ROLE, CURRENT_TENANT_SQL, SYSTEM_SETTING } from '../roles';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sign_in_failures', (t) => {
    t.bigIncrements('sign_in_failure_id');
    t.text('kind').notNullable(); // email | address
    t.text('key_hash').notNullable();
    t.timestamp('failed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['kind', 'key_hash', 'failed_at']);
    t.index(['failed_at']);
  });

  await knex.raw(`
    create or replace function app_invite_identity(p_email text, p_first text, p_last text)
    returns table (invited_user_id bigint, created boolean)
    language plpgsql security definer set search_path = public as $$
    declare
      t bigint := ${CURRENT_TENANT_SQL};
      prev text := coalesce(current_setting('${SYSTEM_SETTING}', true), '');
      uid bigint;
      made boolean := false;
    begin
      if t is null then raise exception 'app_invite_identity needs a tenant scope'; end if;
      if p_email is null or length(p_email) > 80 or p_email !~ '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' then raise exception 'invalid e-mail'; end if;
      perform set_config('${SYSTEM_SETTING}', 'on', true);
      select u.user_id into uid from users u where u.username = lower(p_email);
      if uid is null then
        insert into users (username, email, name_first, name_last, confirmed_flag, current_tenant_id)
          values (lower(p_email), p_email, coalesce(p_first, ''), coalesce(p_last, ''), false, t)
          returning users.user_id into uid;
        made := true;
      end if;
      perform set_config('${SYSTEM_SETTING}', prev, true);
      return query select uid, made;
    end $$`);
  await knex.raw(`revoke all on function app_invite_identity(text, text, text) from public`);
  await knex.raw(`grant execute on function app_invite_identity(text, text, text) to ${APP_ROLE}`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop function if exists app_invite_identity(text, text, text)');
  await knex.schema.dropTableIfExists('sign_in_failures');
}
