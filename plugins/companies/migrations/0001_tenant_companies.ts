/** Client companies of a tenant (platform.md 3 "Tenant company"; customer-success.md 3). */
import type { Knex } from 'knex';
import { createTenantTable } from '../../../kernel/index';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'tenant_companies',
    (t) => {
      t.text('moniker').notNullable();
      t.boolean('is_active').notNullable().defaultTo(true);
      t.boolean('assessment_only_flag').notNullable().defaultTo(false);
      t.boolean('air_only_flag').notNullable().defaultTo(false);
      t.integer('seats').notNullable().defaultTo(0);
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.foreign('tenant_id').references('tenant_id').inTable('tenants');
      t.unique(['tenant_id', 'moniker']);
    },
    { id: 'tenant_company_id' },
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('tenant_companies');
}
