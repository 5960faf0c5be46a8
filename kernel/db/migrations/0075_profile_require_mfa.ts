/**
 * Issue 15 (A4, /profile and "require MFA"): a tenant-wide setting that every
 * user whose home tenant it is enrols a second factor at the next sign-in
 * (tenants.require_mfa; tenant admins change it, their tenant row only under
 * RLS), and the phone number a signed-in user is verifying for SMS codes
 * (users.mfa_pending_phone; it becomes phone_number once the code sent there
 * is entered).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tenants', (t) => {
    t.boolean('require_mfa').notNullable().defaultTo(false);
  });
  await knex.schema.alterTable('users', (t) => {
    t.text('mfa_pending_phone');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => t.dropColumn('mfa_pending_phone'));
  await knex.schema.alterTable('tenants', (t) => t.dropColumn('require_mfa'));
}
