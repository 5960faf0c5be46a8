/**
 * The embedded billing provider's own objects ("remote" objects, as Stripe would keep them): customers here,
 * subscriptions, checkout sessions and invoices in 0005-0007. They belong to one tenant each, so they are
 * tenant tables (RLS); coupons and promotion codes (0008) are the account's, shared by every tenant.
 * Only the card's brand, last 4 digits, expiry and holder are kept: never the number or the CVC.
 */
import type { Knex } from 'knex';
import { createTenantTable } from '../../../kernel/index';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'embedded_customers',
    (t) => {
      t.text('customer_id').notNullable();
      t.text('email').notNullable();
      t.text('name').notNullable().defaultTo('');
      t.text('card_brand');
      t.text('card_last4');
      t.integer('card_exp_month');
      t.integer('card_exp_year');
      t.text('card_holder');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.foreign('tenant_id').references('tenant_id').inTable('tenants');
      t.unique(['customer_id']);
    },
    { primaryKey: ['customer_id'] },
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('embedded_customers');
}
