/**
 * The database as a privilege boundary (issue 13 part 2; privileges.ts):
 *
 * - the system role lci_system (NOLOGIN until `lci db roles`), granted DML on
 *   every table; the system scope counts for it and never for the application
 *   role: app_system_scope() and every tenant_isolation policy now require that
 *   the current role lacks lci_app's privileges (roles.ts, SYSTEM_SCOPE_SQL), so
 *   set_config('app.system', 'on', true) in the application's SQL widens nothing;
 * - SECURITY DEFINER functions owned by lci_system with a fixed search_path;
 * - nobody but the owner creates objects in the schema public.
 */
import type { Knex } from 'knex';
import { createRoleSql, grantJobQueue, grantSystemRole, secureDefinerFunctions } from '../privileges';
import { APP_ROLE, SYSTEM_ROLE, SYSTEM_SCOPE_SQL, tenantPolicySql } from '../roles';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(createRoleSql(SYSTEM_ROLE));
  // A migrating role that is not a superuser gives functions to lci_system only as a member of it.
  await knex.raw(`do $$ begin
    if not (select rolsuper from pg_roles where rolname = current_user) and not pg_has_role(current_user, '${SYSTEM_ROLE}', 'MEMBER') then
      execute format('grant ${SYSTEM_ROLE} to %I', current_user);
    end if;
  end $$`);
  await grantSystemRole(knex);
  await grantJobQueue(knex);
  // Already so on PostgreSQL 15+; before, only the schema's owner may take it back (a notice otherwise).
  await knex.raw(`do $$ begin
    if has_schema_privilege('${APP_ROLE}', 'public', 'CREATE') then
      begin revoke create on schema public from public;
      exception when insufficient_privilege then raise notice 'lci: revoke CREATE on schema public from PUBLIC as its owner'; end;
    end if;
  end $$`);
  await knex.raw(
    `create or replace function app_system_scope() returns boolean language sql stable as $$ select ${SYSTEM_SCOPE_SQL} $$`,
  );
  const expr = tenantPolicySql();
  const { rows } = await knex.raw(
    `select tablename from pg_policies where schemaname = current_schema() and policyname = 'tenant_isolation'`,
  );
  for (const r of rows as { tablename: string }[]) {
    await knex.raw(`alter policy tenant_isolation on ?? using ${expr} with check ${expr}`, [r.tablename]);
  }
  await secureDefinerFunctions(knex);
}

/**
 * The per-database grants of the system role go; the roles themselves and their memberships are cluster-wide
 * (other databases of the cluster use them) and stay. The stricter system scope, the policies and the closed
 * schema stay too: the migrations before this one work with them, and `up` again is idempotent.
 */
export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    `alter default privileges in schema public revoke select, insert, update, delete, truncate, references on tables from ${SYSTEM_ROLE}`,
  );
  await knex.raw(
    `alter default privileges in schema public revoke usage, select, update on sequences from ${SYSTEM_ROLE}`,
  );
  await knex.raw(`revoke all on all tables in schema public from ${SYSTEM_ROLE}`);
  await knex.raw(`revoke all on all sequences in schema public from ${SYSTEM_ROLE}`);
  await knex.raw(`revoke usage on schema public from ${SYSTEM_ROLE}`);
  await knex.raw(
    `do $$ begin execute format('revoke create on database %I from ${SYSTEM_ROLE}', current_database()); end $$`,
  );
}
