/**
 * Contracts of a client company (customer-success.md section 3 "Contract"). notice_date is derived (end_date minus
 * notice_to_terminate_in_days) and stored so lists and other plugins can filter on it. version: optimistic concurrency.
 */
import type { Knex } from 'knex';
import { createTenantTable, tenantForeignKey } from '../../../kernel/index';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'tenant_company_contracts',
    (t) => {
      t.bigInteger('tenant_company_id').notNullable();
      t.bigInteger('tenant_company_location_id');
      t.text('vendor').notNullable();
      t.text('account');
      t.text('business_impact');
      t.text('description');
      t.text('contract_status');
      t.text('billing_cycle');
      t.decimal('cost', 14, 2);
      t.boolean('auto_renew_flag').notNullable().defaultTo(false);
      t.date('next_due_date');
      t.date('end_date');
      t.integer('notice_to_terminate_in_days');
      t.date('notice_date');
      t.boolean('budget_past_end_date_flag').notNullable().defaultTo(false);
      t.text('alert_trigger');
      t.integer('lead_time_to_alert_in_days');
      t.integer('version').notNullable().defaultTo(1);
      t.bigInteger('created_by');
      t.bigInteger('updated_by');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      tenantForeignKey(t, ['tenant_company_id'], 'tenant_companies', ['tenant_company_id'], 'cascade');
      t.index(['tenant_id', 'tenant_company_id']);
    },
    { id: 'tenant_company_contract_id' },
  );
  // A deleted location leaves its contracts without one (only the location column is cleared, never tenant_id).
  await knex.raw(`alter table tenant_company_contracts add constraint tenant_company_contracts_location_fk
    foreign key (tenant_id, tenant_company_location_id) references tenant_company_locations (tenant_id, tenant_company_location_id)
    on delete set null (tenant_company_location_id)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('tenant_company_contracts');
}
