/** The non-owner application role (no BYPASSRLS) that every request runs as. */
import type { Knex } from 'knex';
import { APP_ROLE, CURRENT_TENANT_SQL, SYSTEM_SCOPE_SQL } from '../roles';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `do $$ begin if not exists (select 1 from pg_roles where rolname = '${APP_ROLE}') then create role ${APP_ROLE} nologin nobypassrls; end if; end $$`,
  );
  await knex.raw(`grant usage on schema public to ${APP_ROLE}`);
  await knex.raw(`alter default privileges in schema public grant usage, select on sequences to ${APP_ROLE}`);
  await knex.raw(
    `create or replace function app_tenant_id() returns bigint language sql stable as $$ select ${CURRENT_TENANT_SQL} $$`,
  );
  await knex.raw(
    `create or replace function app_system_scope() returns boolean language sql stable as $$ select ${SYSTEM_SCOPE_SQL} $$`,
  );
}

/** The per-database part only: the role lci_app is cluster-wide (other databases of the cluster use it) and stays. */
export async function down(knex: Knex): Promise<void> {
  await knex.raw(`drop function if exists app_system_scope()`);
  await knex.raw(`drop function if exists app_tenant_id()`);
  await knex.raw(`alter default privileges in schema public revoke usage, select on sequences from ${APP_ROLE}`);
  await knex.raw(`revoke usage on schema public from ${APP_ROLE}`);
}
