/** Saved links of a client company (customer-success.md section 3 "Saved link"). */
import type { Knex } from 'knex';
import { createTenantTable, tenantForeignKey } from '../../../kernel/index';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'tenant_company_links',
    (t) => {
      t.bigInteger('tenant_company_id').notNullable();
      t.text('link_url').notNullable();
      t.text('link_title').notNullable();
      t.integer('version').notNullable().defaultTo(1);
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      tenantForeignKey(t, ['tenant_company_id'], 'tenant_companies', ['tenant_company_id'], 'cascade');
      t.index(['tenant_id', 'tenant_company_id']);
    },
    { id: 'tenant_company_link_id' },
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('tenant_company_links');
}
