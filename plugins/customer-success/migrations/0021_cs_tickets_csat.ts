/**
 * Imported ticket and CSAT data, the inputs of calcCode number-of-tickets and smileback-csat
 * (`lci import tickets|csat FILE.csv --tenant N`). A ticket is identified by its table (source, e.g. cwtickets)
 * and number, a CSAT response by its response id, so importing the same file again updates rather than duplicates.
 */
import type { Knex } from 'knex';
import { createTenantTable, tenantForeignKey } from '../../../kernel/index';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'cs_tickets',
    (t) => {
      t.bigInteger('tenant_company_id').notNullable();
      t.text('ticket_table').notNullable().defaultTo('imported');
      t.text('ticket_number').notNullable();
      t.timestamp('opened_at', { useTz: true }).notNullable();
      t.timestamp('closed_at', { useTz: true });
      t.text('contact');
      t.text('summary');
      t.timestamp('imported_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      tenantForeignKey(t, ['tenant_company_id'], 'tenant_companies', ['tenant_company_id'], 'cascade');
      t.unique(['tenant_id', 'ticket_table', 'ticket_number']);
      t.index(['tenant_id', 'tenant_company_id', 'opened_at'], 'cs_tickets_company_opened_idx');
    },
    { id: 'cs_ticket_id' },
  );

  await createTenantTable(
    knex,
    'cs_csat_responses',
    (t) => {
      t.bigInteger('tenant_company_id').notNullable();
      t.text('response_id').notNullable();
      t.text('rating').notNullable().checkIn(['positive', 'neutral', 'negative']);
      t.timestamp('responded_at', { useTz: true }).notNullable();
      t.text('ticket_number');
      t.text('contact');
      t.text('comment');
      t.timestamp('imported_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      tenantForeignKey(t, ['tenant_company_id'], 'tenant_companies', ['tenant_company_id'], 'cascade');
      t.unique(['tenant_id', 'response_id']);
      t.index(['tenant_id', 'tenant_company_id', 'responded_at'], 'cs_csat_company_responded_idx');
    },
    { id: 'cs_csat_response_id' },
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('cs_csat_responses');
  await knex.schema.dropTableIfExists('cs_tickets');
}
