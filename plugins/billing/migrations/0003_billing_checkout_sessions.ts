/** Checkout sessions the tenant was sent to: the recovery URL (an open one) and idempotent sign-up. */
import type { Knex } from 'knex';
import { createTenantTable } from '../../../kernel/index';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'billing_checkout_sessions',
    (t) => {
      t.text('session_id').notNullable();
      t.text('provider').notNullable().checkIn(['stripe', 'embedded']);
      t.text('customer_id').notNullable();
      t.text('url').notNullable();
      t.text('status').notNullable().defaultTo('open').checkIn(['open', 'complete', 'expired']);
      t.text('mode').notNullable().checkIn(['subscription', 'setup']);
      t.specificType('plan_ids', 'text[]').notNullable().defaultTo('{}');
      t.text('discount_code');
      t.text('stripe_subscription_id');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.timestamp('completed_at', { useTz: true });
      t.foreign('tenant_id').references('tenant_id').inTable('tenants');
      t.unique(['session_id']);
    },
    { primaryKey: ['session_id'] },
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('billing_checkout_sessions');
}
