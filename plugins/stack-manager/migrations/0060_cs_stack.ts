/**
 * The ideal stack (customer-success.md sections 2 "Stack Manager", 3, 4, 7 "Stack and tags"): categories, services,
 * products, tags (typeCode 'cs_stack'), the tags of each service and the stack tags of each company
 * (TenantCompanyCsStackTagManager). Services, products and categories are soft deleted (active_flag false).
 */
import type { Knex } from 'knex';
import { createTenantTable, tenantForeignKey } from '../../../kernel/index';
import { COMPANY_TABLES } from '../../companies/public';

const CALC_TYPES = ['adhoc', 'perSeat', 'perSeatPerMonth', 'perSeatPerYear', 'perMonth', 'perYear'] as const;
export const ALIGNMENTS = ['fully', 'partial', 'other'] as const;

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'cs_stack_categories',
    (t) => {
      t.text('moniker').notNullable();
      t.integer('sort').notNullable().defaultTo(0);
      t.boolean('active_flag').notNullable().defaultTo(true);
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    },
    { id: 'cs_stack_category_id' },
  );

  await createTenantTable(
    knex,
    'cs_stack_services',
    (t) => {
      t.text('moniker').notNullable();
      t.text('description').notNullable().defaultTo('');
      t.integer('sort').notNullable().defaultTo(0);
      t.integer('order').notNullable().defaultTo(0);
      t.bigInteger('category_id');
      t.boolean('default_applicable_flag').notNullable().defaultTo(true);
      t.text('default_alignment')
        .notNullable()
        .defaultTo('fully')
        .checkIn([...ALIGNMENTS]);
      t.boolean('default_part_of_contract_flag').notNullable().defaultTo(false);
      t.decimal('default_charge_estimate', 14, 2).notNullable().defaultTo(0);
      t.text('default_calc_type')
        .notNullable()
        .defaultTo('adhoc')
        .checkIn([...CALC_TYPES]);
      t.boolean('active_flag').notNullable().defaultTo(true);
      t.integer('version').notNullable().defaultTo(1);
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      tenantForeignKey(t, ['category_id'], 'cs_stack_categories', ['cs_stack_category_id'], 'set null');
      t.index(['tenant_id', 'sort']);
    },
    { id: 'service_id' },
  );

  await createTenantTable(
    knex,
    'cs_stack_products',
    (t) => {
      t.bigInteger('service_id').notNullable();
      t.text('moniker').notNullable();
      t.text('description').notNullable().defaultTo('');
      t.text('calc_type')
        .notNullable()
        .defaultTo('adhoc')
        .checkIn([...CALC_TYPES]);
      t.decimal('charge_estimate', 14, 2).notNullable().defaultTo(0);
      t.boolean('preferred_flag').notNullable().defaultTo(false);
      t.boolean('active_flag').notNullable().defaultTo(true);
      t.integer('sort').notNullable().defaultTo(0);
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      tenantForeignKey(t, ['service_id'], 'cs_stack_services', ['service_id'], 'cascade');
      t.index(['tenant_id', 'service_id']);
    },
    { id: 'product_id' },
  );

  await createTenantTable(
    knex,
    'tenant_tags',
    (t) => {
      t.text('type_code').notNullable().defaultTo('cs_stack');
      t.text('moniker').notNullable();
      t.text('color').notNullable().defaultTo('#5f6b7c');
      t.boolean('active_flag').notNullable().defaultTo(true);
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['tenant_id', 'type_code']);
    },
    { id: 'tag_id' },
  );

  await createTenantTable(
    knex,
    'cs_stack_service_tags',
    (t) => {
      t.bigInteger('service_id').notNullable();
      t.bigInteger('tag_id').notNullable();
      tenantForeignKey(t, ['service_id'], 'cs_stack_services', ['service_id'], 'cascade');
      tenantForeignKey(t, ['tag_id'], 'tenant_tags', ['tag_id'], 'cascade');
      t.index(['tenant_id', 'tag_id']);
    },
    { primaryKey: ['service_id', 'tag_id'] },
  );

  await createTenantTable(
    knex,
    'cs_company_stack_tags',
    (t) => {
      t.bigInteger('tenant_company_id').notNullable();
      t.bigInteger('tag_id').notNullable();
      tenantForeignKey(
        t,
        ['tenant_company_id'],
        COMPANY_TABLES.companies.table,
        [COMPANY_TABLES.companies.id],
        'cascade',
      );
      tenantForeignKey(t, ['tag_id'], 'tenant_tags', ['tag_id'], 'cascade');
      t.index(['tenant_id', 'tag_id']);
    },
    { primaryKey: ['tenant_company_id', 'tag_id'] },
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('cs_company_stack_tags');
  await knex.schema.dropTableIfExists('cs_stack_service_tags');
  await knex.schema.dropTableIfExists('tenant_tags');
  await knex.schema.dropTableIfExists('cs_stack_products');
  await knex.schema.dropTableIfExists('cs_stack_services');
  await knex.schema.dropTableIfExists('cs_stack_categories');
}
