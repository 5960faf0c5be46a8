/**
 * Mail attachments (issue 16: scheduled reports are e-mailed as Word files): the files of a message, as
 * [{ fileName, contentType, storageKey, bytes }] in storage, read when the message is delivered (kernel/mail).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_outbox', (t) => {
    t.jsonb('attachments');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_outbox', (t) => t.dropColumn('attachments'));
}
