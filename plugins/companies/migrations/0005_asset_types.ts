/**
 * Asset types of a tenant (platform.md section 3 "Asset type") and their per-company settings
 * (customer-success.md section 3 "Asset type per company"): a company row overrides the tenant's defaults.
 */
import type { Knex } from 'knex';
import { createTenantTable, tenantForeignKey } from '../../../kernel/index';

function settings(t: Knex.CreateTableBuilder, knex: Knex): void {
  t.decimal('default_replacement_cost', 14, 2).notNullable().defaultTo(0);
  t.integer('default_life_in_months').notNullable().defaultTo(0);
  t.integer('approaching_duration_in_months_eol').notNullable().defaultTo(0);
  t.integer('approaching_duration_in_months_warranty').notNullable().defaultTo(0);
  t.boolean('include_eol_in_missing_flag').notNullable().defaultTo(false);
  t.boolean('include_warranty_in_missing_flag').notNullable().defaultTo(false);
  t.boolean('include_make_in_missing_flag').notNullable().defaultTo(false);
  t.boolean('include_serial_in_missing_flag').notNullable().defaultTo(false);
  t.boolean('include_model_in_missing_flag').notNullable().defaultTo(false);
  t.integer('version').notNullable().defaultTo(1);
  t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
}

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'tenant_asset_types',
    (t) => {
      t.text('asset_type_moniker').notNullable();
      settings(t, knex);
      t.foreign('tenant_id').references('tenant_id').inTable('tenants');
      t.unique(['tenant_id', 'asset_type_moniker']);
    },
    { id: 'asset_type_id' },
  );

  await createTenantTable(
    knex,
    'tenant_company_asset_types',
    (t) => {
      t.bigInteger('tenant_company_id').notNullable();
      t.bigInteger('asset_type_id').notNullable();
      settings(t, knex);
      tenantForeignKey(t, ['tenant_company_id'], 'tenant_companies', ['tenant_company_id'], 'cascade');
      tenantForeignKey(t, ['asset_type_id'], 'tenant_asset_types', ['asset_type_id'], 'cascade');
    },
    { primaryKey: ['tenant_company_id', 'asset_type_id'] },
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('tenant_company_asset_types');
  await knex.schema.dropTableIfExists('tenant_asset_types');
}
