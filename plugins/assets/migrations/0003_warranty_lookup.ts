/**
 * Warranty lookup (issue 17 part C): a tenant's lookup settings, its vendors' settings and credentials (sealed with
 * the kernel's secretSealer, never stored in the clear), the lookup runs (the job's state and counts) and the log of
 * each asset's lookup. Tenant tables under RLS (tenant_id in the primary and every foreign key).
 */
import type { Knex } from 'knex';
import { createTenantTable, tenantForeignKey } from '../../../kernel/index';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'asset_warranty_settings',
    (t) => {
      t.boolean('enabled').notNullable().defaultTo(true);
      t.text('overwrite_policy').notNullable().defaultTo('fill_missing');
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.foreign('tenant_id').references('tenant_id').inTable('tenants');
      t.unique(['tenant_id']);
      t.check(`overwrite_policy in ('fill_missing', 'replace')`, [], 'asset_warranty_settings_policy_check');
    },
    { id: 'warranty_settings_id' },
  );

  await createTenantTable(
    knex,
    'asset_warranty_vendors',
    (t) => {
      t.text('vendor').notNullable();
      t.boolean('enabled').notNullable().defaultTo(true);
      t.integer('standard_term_months').notNullable().defaultTo(36);
      t.integer('calls_per_minute').notNullable().defaultTo(60);
      // Sealed (kernel secretSealer 'assets/warranty-credentials'): Dell client id + secret, HP API key + secret,
      // Lenovo's ClientID token as api_key.
      t.text('client_id_sealed').nullable();
      t.text('client_secret_sealed').nullable();
      t.text('api_key_sealed').nullable();
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.foreign('tenant_id').references('tenant_id').inTable('tenants');
      t.check(`vendor in ('dell', 'lenovo', 'hp')`, [], 'asset_warranty_vendors_vendor_check');
      t.check('standard_term_months between 1 and 240', [], 'asset_warranty_vendors_term_check');
      t.check('calls_per_minute between 1 and 600', [], 'asset_warranty_vendors_rate_check');
    },
    { primaryKey: ['vendor'] },
  );

  await createTenantTable(
    knex,
    'asset_warranty_runs',
    (t) => {
      t.text('job_id').nullable();
      t.text('trigger').notNullable().defaultTo('manual');
      t.text('status').notNullable().defaultTo('queued');
      t.bigInteger('tenant_company_id').nullable();
      t.specificType('asset_ids', 'bigint[]').nullable();
      t.bigInteger('requested_by').nullable();
      t.integer('progress').notNullable().defaultTo(0);
      t.text('message').nullable();
      t.integer('total').notNullable().defaultTo(0);
      t.integer('looked_up').notNullable().defaultTo(0);
      t.integer('updated').notNullable().defaultTo(0);
      t.integer('unchanged').notNullable().defaultTo(0);
      t.integer('not_found').notNullable().defaultTo(0);
      t.integer('failed').notNullable().defaultTo(0);
      t.integer('skipped').notNullable().defaultTo(0);
      t.text('error').nullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('started_at', { useTz: true }).nullable();
      t.timestamp('finished_at', { useTz: true }).nullable();
      t.foreign('tenant_id').references('tenant_id').inTable('tenants');
      tenantForeignKey(t, ['tenant_company_id'], 'tenant_companies', ['tenant_company_id'], 'set null');
      t.check(`trigger in ('manual', 'cli')`, [], 'asset_warranty_runs_trigger_check');
      t.check(`status in ('queued', 'running', 'succeeded', 'failed')`, [], 'asset_warranty_runs_status_check');
      t.index(['tenant_id', 'created_at']);
    },
    { id: 'warranty_run_id' },
  );

  await createTenantTable(
    knex,
    'asset_warranty_lookups',
    (t) => {
      t.bigInteger('asset_id').notNullable();
      t.bigInteger('warranty_run_id').nullable();
      t.text('vendor').notNullable();
      t.text('source').notNullable();
      t.timestamp('looked_up_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.text('result').notNullable();
      t.date('warranty_start').nullable();
      t.date('warranty_expiry').nullable();
      t.text('error').nullable();
      tenantForeignKey(t, ['asset_id'], 'assets', ['asset_id'], 'cascade');
      tenantForeignKey(t, ['warranty_run_id'], 'asset_warranty_runs', ['warranty_run_id'], 'set null');
      t.check(`vendor in ('dell', 'lenovo', 'hp')`, [], 'asset_warranty_lookups_vendor_check');
      t.check(`source in ('vendor_api', 'offline_default')`, [], 'asset_warranty_lookups_source_check');
      t.check(`result in ('updated', 'unchanged', 'not_found', 'failed')`, [], 'asset_warranty_lookups_result_check');
      t.index(['tenant_id', 'asset_id', 'looked_up_at']);
      t.index(['tenant_id', 'warranty_run_id']);
    },
    { id: 'warranty_lookup_id' },
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('asset_warranty_lookups');
  await knex.schema.dropTable('asset_warranty_runs');
  await knex.schema.dropTable('asset_warranty_vendors');
  await knex.schema.dropTable('asset_warranty_settings');
}
