/**
 * Account managers and account groups (customer-success.md sections 3, 6, 7): account managers are tenant users
 * assigned to companies; account groups gather account managers. Both act as filters, not roles.
 */
import type { Knex } from 'knex';
import { createTenantTable, tenantForeignKey } from '../../../kernel/index';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'tenant_account_managers',
    (t) => {
      t.bigInteger('tenant_user_id').notNullable();
      t.boolean('active_flag').notNullable().defaultTo(true);
      t.integer('version').notNullable().defaultTo(1);
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      tenantForeignKey(t, ['tenant_user_id'], 'tenant_users', ['tenant_user_id'], 'cascade');
      t.unique(['tenant_id', 'tenant_user_id']);
    },
    { id: 'tenant_account_manager_id' },
  );

  await createTenantTable(
    knex,
    'tenant_company_account_managers',
    (t) => {
      t.bigInteger('tenant_account_manager_id').notNullable();
      t.bigInteger('tenant_company_id').notNullable();
      tenantForeignKey(
        t,
        ['tenant_account_manager_id'],
        'tenant_account_managers',
        ['tenant_account_manager_id'],
        'cascade',
      );
      tenantForeignKey(t, ['tenant_company_id'], 'tenant_companies', ['tenant_company_id'], 'cascade');
      t.index(['tenant_id', 'tenant_company_id']);
    },
    { primaryKey: ['tenant_account_manager_id', 'tenant_company_id'] },
  );

  await createTenantTable(
    knex,
    'tenant_account_groups',
    (t) => {
      t.text('moniker').notNullable();
      t.text('description').notNullable().defaultTo('');
      t.boolean('active_flag').notNullable().defaultTo(true);
      t.integer('version').notNullable().defaultTo(1);
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.foreign('tenant_id').references('tenant_id').inTable('tenants');
    },
    { id: 'tenant_account_group_id' },
  );

  await createTenantTable(
    knex,
    'tenant_account_group_managers',
    (t) => {
      t.bigInteger('tenant_account_group_id').notNullable();
      t.bigInteger('tenant_account_manager_id').notNullable();
      tenantForeignKey(t, ['tenant_account_group_id'], 'tenant_account_groups', ['tenant_account_group_id'], 'cascade');
      tenantForeignKey(
        t,
        ['tenant_account_manager_id'],
        'tenant_account_managers',
        ['tenant_account_manager_id'],
        'cascade',
      );
    },
    { primaryKey: ['tenant_account_group_id', 'tenant_account_manager_id'] },
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('tenant_account_group_managers');
  await knex.schema.dropTableIfExists('tenant_account_groups');
  await knex.schema.dropTableIfExists('tenant_company_account_managers');
  await knex.schema.dropTableIfExists('tenant_account_managers');
}
