/**
 * Client contacts of a company (issue 15 part A2): a tenant table (tenant_id in the primary key, row-level security
 * on, granted to the app role); deleting a company deletes its contacts. An e-mail is unique within a company, in
 * any case.
 */
import type { Knex } from 'knex';
import { createTenantTable, tenantForeignKey } from '../../../kernel/index';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'tenant_company_contacts',
    (t) => {
      t.bigInteger('tenant_company_id').notNullable();
      t.text('first_name').notNullable();
      t.text('last_name').notNullable().defaultTo('');
      t.text('email');
      t.text('phone');
      t.text('title');
      t.text('review_role').notNullable().defaultTo('other');
      t.boolean('is_active').notNullable().defaultTo(true);
      t.text('source').notNullable().defaultTo('manual');
      t.integer('version').notNullable().defaultTo(1);
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      tenantForeignKey(t, ['tenant_company_id'], 'tenant_companies', ['tenant_company_id'], 'cascade');
      t.index(['tenant_id', 'tenant_company_id']);
    },
    { id: 'contact_id' },
  );
  await knex.raw(
    `ALTER TABLE tenant_company_contacts
       ADD CONSTRAINT tenant_company_contacts_review_role_check
         CHECK (review_role IN ('decisionMaker', 'technicalContact', 'billingContact', 'other')),
       ADD CONSTRAINT tenant_company_contacts_source_check CHECK (source IN ('manual', 'csv', 'psa'))`,
  );
  await knex.raw(
    `CREATE UNIQUE INDEX tenant_company_contacts_email_unique
       ON tenant_company_contacts (tenant_id, tenant_company_id, lower(email)) WHERE email IS NOT NULL`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('tenant_company_contacts');
}
