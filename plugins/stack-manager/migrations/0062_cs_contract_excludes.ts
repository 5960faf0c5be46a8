/**
 * Contract exclusions (customer-success.md sections 2 "Customer Success App Settings page", 3 "Contract exclusion",
 * 5): TenantCsContractExclude rows of a tenant, each excluding a vendor or an account (exactly one set: a check
 * constraint), stored escaped (shared/contract-exclusion-escape.ts); soft deleted with active_flag false.
 */
import type { Knex } from 'knex';
import { createTenantTable } from '../../../kernel/index';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'cs_contract_excludes',
    (t) => {
      t.text('exclude_vendor');
      t.text('exclude_account');
      t.boolean('active_flag').notNullable().defaultTo(true);
      t.bigInteger('created_by');
      t.bigInteger('updated_by');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.foreign('tenant_id').references('tenant_id').inTable('tenants');
    },
    { id: 'tenant_cs_contract_exclude_id' },
  );
  await knex.raw(`alter table cs_contract_excludes add constraint cs_contract_excludes_exactly_one
    check ((exclude_vendor is not null and exclude_account is null) or (exclude_vendor is null and exclude_account is not null))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('cs_contract_excludes');
}
