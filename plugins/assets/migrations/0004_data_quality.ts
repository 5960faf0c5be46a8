/**
 * Data quality settings of a tenant (issue 17 part D; platform.md 3 "Tenant state: data quality settings"): one row
 * per tenant (absent: the defaults of shared/data-quality.ts), under row-level security. Which checks count (each
 * also gated by the asset type's include_*_in_missing_flag where the type has one), when an asset is stale, and the
 * score cut points (good >= good_score, fair >= fair_score, fair below good). Optimistic concurrency: version.
 */
import type { Knex } from 'knex';
import { createTenantTable } from '../../../kernel/index';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'asset_data_quality_settings',
    (t) => {
      t.boolean('check_asset_type').notNullable().defaultTo(true);
      t.boolean('check_make').notNullable().defaultTo(true);
      t.boolean('check_model').notNullable().defaultTo(true);
      t.boolean('check_serial').notNullable().defaultTo(true);
      t.boolean('check_warranty').notNullable().defaultTo(true);
      t.boolean('check_eol').notNullable().defaultTo(true);
      t.boolean('check_purchase_date').notNullable().defaultTo(false);
      t.boolean('check_assigned_to').notNullable().defaultTo(false);
      t.boolean('check_stale').notNullable().defaultTo(true);
      t.integer('stale_after_days').notNullable().defaultTo(30);
      t.integer('good_score').notNullable().defaultTo(90);
      t.integer('fair_score').notNullable().defaultTo(70);
      t.integer('version').notNullable().defaultTo(1);
      t.bigInteger('updated_by').nullable();
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.foreign('tenant_id').references('tenant_id').inTable('tenants');
      t.unique(['tenant_id']);
      t.check('stale_after_days between 1 and 3650', [], 'asset_dq_stale_days_check');
      t.check('fair_score >= 0 and fair_score < good_score and good_score <= 100', [], 'asset_dq_scores_check');
    },
    { id: 'asset_data_quality_settings_id' },
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('asset_data_quality_settings');
}
