/**
 * Company detail (customer-success.md section 2 "company/detail"): the company profile (TenantCompanyProfile;
 * the spec shows no fields, README "Company detail" lists the chosen ones) with a version for optimistic
 * concurrency, and the tile order of the detail page saved per user.
 */
import type { Knex } from 'knex';
import { createTenantTable, tenantForeignKey } from '../../../kernel/index';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'cs_company_profiles',
    (t) => {
      t.bigInteger('tenant_company_id').notNullable();
      t.text('industry');
      t.integer('employee_count');
      t.text('website');
      t.text('primary_contact_name');
      t.text('primary_contact_email');
      t.text('primary_contact_phone');
      t.date('customer_since');
      t.text('notes');
      t.integer('version').notNullable().defaultTo(1);
      t.bigInteger('updated_by');
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      tenantForeignKey(t, ['tenant_company_id'], 'tenant_companies', ['tenant_company_id'], 'cascade');
    },
    { primaryKey: ['tenant_company_id'] },
  );

  await createTenantTable(
    knex,
    'cs_detail_tile_orders',
    (t) => {
      t.bigInteger('user_id').notNullable();
      t.jsonb('tile_order').notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.foreign('user_id').references('user_id').inTable('users').onDelete('CASCADE');
    },
    { primaryKey: ['user_id'] },
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('cs_detail_tile_orders');
  await knex.schema.dropTableIfExists('cs_company_profiles');
}
