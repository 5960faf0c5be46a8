/**
 * Access invalidations written to the database as well as sent over the realtime
 * bus (kernel/access/revocations.ts): a revocation (user disabled, membership
 * deactivated, sessions revoked, group changed) reaches every server process
 * within seconds even while Redis is down or a process missed the bus message.
 * Rows live for minutes; any process prunes the old ones. Not tenant data (the
 * target columns only name what to drop from a cache), so no row-level security;
 * only the system scope (owner or system role) reads and writes them.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('access_invalidations', (t) => {
    t.bigIncrements('id');
    t.bigInteger('target_tenant_id');
    t.bigInteger('target_user_id');
    t.text('origin').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['created_at'], 'access_invalidations_created_at_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('access_invalidations');
}
