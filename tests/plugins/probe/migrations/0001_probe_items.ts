/** The probe plugin's tables: tenant-owned items and their tags (a tenant foreign key). */
import type { Knex } from 'knex';
import { createTenantTable, tenantForeignKey } from '../../../../kernel/index';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'probe_items',
    (t) => {
      t.text('name').notNullable();
      t.integer('qty').notNullable().defaultTo(0);
      t.text('notes').notNullable().defaultTo('');
      t.boolean('touched').notNullable().defaultTo(false);
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.foreign('tenant_id').references('tenant_id').inTable('tenants');
    },
    { id: 'item_id' },
  );
  await createTenantTable(
    knex,
    'probe_item_tags',
    (t) => {
      t.bigInteger('item_id').notNullable();
      t.text('label').notNullable();
      tenantForeignKey(t, ['item_id'], 'probe_items', ['item_id'], 'cascade');
    },
    { id: 'tag_id' },
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('probe_item_tags');
  await knex.schema.dropTable('probe_items');
}
