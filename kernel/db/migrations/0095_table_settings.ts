/**
 * Each user's settings of the workspace's data tables (issue 27 part 6, issue 28 part 2): the columns shown, their
 * order and the sort, per tenant, user and table key (common/api/table-settings.ts). A tenant table under row-level
 * security (createTenantTable); the application role reads, adds and deletes rows and changes only the settings of
 * a row (kernel/db/privileges.ts), never whose row it is. A row goes with its user.
 */
import type { Knex } from 'knex';
import { APP_ROLE } from '../roles';
import { createTenantTable } from '../tenant-table';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'table_settings',
    (t) => {
      t.bigInteger('user_id').notNullable();
      t.text('table_key').notNullable();
      t.jsonb('settings').notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.foreign('user_id').references('user_id').inTable('users').onDelete('CASCADE');
      t.index(['user_id'], 'table_settings_user_id_idx');
    },
    { primaryKey: ['user_id', 'table_key'] },
  );
  await knex.raw(`revoke update on table_settings from ${APP_ROLE}`);
  await knex.raw(`grant update (settings, updated_at) on table_settings to ${APP_ROLE}`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('table_settings');
}
