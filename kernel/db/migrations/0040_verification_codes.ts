/**
 * One-time codes of the identity flows (sign-up confirmation, password reset,
 * SMS sign-in step): stored as an HMAC of the code, single use, with an expiry
 * and a count of wrong tries. Global (users are global identities): read and
 * written in the system scope only, so the application role gets no grant.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('verification_codes', (t) => {
    t.bigIncrements('verification_code_id');
    t.bigInteger('user_id').notNullable().references('user_id').inTable('users').onDelete('CASCADE');
    t.text('purpose').notNullable();
    t.text('code_hash').notNullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'purpose']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('verification_codes');
}
