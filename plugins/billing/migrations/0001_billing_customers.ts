/** The tenant's customer at the billing provider (one per provider), with its e-mail and affiliate code. */
import type { Knex } from 'knex';
import { createTenantTable } from '../../../kernel/index';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'billing_customers',
    (t) => {
      t.text('provider').notNullable().checkIn(['stripe', 'embedded']);
      t.text('customer_id').notNullable();
      t.text('email');
      t.text('affiliate_code');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.foreign('tenant_id').references('tenant_id').inTable('tenants');
      // The webhook finds the tenant of a provider customer (system scope).
      t.unique(['provider', 'customer_id']);
    },
    { primaryKey: ['provider'] },
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('billing_customers');
}
