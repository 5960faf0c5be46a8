/**
 * Health and effort metric definitions (TenantCsHealthMetric, TenantCsEffortMetric: one table, score_type tells
 * them apart), the effort display info of a tenant (TenantCsEffortDisplayInfo), the current value of each metric
 * per company (CompanyCsHealthMetricValues / CompanyCsEffortMetricValues), the company's overall scores, and the
 * monthly history of both (…HistoricValues). Soft delete: active_flag 0. Optimistic concurrency: version.
 */
import type { Knex } from 'knex';
import { createTenantTable, tenantForeignKey } from '../../../kernel/index';

const CALC_CODES = ['assessment-template', 'custom', 'smileback-csat', 'number-of-locations', 'number-of-tickets'];

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'cs_metrics',
    (t) => {
      t.text('score_type').notNullable().checkIn(['health', 'effort']);
      t.text('name').notNullable();
      t.text('calc_code').notNullable().checkIn(CALC_CODES);
      t.double('weight').notNullable();
      t.double('max').notNullable();
      t.bigInteger('assessment_template_id');
      t.integer('sort').notNullable().defaultTo(0);
      t.smallint('active_flag').notNullable().defaultTo(1);
      t.integer('version').notNullable().defaultTo(1);
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.foreign('tenant_id').references('tenant_id').inTable('tenants');
      t.index(['tenant_id', 'score_type', 'active_flag'], 'cs_metrics_type_idx');
    },
    { id: 'cs_metric_id' },
  );

  await createTenantTable(
    knex,
    'cs_effort_display_info',
    (t) => {
      t.integer('rolling_window').notNullable().defaultTo(90);
      t.boolean('switch_tickets_by_user_flag').notNullable().defaultTo(false);
      t.jsonb('excluded_tickets_tables').notNullable().defaultTo('[]');
      t.integer('version').notNullable().defaultTo(1);
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.foreign('tenant_id').references('tenant_id').inTable('tenants');
      t.unique(['tenant_id']);
    },
    { id: 'cs_effort_display_info_id' },
  );

  await createTenantTable(
    knex,
    'cs_metric_values',
    (t) => {
      t.bigInteger('tenant_company_id').notNullable();
      t.bigInteger('cs_metric_id').notNullable();
      t.double('value');
      t.integer('score');
      t.text('source').notNullable().defaultTo('calculated').checkIn(['calculated', 'manual']);
      t.bigInteger('entered_by');
      t.integer('version').notNullable().defaultTo(1);
      t.timestamp('calculated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      tenantForeignKey(t, ['tenant_company_id'], 'tenant_companies', ['tenant_company_id'], 'cascade');
      tenantForeignKey(t, ['cs_metric_id'], 'cs_metrics', ['cs_metric_id'], 'cascade');
      t.index(['tenant_id', 'cs_metric_id'], 'cs_metric_values_metric_idx');
    },
    { primaryKey: ['tenant_company_id', 'cs_metric_id'] },
  );

  await createTenantTable(
    knex,
    'cs_metric_value_history',
    (t) => {
      t.bigInteger('tenant_company_id').notNullable();
      t.bigInteger('cs_metric_id').notNullable();
      t.date('month').notNullable();
      t.double('value');
      t.integer('score');
      tenantForeignKey(t, ['tenant_company_id'], 'tenant_companies', ['tenant_company_id'], 'cascade');
      tenantForeignKey(t, ['cs_metric_id'], 'cs_metrics', ['cs_metric_id'], 'cascade');
      t.index(['tenant_id', 'cs_metric_id'], 'cs_metric_value_history_metric_idx');
    },
    { primaryKey: ['tenant_company_id', 'cs_metric_id', 'month'] },
  );

  // Overall score of a company per score type; the primary key leads with score_type so one type of a tenant is one range.
  await createTenantTable(
    knex,
    'cs_company_scores',
    (t) => {
      t.text('score_type').notNullable().checkIn(['health', 'effort']);
      t.bigInteger('tenant_company_id').notNullable();
      t.integer('score');
      t.timestamp('calculated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      tenantForeignKey(t, ['tenant_company_id'], 'tenant_companies', ['tenant_company_id'], 'cascade');
    },
    { primaryKey: ['score_type', 'tenant_company_id'] },
  );

  await createTenantTable(
    knex,
    'cs_company_score_history',
    (t) => {
      t.text('score_type').notNullable().checkIn(['health', 'effort']);
      t.bigInteger('tenant_company_id').notNullable();
      t.date('month').notNullable();
      t.integer('score');
      tenantForeignKey(t, ['tenant_company_id'], 'tenant_companies', ['tenant_company_id'], 'cascade');
    },
    { primaryKey: ['score_type', 'tenant_company_id', 'month'] },
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('cs_company_score_history');
  await knex.schema.dropTableIfExists('cs_company_scores');
  await knex.schema.dropTableIfExists('cs_metric_value_history');
  await knex.schema.dropTableIfExists('cs_metric_values');
  await knex.schema.dropTableIfExists('cs_effort_display_info');
  await knex.schema.dropTableIfExists('cs_metrics');
}
