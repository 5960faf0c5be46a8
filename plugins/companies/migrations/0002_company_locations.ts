/** Locations of a client company (customer-success.md section 3 "Location"). */
import type { Knex } from 'knex';
import { createTenantTable, tenantForeignKey } from '../../../kernel/index';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'tenant_company_locations',
    (t) => {
      t.bigInteger('tenant_company_id').notNullable();
      t.text('location_name').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      tenantForeignKey(t, ['tenant_company_id'], 'tenant_companies', ['tenant_company_id'], 'cascade');
      t.unique(['tenant_id', 'tenant_company_id', 'location_name']);
      t.index(['tenant_id', 'tenant_company_id']);
    },
    { id: 'tenant_company_location_id' },
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('tenant_company_locations');
}
