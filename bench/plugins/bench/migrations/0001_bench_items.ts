/** The benchmark's tenant table, made like every tenant table (RLS enabled and forced). */
import type { Knex } from 'knex';
import { createTenantTable } from '../../../../kernel/index';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'bench_items',
    (t) => {
      t.text('name').notNullable();
      t.integer('qty').notNullable().defaultTo(0);
      t.text('notes').notNullable().defaultTo('');
      t.foreign('tenant_id').references('tenant_id').inTable('tenants');
    },
    { id: 'item_id' },
  );
}
