/**
 * Tenant settings (one row per tenant: time zone, fiscal year start, the tenant's default of each app setting, the
 * logo) and users' own app-setting values. Currency and date format stay in the kernel's tenants table (the session
 * carries them; /lcisupport/currency changes the same column).
 */
import type { Knex } from 'knex';
import { createTenantTable } from '../../../kernel/index';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'tenant_settings',
    (t) => {
      t.text('time_zone').notNullable().defaultTo('UTC');
      t.integer('fiscal_year_start_month').notNullable().defaultTo(1);
      t.boolean('bordered_tables').notNullable().defaultTo(false);
      /** Storage key of the uploaded logo; null with default_logo true. */
      t.text('site_logo_url');
      t.boolean('default_logo').notNullable().defaultTo(true);
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.foreign('tenant_id').references('tenant_id').inTable('tenants').onDelete('CASCADE');
      t.unique(['tenant_id']);
    },
    { id: 'tenant_settings_id' },
  );
  await createTenantTable(
    knex,
    'user_app_settings',
    (t) => {
      t.bigInteger('user_id').notNullable();
      t.text('setting_code').notNullable();
      t.text('value').notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.foreign('tenant_id').references('tenant_id').inTable('tenants').onDelete('CASCADE');
      t.unique(['tenant_id', 'user_id', 'setting_code']);
    },
    { id: 'user_app_settings_id' },
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('user_app_settings');
  await knex.schema.dropTable('tenant_settings');
}
