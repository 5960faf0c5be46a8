/**
 * The asset list's columns chosen by each user (issue 17, part A): a tenant table (RLS), one row per tenant and user,
 * the column keys in their order (shared/columns.ts; unknown keys are dropped when read). Goes with the user.
 */
import type { Knex } from 'knex';
import { createTenantTable } from '../../../kernel/index';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'asset_list_columns',
    (t) => {
      t.bigInteger('user_id').notNullable();
      t.jsonb('columns').notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.foreign('user_id').references('user_id').inTable('users').onDelete('CASCADE');
    },
    { primaryKey: ['user_id'] },
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('asset_list_columns');
}
