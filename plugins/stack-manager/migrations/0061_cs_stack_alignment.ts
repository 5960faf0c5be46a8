/**
 * Company stack alignment (customer-success.md sections 2, 3 "Stack alignment item", "Alignment note", 4): one row
 * per company and service once edited (before that the service's defaults apply), the alignment notes (soft deleted)
 * and the recommendations linked to an alignment item (tenantCompanyProjectId; recommendations have no table here yet).
 */
import type { Knex } from 'knex';
import { createTenantTable, tenantForeignKey } from '../../../kernel/index';
import { COMPANY_TABLES } from '../../companies/public';
import { ALIGNMENTS } from './0060_cs_stack';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'cs_company_stack_alignments',
    (t) => {
      t.bigInteger('tenant_company_id').notNullable();
      t.bigInteger('service_id').notNullable();
      t.text('alignment')
        .notNullable()
        .defaultTo('fully')
        .checkIn([...ALIGNMENTS]);
      t.boolean('applicable_flag').notNullable().defaultTo(true);
      t.boolean('part_of_contract_flag').notNullable().defaultTo(false);
      t.integer('version').notNullable().defaultTo(1);
      t.bigInteger('updated_by');
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      tenantForeignKey(
        t,
        ['tenant_company_id'],
        COMPANY_TABLES.companies.table,
        [COMPANY_TABLES.companies.id],
        'cascade',
      );
      tenantForeignKey(t, ['service_id'], 'cs_stack_services', ['service_id'], 'cascade');
      t.index(['tenant_id', 'service_id']);
    },
    { primaryKey: ['tenant_company_id', 'service_id'] },
  );

  await createTenantTable(
    knex,
    'cs_stack_alignment_notes',
    (t) => {
      t.bigInteger('tenant_company_id').notNullable();
      t.bigInteger('type_ref_id').notNullable(); // the service of the alignment item
      t.text('note').notNullable();
      t.boolean('soft_delete_flag').notNullable().defaultTo(false);
      t.bigInteger('created_by');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      tenantForeignKey(
        t,
        ['tenant_company_id'],
        COMPANY_TABLES.companies.table,
        [COMPANY_TABLES.companies.id],
        'cascade',
      );
      tenantForeignKey(t, ['type_ref_id'], 'cs_stack_services', ['service_id'], 'cascade');
      t.index(['tenant_id', 'tenant_company_id', 'type_ref_id']);
    },
    { id: 'tenant_note_id' },
  );

  await createTenantTable(
    knex,
    'cs_stack_alignment_recommendations',
    (t) => {
      t.bigInteger('tenant_company_id').notNullable();
      t.bigInteger('service_id').notNullable();
      t.bigInteger('tenant_company_project_id').notNullable();
      tenantForeignKey(
        t,
        ['tenant_company_id'],
        COMPANY_TABLES.companies.table,
        [COMPANY_TABLES.companies.id],
        'cascade',
      );
      tenantForeignKey(t, ['service_id'], 'cs_stack_services', ['service_id'], 'cascade');
    },
    { primaryKey: ['tenant_company_id', 'service_id', 'tenant_company_project_id'] },
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('cs_stack_alignment_recommendations');
  await knex.schema.dropTableIfExists('cs_stack_alignment_notes');
  await knex.schema.dropTableIfExists('cs_company_stack_alignments');
}
