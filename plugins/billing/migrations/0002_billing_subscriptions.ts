/**
 * Subscription state as the provider last reported it: one row per subscription and one per item (plan).
 * `last_event_created` (unix seconds) is the `created` of the last applied provider event: older events are ignored.
 */
import type { Knex } from 'knex';
import { createTenantTable, tenantForeignKey } from '../../../kernel/index';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'billing_subscriptions',
    (t) => {
      t.text('stripe_subscription_id').notNullable();
      t.text('provider').notNullable().checkIn(['stripe', 'embedded']);
      t.text('customer_id').notNullable();
      t.text('status').notNullable();
      t.timestamp('current_start_date', { useTz: true }).notNullable();
      t.timestamp('current_end_date', { useTz: true }).notNullable();
      t.timestamp('original_start_date', { useTz: true }).notNullable();
      t.timestamp('trial_end', { useTz: true });
      t.boolean('cancel_at_period_end').notNullable().defaultTo(false);
      t.timestamp('canceled_at', { useTz: true });
      t.jsonb('metadata').notNullable().defaultTo('{}');
      t.bigInteger('last_event_created').notNullable().defaultTo(0);
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.foreign('tenant_id').references('tenant_id').inTable('tenants');
      t.unique(['stripe_subscription_id']);
    },
    { primaryKey: ['stripe_subscription_id'] },
  );

  await createTenantTable(
    knex,
    'billing_subscription_items',
    (t) => {
      t.text('stripe_subscription_id').notNullable();
      t.text('item_id').notNullable();
      t.text('stripe_plan_id').notNullable();
      t.integer('quantity').notNullable().defaultTo(1);
      tenantForeignKey(t, ['stripe_subscription_id'], 'billing_subscriptions', ['stripe_subscription_id'], 'cascade');
      t.unique(['tenant_id', 'stripe_subscription_id', 'stripe_plan_id']);
    },
    { primaryKey: ['stripe_subscription_id', 'item_id'] },
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('billing_subscription_items');
  await knex.schema.dropTableIfExists('billing_subscriptions');
}
