/** The embedded provider's checkout sessions (mode subscription or setup), served at /v3/billing/checkout/:sessionId. */
import type { Knex } from 'knex';
import { createTenantTable, tenantForeignKey } from '../../../kernel/index';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'embedded_checkout_sessions',
    (t) => {
      t.text('session_id').notNullable();
      t.text('customer_id').notNullable();
      t.text('mode').notNullable().checkIn(['subscription', 'setup']);
      t.specificType('plan_ids', 'text[]').notNullable().defaultTo('{}');
      t.integer('trial_days');
      t.text('coupon_id');
      t.text('success_url').notNullable();
      t.text('cancel_url').notNullable();
      t.text('status').notNullable().defaultTo('open').checkIn(['open', 'complete', 'expired']);
      t.text('subscription_id');
      t.jsonb('metadata').notNullable().defaultTo('{}');
      t.bigInteger('created').notNullable();
      t.bigInteger('expires_at').notNullable();
      tenantForeignKey(t, ['customer_id'], 'embedded_customers', ['customer_id']);
      t.unique(['session_id']);
    },
    { primaryKey: ['session_id'] },
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('embedded_checkout_sessions');
}
