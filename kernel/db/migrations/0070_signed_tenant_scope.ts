/**
 * The signed tenant scope (PostgreSQL; scope-key.ts): app_scope_key with a
 * random key only lci_system reads; app_tenant_id() honours app.tenant_id only
 * with its signature for this backend; every tenant policy bounds the tenant
 * by `(select app_tenant_id())`, and every other function of the schema that
 * read the setting directly (the definer functions of 0046 and 0050) now reads
 * app_tenant_id(). So set_config('app.tenant_id', ...) in the application's
 * own SQL reaches no other tenant. PGlite: nothing changes.
 */
import type { Knex } from 'knex';
import { CURRENT_TENANT_SQL, TENANT_SETTING, tenantPolicySql } from '../roles';
import { createScopeKey, SCOPE_KEY_TABLE, SIGNED_TENANT_FUNCTION_SQL } from '../scope-key';

/** Every tenant policy (tenant_isolation, tenant_self) bounded by the signed tenant, or by the plain setting again. */
async function setTenantPolicies(knex: Knex, signed: boolean): Promise<void> {
  const expr = tenantPolicySql('tenant_id', signed);
  const { rows } = await knex.raw(`
    select c.relname as table, p.polname as policy from pg_policy p
    join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and p.polname in ('tenant_isolation', 'tenant_self')`);
  for (const { table, policy } of rows as { table: string; policy: string }[]) {
    await knex.raw(`alter policy ?? on ?? using ${expr} with check ${expr}`, [policy, table]);
  }
}

export async function up(knex: Knex): Promise<void> {
  const v = await knex.raw(`select version() like '%PGlite%' as pglite`);
  if (v.rows[0].pglite) return;
  await createScopeKey(knex);
  await knex.raw(SIGNED_TENANT_FUNCTION_SQL);
  await setTenantPolicies(knex, true);
  // Functions that read the tenant setting directly: the same definition, reading app_tenant_id() instead.
  const fns = await knex.raw(
    `
    select p.oid::regprocedure::text as f, pg_get_functiondef(p.oid) as def from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = current_schema() and p.proname <> 'app_tenant_id' and p.prokind = 'f' and p.prosrc like ?`,
    [`%${TENANT_SETTING}%`],
  );
  for (const { f, def } of fns.rows as { f: string; def: string }[]) {
    const next = def.split(CURRENT_TENANT_SQL).join('app_tenant_id()');
    if (next.includes(TENANT_SETTING))
      throw new Error(
        `migration 0070: ${f} reads ${TENANT_SETTING} in a form it cannot rewrite; make it read app_tenant_id()`,
      );
    await knex.raw(next.replace(/\?/g, '\\?'));
  }
}

/**
 * PostgreSQL: the policies read the plain setting again, app_tenant_id() is 0001's unsigned function and the key
 * table goes. The functions rewritten to read app_tenant_id() keep that form (the same value once it is unsigned).
 */
export async function down(knex: Knex): Promise<void> {
  const v = await knex.raw(`select version() like '%PGlite%' as pglite`);
  if (v.rows[0].pglite) return;
  await setTenantPolicies(knex, false);
  await knex.raw(
    `create or replace function app_tenant_id() returns bigint language sql stable security invoker as $$ select ${CURRENT_TENANT_SQL} $$`,
  );
  await knex.raw(`drop table if exists ${SCOPE_KEY_TABLE}`);
}
