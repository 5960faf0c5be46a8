/**
 * Support requests of a tenant, their attachments and the internal support's answers: tenant tables (tenant_id in the
 * primary key, row-level security on, granted to the app role). Internal support reads and answers them through the
 * kernel's audited system scope.
 */
import type { Knex } from 'knex';
import { createTenantTable, tenantForeignKey } from '../../../kernel/index';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'support_requests',
    (t) => {
      t.bigInteger('user_id').nullable();
      t.text('requested_by').notNullable();
      t.text('issue_type').notNullable();
      t.text('priority_level').notNullable();
      t.text('subject').notNullable();
      t.text('description').notNullable();
      t.text('status').notNullable().defaultTo('open');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.foreign('tenant_id').references('tenant_id').inTable('tenants');
      t.index(['tenant_id', 'user_id', 'created_at']);
    },
    { id: 'request_id' },
  );
  await createTenantTable(
    knex,
    'support_request_attachments',
    (t) => {
      t.bigInteger('request_id').notNullable();
      t.text('storage_key').notNullable();
      t.text('file_name').notNullable();
      t.text('content_type').notNullable();
      t.integer('size_bytes').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      tenantForeignKey(t, ['request_id'], 'support_requests', ['request_id'], 'cascade');
      t.unique(['tenant_id', 'storage_key']);
    },
    { id: 'attachment_id' },
  );
  await createTenantTable(
    knex,
    'support_request_answers',
    (t) => {
      t.bigInteger('request_id').notNullable();
      t.text('body').notNullable();
      t.text('status').notNullable();
      t.text('answered_by').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      tenantForeignKey(t, ['request_id'], 'support_requests', ['request_id'], 'cascade');
    },
    { id: 'answer_id' },
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('support_request_answers');
  await knex.schema.dropTable('support_request_attachments');
  await knex.schema.dropTable('support_requests');
}
