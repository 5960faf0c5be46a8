/**
 * Wrong one-time codes per user across sign-ins and code requests (issue 13
 * part 4): the second sign-in step (authenticator app, SMS code, MFA set-up),
 * the sign-up confirmation code and the password-reset code. 10 wrong codes
 * of one kind within 15 minutes lock that kind for the user (ASVS 6.3), in
 * every server process on the database. Global (users are global identities):
 * system scope only, so the application role gets no grant.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('code_failures', (t) => {
    t.bigIncrements('code_failure_id');
    t.bigInteger('user_id').notNullable().references('user_id').inTable('users').onDelete('CASCADE');
    t.text('kind').notNullable(); // mfa | confirm_signup | password_reset
    t.timestamp('failed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'kind', 'failed_at']);
    t.index(['failed_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('code_failures');
}
