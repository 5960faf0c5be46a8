/**
 * Multi-factor sign-in: whether a user must enrol an authenticator app
 * (MFA_SETUP), the secret offered during enrolment (encrypted, kept server-side
 * so the browser cannot swap it) and the last accepted TOTP time step (a code
 * is not accepted twice).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.boolean('mfa_required').notNullable().defaultTo(false);
    t.text('mfa_setup_secret');
    t.bigInteger('mfa_last_time_step');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('mfa_last_time_step');
    t.dropColumn('mfa_setup_secret');
    t.dropColumn('mfa_required');
  });
}
