/** The embedded provider's invoices (paid when created: the embedded card never fails after checkout). */
import type { Knex } from 'knex';
import { createTenantTable, tenantForeignKey } from '../../../kernel/index';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'embedded_invoices',
    (t) => {
      t.text('invoice_id').notNullable();
      t.text('number').notNullable();
      t.text('customer_id').notNullable();
      t.text('subscription_id');
      t.text('status').notNullable();
      t.text('currency').notNullable();
      t.integer('subtotal').notNullable();
      t.integer('total').notNullable();
      t.integer('amount_due').notNullable();
      t.integer('amount_paid').notNullable();
      t.bigInteger('created').notNullable();
      t.bigInteger('period_start').notNullable();
      t.bigInteger('period_end').notNullable();
      t.jsonb('lines').notNullable().defaultTo('[]');
      t.jsonb('discount');
      tenantForeignKey(t, ['customer_id'], 'embedded_customers', ['customer_id']);
      t.unique(['invoice_id']);
    },
    { primaryKey: ['invoice_id'] },
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('embedded_invoices');
}
