/**
 * Access tokens a user's password change, password reset, MFA reset or
 * `lci user sessions --revoke` ends at once (issue 26 part 3): one row per
 * user, "refuse every access token of this user issued before `not_before`,
 * except those of the grants in `kept_grants`" (the session that made the
 * change keeps working; the values are SHA-256 references, never grant ids).
 * Read with the user when a caller is resolved (kernel/access/resolve.ts), so
 * every server process refuses such tokens as soon as its cached caller is
 * dropped (the access invalidation over the bus and `access_invalidations`).
 * Global (users are global identities): system scope only, so the application
 * role gets no grant.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('access_token_cutoffs', (t) => {
    t.bigInteger('user_id').primary().references('user_id').inTable('users').onDelete('CASCADE');
    t.timestamp('not_before', { useTz: true }).notNullable();
    t.specificType('kept_grants', 'text[]').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('access_token_cutoffs');
}
