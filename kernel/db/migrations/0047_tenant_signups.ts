/**
 * Tenant sign-ups (platform.md 3 "Tenant signup payload", 7.1 insertUserAndTenant):
 * the tenant a self sign-up created, for whom, and a hash of the payload, so a
 * retry with the same payload answers the same ids and a different one is
 * refused; the affiliate code, the sign-up source and the geo lookup are kept
 * with it. One sign-up per user. Tenant-owned (RLS); the public sign-up
 * operations read and write it in the system scope.
 */
import type { Knex } from 'knex';
import { createTenantTable } from '../tenant-table';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'tenant_signups',
    (t) => {
      t.bigInteger('user_id').notNullable().references('user_id').inTable('users').onDelete('CASCADE');
      t.text('email').notNullable();
      t.text('payload_hash').notNullable();
      t.text('affiliate');
      t.text('signup_source');
      t.jsonb('user_geo').notNullable().defaultTo('{}');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.foreign('tenant_id').references('tenant_id').inTable('tenants').onDelete('CASCADE');
      t.unique(['user_id'], { indexName: 'tenant_signups_user_id_key' });
    },
    { primaryKey: ['user_id'] },
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('tenant_signups');
}
