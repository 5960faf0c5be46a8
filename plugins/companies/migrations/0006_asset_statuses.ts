/** Asset statuses of a tenant (platform.md section 3 "Asset status"): which statuses count as active assets. */
import type { Knex } from 'knex';
import { createTenantTable } from '../../../kernel/index';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'tenant_asset_statuses',
    (t) => {
      t.text('moniker').notNullable();
      t.boolean('is_active').notNullable().defaultTo(true);
      t.integer('sort').notNullable().defaultTo(0);
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.foreign('tenant_id').references('tenant_id').inTable('tenants');
      t.unique(['tenant_id', 'moniker']);
    },
    { id: 'tenant_asset_status_id' },
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('tenant_asset_statuses');
}
