/**
 * Notifications from internal staff to tenants and users (lcinotificationadmin): one row per notification,
 * targeted at everybody, one tenant or one user; a user's dismissals are tenant rows.
 */
import type { Knex } from 'knex';
import { createTenantTable, grantApp } from '../../../kernel/index';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('lci_notifications', (t) => {
    t.bigIncrements('notification_id');
    t.uuid('notification_uuid').notNullable().unique();
    t.text('title').notNullable();
    t.text('message').notNullable();
    t.text('display_type').notNullable().defaultTo('info').checkIn(['info', 'success', 'warning', 'danger']);
    t.text('placement').notNullable().defaultTo('banner').checkIn(['banner', 'header']);
    t.text('target').notNullable().checkIn(['all', 'tenant', 'user']);
    t.bigInteger('target_tenant_id').references('tenant_id').inTable('tenants').onDelete('CASCADE');
    t.bigInteger('target_user_id').references('user_id').inTable('users').onDelete('CASCADE');
    t.boolean('active_flag').notNullable().defaultTo(true);
    t.timestamp('expires_at', { useTz: true });
    t.bigInteger('created_by');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await grantApp(knex, 'lci_notifications', ['select']);

  await createTenantTable(
    knex,
    'lci_notification_dismissals',
    (t) => {
      t.bigInteger('user_id').notNullable().references('user_id').inTable('users').onDelete('CASCADE');
      t.bigInteger('notification_id')
        .notNullable()
        .references('notification_id')
        .inTable('lci_notifications')
        .onDelete('CASCADE');
      t.timestamp('dismissed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.foreign('tenant_id').references('tenant_id').inTable('tenants');
    },
    { primaryKey: ['user_id', 'notification_id'] },
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('lci_notification_dismissals');
  await knex.schema.dropTableIfExists('lci_notifications');
}
