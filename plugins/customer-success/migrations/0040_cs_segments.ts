/**
 * Segments (customer-success.md section 3): the tenant's segment settings (TenantCsSegmentSettings, one row per
 * tenant; absent means the defaults) and each company's computed segment (TenantCompanySegment /
 * TenantCompanyCsSegment) with its inputs and stale_data. Optimistic concurrency on the settings: version.
 */
import type { Knex } from 'knex';
import { createTenantTable, tenantForeignKey } from '../../../kernel/index';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'cs_segment_settings',
    (t) => {
      t.text('color_by').notNullable().defaultTo('health').checkIn(['health', 'effort', 'segment']);
      t.boolean('seg_auto_calc').notNullable().defaultTo(false);
      t.double('min_seg_value').notNullable().defaultTo(0);
      t.double('cut_seg_value').notNullable().defaultTo(500);
      t.double('max_seg_value').notNullable().defaultTo(1000);
      t.double('min_seg_effort').notNullable().defaultTo(0);
      t.double('cut_seg_effort').notNullable().defaultTo(50);
      t.double('max_seg_effort').notNullable().defaultTo(100);
      t.text('value_desc').notNullable();
      t.text('effort_desc').notNullable();
      t.jsonb('segment_names').notNullable();
      t.boolean('show_value_sliders').notNullable().defaultTo(true);
      t.boolean('show_effort_sliders').notNullable().defaultTo(true);
      t.integer('version').notNullable().defaultTo(1);
      t.bigInteger('updated_by');
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.foreign('tenant_id').references('tenant_id').inTable('tenants');
      t.unique(['tenant_id']);
    },
    { id: 'tenant_cs_segment_settings_id' },
  );

  await createTenantTable(
    knex,
    'cs_company_segments',
    (t) => {
      t.bigInteger('tenant_company_id').notNullable();
      t.smallint('segment_id').notNullable().checkIn(['1', '2', '3', '4']);
      t.double('monthly_value').notNullable().defaultTo(0);
      t.double('effort_score');
      t.boolean('stale_data').notNullable().defaultTo(false);
      t.timestamp('computed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      tenantForeignKey(t, ['tenant_company_id'], 'tenant_companies', ['tenant_company_id'], 'cascade');
      t.index(['tenant_id', 'segment_id'], 'cs_company_segments_segment_idx');
    },
    { primaryKey: ['tenant_company_id'] },
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('cs_company_segments');
  await knex.schema.dropTableIfExists('cs_segment_settings');
}
