/**
 * A tenant's integrations (platform.md section 3: primaryIntegration with integration_status, otherIntegrations)
 * with their initial synchronisation state, its ETL schedules and the ETL run reports integrations write.
 */
import type { Knex } from 'knex';
import { createTenantTable, tenantForeignKey } from '../../../kernel/index';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'tenant_integrations',
    (t) => {
      t.text('integration_name').notNullable();
      t.boolean('is_primary').notNullable().defaultTo(false);
      t.text('integration_status')
        .notNullable()
        .defaultTo('pending')
        .checkIn(['pending', 'active', 'error', 'disconnected']);
      t.text('initial_sync_status')
        .notNullable()
        .defaultTo('not_started')
        .checkIn(['not_started', 'in_progress', 'done']);
      t.timestamp('initial_sync_started_at', { useTz: true });
      t.timestamp('initial_sync_completed_at', { useTz: true });
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.foreign('tenant_id').references('tenant_id').inTable('tenants');
      t.unique(['tenant_id', 'integration_name']);
    },
    { id: 'tenant_integration_id' },
  );
  // At most one primary integration per tenant.
  await knex.raw(
    'create unique index tenant_integrations_one_primary on tenant_integrations (tenant_id) where is_primary',
  );

  await createTenantTable(
    knex,
    'etl_schedules',
    (t) => {
      t.bigInteger('tenant_integration_id').notNullable();
      t.integer('interval_minutes').notNullable().defaultTo(1440);
      t.boolean('enabled_flag').notNullable().defaultTo(true);
      t.timestamp('last_run_at', { useTz: true });
      t.timestamp('next_run_at', { useTz: true });
      tenantForeignKey(t, ['tenant_integration_id'], 'tenant_integrations', ['tenant_integration_id'], 'cascade');
      t.unique(['tenant_id', 'tenant_integration_id']);
    },
    { id: 'etl_schedule_id' },
  );

  await createTenantTable(
    knex,
    'etl_runs',
    (t) => {
      t.bigInteger('tenant_integration_id').notNullable();
      t.text('trigger').notNullable().defaultTo('schedule').checkIn(['schedule', 'manual', 'initial']);
      t.text('status').notNullable().defaultTo('queued').checkIn(['queued', 'running', 'succeeded', 'failed']);
      t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('finished_at', { useTz: true });
      t.integer('rows_read').notNullable().defaultTo(0);
      t.integer('rows_written').notNullable().defaultTo(0);
      t.integer('error_count').notNullable().defaultTo(0);
      t.text('error_message');
      t.text('job_id');
      tenantForeignKey(t, ['tenant_integration_id'], 'tenant_integrations', ['tenant_integration_id'], 'cascade');
      t.index(['tenant_id', 'started_at']);
    },
    { id: 'etl_run_id' },
  );
}

export async function down(knex: Knex): Promise<void> {
  for (const t of ['etl_runs', 'etl_schedules', 'tenant_integrations']) await knex.schema.dropTableIfExists(t);
}
