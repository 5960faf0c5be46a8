/**
 * Provider events received by the Stripe webhook, one row per event id: an event is applied once (a replay or
 * a duplicate delivery finds its row and changes nothing). `created` is the event's time at Stripe (unix
 * seconds); `object_id` the subscription, checkout session, invoice or customer it was about; `outcome` what
 * the webhook did with it.
 */
import type { Knex } from 'knex';
import { createTenantTable } from '../../../kernel/index';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'billing_events',
    (t) => {
      t.text('event_id').notNullable();
      t.text('provider').notNullable().defaultTo('stripe').checkIn(['stripe']);
      t.text('type').notNullable();
      t.bigInteger('created').notNullable();
      t.text('object_id');
      t.text('outcome').notNullable();
      t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.foreign('tenant_id').references('tenant_id').inTable('tenants');
      // The webhook looks an event up by id before it knows more (system scope).
      t.index(['event_id'], 'billing_events_event_id_idx');
      t.index(['tenant_id', 'object_id', 'created'], 'billing_events_object_idx');
    },
    { primaryKey: ['event_id'] },
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('billing_events');
}
