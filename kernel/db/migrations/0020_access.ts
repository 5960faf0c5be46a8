/**
 * Access and flags additions: impersonation sessions of internal admins, and
 * read access for a tenant to its parent provider tenant's feature flag values
 * (platform.md section 6: flags are keyed by tenant or its parent provider tenant).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // One active impersonation per internal admin. Not tenant-owned (it spans
  // tenants) and not granted to the application role: only system scope reads it.
  await knex.schema.createTable('impersonation_sessions', (t) => {
    t.bigInteger('user_id').primary().references('user_id').inTable('users').onDelete('CASCADE');
    t.bigInteger('target_tenant_id').notNullable().references('tenant_id').inTable('tenants').onDelete('CASCADE');
    t.bigInteger('target_security_group_id');
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
  });
  // A tenant reads (never writes) the flag values of its parent provider tenant.
  await knex.raw(
    `create policy parent_tenant_read on feature_flag_values for select using (tenant_id = (select t.parent_tenant_id from tenants t where t.tenant_id = app_tenant_id()))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`drop policy if exists parent_tenant_read on feature_flag_values`);
  await knex.schema.dropTableIfExists('impersonation_sessions');
}
