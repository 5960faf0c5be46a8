/**
 * Social sign-in links (issue 13 part 11): the first social sign-in of a user
 * with a provider pins that provider's upstream account (the ID token's issuer
 * and subject) to the user; later sign-ins through the provider must present
 * the same account, not merely the same e-mail. One link per user and
 * provider; an upstream account signs in one user only (checked on linking). Global (users are global
 * identities): system scope only, so the application role gets no grant.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('federated_identities', (t) => {
    t.bigIncrements('federated_identity_id');
    t.bigInteger('user_id').notNullable().references('user_id').inTable('users').onDelete('CASCADE');
    t.text('provider').notNullable(); // ms | google
    t.text('issuer').notNullable();
    t.text('subject').notNullable();
    t.timestamp('linked_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_used_at', { useTz: true });
    t.unique(['user_id', 'provider']);
    t.index(['issuer', 'subject']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('federated_identities');
}
