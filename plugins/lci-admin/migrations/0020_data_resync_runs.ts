/**
 * Data resync history (support page /lcisupport/dataresync, `lci admin resync`): one row per requested resync of a
 * tenant, with the steps asked for, the pg-boss job that works it, its progress and the result of each step.
 */
import type { Knex } from 'knex';
import { createTenantTable } from '../../../kernel/index';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'lci_admin_resync_runs',
    (t) => {
      t.specificType('steps', 'text[]').notNullable();
      t.text('state').notNullable().defaultTo('queued').checkIn(['queued', 'running', 'completed', 'failed']);
      t.integer('progress').notNullable().defaultTo(0);
      t.text('message');
      t.text('job_id');
      t.jsonb('results').notNullable().defaultTo('{}');
      t.text('error');
      t.bigInteger('requested_by');
      t.text('requested_via').notNullable().defaultTo('api').checkIn(['api', 'cli']);
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('started_at', { useTz: true });
      t.timestamp('finished_at', { useTz: true });
      t.foreign('tenant_id').references('tenant_id').inTable('tenants');
      t.index(['tenant_id', 'created_at']);
    },
    { id: 'resync_run_id' },
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('lci_admin_resync_runs');
}
