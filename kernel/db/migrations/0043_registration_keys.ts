/**
 * Registration keys (platform.md 2.3 "Sign up by registration key"): issued
 * when a tenant admin invites a user; the invitee opens
 * /signUpRegisteredUser?registrationKey=<key>, sets names and a password.
 * Only a SHA-256 of the key is stored; a key is single use and expires.
 * Tenant-owned (RLS); the public sign-up lookup reads it in the system scope.
 */
import type { Knex } from 'knex';
import { createTenantTable } from '../tenant-table';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'registration_keys',
    (t) => {
      t.bigInteger('user_id').notNullable().references('user_id').inTable('users').onDelete('CASCADE');
      t.text('key_hash').notNullable().unique();
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.timestamp('used_at', { useTz: true });
      t.bigInteger('created_by');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.foreign('tenant_id').references('tenant_id').inTable('tenants');
      t.index(['user_id']);
    },
    { id: 'registration_key_id' },
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('registration_keys');
}
