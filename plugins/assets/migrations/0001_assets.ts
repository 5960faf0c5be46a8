/**
 * Assets of a tenant's client companies (issue 17 part 1) and the source of each field: tenant tables (tenant_id in
 * the primary key and in every foreign key, row-level security on, granted to the app role). Companies' tables are
 * referenced as plugins/companies/public.ts COMPANY_TABLES names them. An asset goes with its company; a deleted
 * type, status or location leaves the asset without one. Duplicates are merged by make + serial, so that pair is
 * unique per tenant (any case) when a serial is known.
 */
import type { Knex } from 'knex';
import { createTenantTable, tenantForeignKey } from '../../../kernel/index';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'assets',
    (t) => {
      t.bigInteger('tenant_company_id').notNullable();
      t.bigInteger('asset_type_id').nullable();
      t.bigInteger('tenant_asset_status_id').nullable();
      t.text('name').notNullable();
      t.text('serial').nullable();
      t.text('make').nullable();
      t.text('model').nullable();
      t.date('purchase_date').nullable();
      t.date('warranty_start').nullable();
      t.date('warranty_expiry').nullable();
      t.date('eol_date').nullable();
      t.text('operating_system').nullable();
      t.text('assigned_to').nullable();
      t.bigInteger('location_id').nullable();
      t.decimal('cost', 14, 2).nullable();
      t.text('notes').nullable();
      t.text('source').notNullable().defaultTo('manual');
      t.text('source_id').nullable();
      t.timestamp('last_seen_at', { useTz: true }).nullable();
      t.integer('version').notNullable().defaultTo(1);
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.foreign('tenant_id').references('tenant_id').inTable('tenants');
      tenantForeignKey(t, ['tenant_company_id'], 'tenant_companies', ['tenant_company_id'], 'cascade');
      tenantForeignKey(t, ['asset_type_id'], 'tenant_asset_types', ['asset_type_id'], 'set null');
      tenantForeignKey(t, ['tenant_asset_status_id'], 'tenant_asset_statuses', ['tenant_asset_status_id'], 'set null');
      tenantForeignKey(t, ['location_id'], 'tenant_company_locations', ['tenant_company_location_id'], 'set null');
      t.check(`source in ('manual', 'csv', 'psa', 'rmm')`, [], 'assets_source_check');
      t.index(['tenant_id', 'warranty_expiry']);
      t.index(['tenant_id', 'tenant_company_id']);
      t.index(['tenant_id', 'asset_type_id']);
      t.index(['tenant_id', 'serial']);
    },
    { id: 'asset_id' },
  );
  await knex.raw('create index assets_tenant_make_index on assets (tenant_id, lower(make))');
  await knex.raw(
    "create unique index assets_tenant_make_serial_unique on assets (tenant_id, coalesce(lower(make), ''), lower(serial)) where serial is not null",
  );

  await createTenantTable(
    knex,
    'asset_field_sources',
    (t) => {
      t.bigInteger('asset_id').notNullable();
      t.text('field').notNullable();
      t.text('source').notNullable();
      t.text('source_id').nullable();
      t.timestamp('seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      tenantForeignKey(t, ['asset_id'], 'assets', ['asset_id'], 'cascade');
    },
    { primaryKey: ['asset_id', 'field'] },
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('asset_field_sources');
  await knex.schema.dropTable('assets');
}
