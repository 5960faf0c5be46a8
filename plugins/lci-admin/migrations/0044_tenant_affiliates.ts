/**
 * A tenant's affiliate code (edittenantaffiliateadmin). The billing plugin keeps the code it sent to the
 * card provider on its customer row but offers no public surface to change it, so the tenant's code lives here.
 */
import type { Knex } from 'knex';
import { createTenantTable } from '../../../kernel/index';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'tenant_affiliates',
    (t) => {
      t.text('affiliate_code').notNullable();
      t.text('note').notNullable().defaultTo('');
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.bigInteger('updated_by');
      t.foreign('tenant_id').references('tenant_id').inTable('tenants');
    },
    { primaryKey: ['affiliate_code'] },
  );
  await knex.raw('create unique index tenant_affiliates_one_per_tenant on tenant_affiliates (tenant_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('tenant_affiliates');
}
