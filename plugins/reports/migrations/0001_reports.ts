/**
 * The report builder, the report locker and scheduled delivery: tenant tables (tenant_id in the primary key and in
 * every foreign key to another tenant table, row-level security on).
 *
 * - report_templates: a tenant's report templates; `current_vers` is the version the builder edits, `version` the
 *   optimistic-concurrency counter (a stale edit answers 409).
 * - report_template_versions: one row per version of a template (a presentation or schedule names one with `vers`).
 * - report_components: the components of one version, in `position` order; `component_key` stays the same across
 *   versions of a template (a company's content follows the component into the next version).
 * - report_component_companies: content kept per company (customer-success.md 4 "Report component override") and
 *   the per-company activeFlag.
 * - saved_reports: the report locker (every export: Word, CSV, chart image), the file in storage until expires_at.
 * - report_type_preferences: a user's show_details per report type in the locker.
 * - report_schedules, report_schedule_runs (one per schedule and period: never sent twice), report_deliveries (the
 *   delivery log: one row per recipient of a run).
 */
import type { Knex } from 'knex';
import { createTenantTable, tenantForeignKey } from '../../../kernel/index';

const now = (knex: Knex) => knex.fn.now();

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'report_templates',
    (t) => {
      t.text('name').notNullable();
      t.text('description').notNullable().defaultTo('');
      t.integer('current_vers').notNullable().defaultTo(1);
      t.integer('version').notNullable().defaultTo(1);
      t.bigInteger('created_by').nullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(now(knex));
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(now(knex));
      t.foreign('tenant_id').references('tenant_id').inTable('tenants');
    },
    { id: 'report_template_id' },
  );
  await knex.raw('create unique index report_templates_name_key on report_templates (tenant_id, lower(name))');

  await createTenantTable(
    knex,
    'report_template_versions',
    (t) => {
      t.bigInteger('report_template_id').notNullable();
      t.integer('vers').notNullable();
      t.text('note').notNullable().defaultTo('');
      t.bigInteger('created_by').nullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(now(knex));
      tenantForeignKey(t, ['report_template_id'], 'report_templates', ['report_template_id'], 'cascade');
      t.unique(['tenant_id', 'report_template_id', 'vers']);
    },
    { id: 'report_template_version_id' },
  );

  await createTenantTable(
    knex,
    'report_components',
    (t) => {
      t.bigInteger('report_template_id').notNullable();
      t.integer('vers').notNullable();
      t.text('component_key').notNullable();
      t.text('type').notNullable();
      t.integer('position').notNullable();
      t.jsonb('properties').notNullable().defaultTo('{}');
      t.boolean('selected').notNullable().defaultTo(false);
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(now(knex));
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(now(knex));
      tenantForeignKey(t, ['report_template_id'], 'report_templates', ['report_template_id'], 'cascade');
      t.unique(['tenant_id', 'report_template_id', 'vers', 'component_key']);
      t.index(['tenant_id', 'report_template_id', 'vers', 'position']);
    },
    { id: 'report_component_id' },
  );

  await createTenantTable(
    knex,
    'report_component_companies',
    (t) => {
      t.bigInteger('report_template_id').notNullable();
      t.text('component_key').notNullable();
      t.bigInteger('tenant_company_id').notNullable();
      t.jsonb('properties').notNullable().defaultTo('{}');
      t.boolean('active_flag').notNullable().defaultTo(true);
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(now(knex));
      tenantForeignKey(t, ['report_template_id'], 'report_templates', ['report_template_id'], 'cascade');
      tenantForeignKey(t, ['tenant_company_id'], 'tenant_companies', ['tenant_company_id'], 'cascade');
      t.unique(['tenant_id', 'report_template_id', 'component_key', 'tenant_company_id']);
    },
    { id: 'report_component_company_id' },
  );

  await createTenantTable(
    knex,
    'saved_reports',
    (t) => {
      t.text('report_type').notNullable();
      t.text('name').notNullable();
      t.text('file_name').notNullable();
      t.text('storage_key').nullable();
      t.text('content_type').notNullable();
      t.bigInteger('size_bytes').notNullable().defaultTo(0);
      t.text('status').notNullable().defaultTo('pending');
      t.text('error').nullable();
      t.text('source').notNullable().defaultTo('builder');
      t.bigInteger('report_template_id').nullable();
      t.integer('vers').nullable();
      t.bigInteger('tenant_company_id').nullable();
      t.bigInteger('qbr_id').nullable();
      t.text('qbr_title').nullable();
      t.text('job_id').nullable();
      t.bigInteger('created_by').nullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(now(knex));
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(now(knex));
      t.timestamp('expires_at', { useTz: true }).nullable();
      tenantForeignKey(t, ['report_template_id'], 'report_templates', ['report_template_id'], 'set null');
      tenantForeignKey(t, ['tenant_company_id'], 'tenant_companies', ['tenant_company_id'], 'set null');
      t.index(['tenant_id', 'report_type', 'created_at']);
      t.index(['expires_at']);
    },
    { id: 'saved_report_id' },
  );

  await createTenantTable(
    knex,
    'report_type_preferences',
    (t) => {
      t.bigInteger('user_id').notNullable();
      t.text('report_type').notNullable();
      t.boolean('show_details').notNullable();
    },
    { primaryKey: ['user_id', 'report_type'] },
  );

  await createTenantTable(
    knex,
    'report_schedules',
    (t) => {
      t.text('name').notNullable();
      t.bigInteger('report_template_id').notNullable();
      t.integer('vers').nullable();
      t.bigInteger('tenant_company_id').notNullable();
      t.text('frequency').notNullable();
      t.date('review_date').nullable();
      t.text('send_time').notNullable().defaultTo('08:00');
      t.text('time_zone').notNullable().defaultTo('UTC');
      t.jsonb('recipients').notNullable().defaultTo('[]');
      t.boolean('active').notNullable().defaultTo(true);
      t.timestamp('next_run_at', { useTz: true }).nullable();
      t.integer('version').notNullable().defaultTo(1);
      t.bigInteger('created_by').nullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(now(knex));
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(now(knex));
      tenantForeignKey(t, ['report_template_id'], 'report_templates', ['report_template_id'], 'cascade');
      tenantForeignKey(t, ['tenant_company_id'], 'tenant_companies', ['tenant_company_id'], 'cascade');
      t.index(['active', 'next_run_at']);
    },
    { id: 'report_schedule_id' },
  );

  await createTenantTable(
    knex,
    'report_schedule_runs',
    (t) => {
      t.bigInteger('report_schedule_id').notNullable();
      t.text('period_key').notNullable();
      t.timestamp('due_at', { useTz: true }).notNullable();
      t.text('status').notNullable().defaultTo('running');
      t.bigInteger('saved_report_id').nullable();
      t.text('error').nullable();
      t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(now(knex));
      t.timestamp('finished_at', { useTz: true }).nullable();
      tenantForeignKey(t, ['report_schedule_id'], 'report_schedules', ['report_schedule_id'], 'cascade');
      tenantForeignKey(t, ['saved_report_id'], 'saved_reports', ['saved_report_id'], 'set null');
      t.unique(['tenant_id', 'report_schedule_id', 'period_key']);
    },
    { id: 'report_schedule_run_id' },
  );

  await createTenantTable(
    knex,
    'report_deliveries',
    (t) => {
      t.bigInteger('report_schedule_run_id').notNullable();
      t.text('recipient_kind').notNullable();
      t.bigInteger('recipient_id').nullable();
      t.text('email').notNullable();
      t.text('mode').notNullable();
      t.text('status').notNullable();
      t.text('error').nullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(now(knex));
      tenantForeignKey(t, ['report_schedule_run_id'], 'report_schedule_runs', ['report_schedule_run_id'], 'cascade');
    },
    { id: 'report_delivery_id' },
  );
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'report_deliveries',
    'report_schedule_runs',
    'report_schedules',
    'report_type_preferences',
    'saved_reports',
    'report_component_companies',
    'report_components',
    'report_template_versions',
    'report_templates',
  ])
    await knex.schema.dropTable(table);
}
