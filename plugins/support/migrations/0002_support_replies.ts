/**
 * Replies of the tenant to its support requests (issue 28 part 5): a tenant table under RLS like the answers, each
 * reply with its text and who wrote it; a reply's files are rows of support_request_attachments naming the reply
 * (reply_id; null: a file of the request itself). Deleting a request deletes its replies and their files' rows.
 */
import type { Knex } from 'knex';
import { createTenantTable, tenantForeignKey } from '../../../kernel/index';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'support_request_replies',
    (t) => {
      t.bigInteger('request_id').notNullable();
      t.bigInteger('user_id').nullable();
      t.text('written_by').notNullable();
      t.text('body').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      tenantForeignKey(t, ['request_id'], 'support_requests', ['request_id'], 'cascade');
      t.index(['tenant_id', 'request_id']);
      t.index(['tenant_id', 'user_id', 'created_at']);
    },
    { id: 'reply_id' },
  );
  await knex.schema.alterTable('support_request_attachments', (t) => {
    t.bigInteger('reply_id').nullable();
    tenantForeignKey(t, ['reply_id'], 'support_request_replies', ['reply_id'], 'cascade');
  });
}

/** Rolled back, the files of replies stay as files of their request (same tenant, same request). */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('support_request_attachments', (t) => {
    t.dropForeign(['tenant_id', 'reply_id']);
    t.dropColumn('reply_id');
  });
  await knex.schema.dropTable('support_request_replies');
}
