/** Custom fields (platform.md 2.4): a tenant's field definitions per target record type, and their values. */
import type { Knex } from 'knex';
import { createTenantTable, tenantForeignKey } from '../../../kernel/index';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'tenant_custom_fields',
    (t) => {
      t.text('target').notNullable();
      t.text('field_key').notNullable();
      t.text('label').notNullable();
      t.text('field_type').notNullable();
      t.boolean('required').notNullable().defaultTo(false);
      t.jsonb('options').notNullable().defaultTo('[]');
      t.integer('sort_order').notNullable().defaultTo(0);
      t.boolean('is_active').notNullable().defaultTo(true);
      t.integer('version').notNullable().defaultTo(1);
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.foreign('tenant_id').references('tenant_id').inTable('tenants');
      t.unique(['tenant_id', 'target', 'field_key']);
    },
    { id: 'custom_field_id' },
  );
  await createTenantTable(
    knex,
    'tenant_custom_field_values',
    (t) => {
      t.bigInteger('custom_field_id').notNullable();
      // The record of the field's target (a company, a contact, ...): checked by the target when written.
      t.bigInteger('record_id').notNullable();
      t.text('value').notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      tenantForeignKey(t, ['custom_field_id'], 'tenant_custom_fields', ['custom_field_id'], 'cascade');
      t.unique(['tenant_id', 'custom_field_id', 'record_id']);
      t.index(['tenant_id', 'record_id']);
    },
    { id: 'custom_field_value_id' },
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('tenant_custom_field_values');
  await knex.schema.dropTableIfExists('tenant_custom_fields');
}
