/** The embedded provider's subscriptions and their items (see 0004). */
import type { Knex } from 'knex';
import { createTenantTable, tenantForeignKey } from '../../../kernel/index';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'embedded_subscriptions',
    (t) => {
      t.text('subscription_id').notNullable();
      t.text('customer_id').notNullable();
      t.text('status').notNullable();
      t.text('currency').notNullable();
      t.text('interval').notNullable().checkIn(['month', 'year']);
      t.bigInteger('current_period_start').notNullable();
      t.bigInteger('current_period_end').notNullable();
      t.bigInteger('start_date').notNullable();
      t.bigInteger('trial_end');
      t.boolean('cancel_at_period_end').notNullable().defaultTo(false);
      t.bigInteger('canceled_at');
      t.text('coupon_id');
      t.bigInteger('coupon_start');
      /** Proration lines waiting for the next invoice. */
      t.jsonb('pending_lines').notNullable().defaultTo('[]');
      t.jsonb('metadata').notNullable().defaultTo('{}');
      t.bigInteger('updated').notNullable();
      tenantForeignKey(t, ['customer_id'], 'embedded_customers', ['customer_id']);
      t.unique(['subscription_id']);
    },
    { primaryKey: ['subscription_id'] },
  );

  await createTenantTable(
    knex,
    'embedded_subscription_items',
    (t) => {
      t.text('item_id').notNullable();
      t.text('subscription_id').notNullable();
      t.text('plan_id').notNullable();
      t.integer('quantity').notNullable().defaultTo(1);
      /** Unix milliseconds (orders the items). */
      t.bigInteger('created').notNullable();
      tenantForeignKey(t, ['subscription_id'], 'embedded_subscriptions', ['subscription_id'], 'cascade');
    },
    { primaryKey: ['item_id'] },
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('embedded_subscription_items');
  await knex.schema.dropTableIfExists('embedded_subscriptions');
}
