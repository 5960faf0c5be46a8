/**
 * Cut scores (customer-success.md sections 3, 8, 9): per tenant, the health cuts (tenantCsHealthCutId) and the
 * effort cuts (tenantCsEffortCutId), each band "up to max_score" with a variant. No rows: the defaults apply.
 */
import type { Knex } from 'knex';
import { createTenantTable } from '../../../kernel/index';

const VARIANTS = ['success', 'warning', 'danger', 'info', 'secondary', 'dark'];

export async function up(knex: Knex): Promise<void> {
  for (const [table, id] of [
    ['tenant_cs_health_cuts', 'tenant_cs_health_cut_id'],
    ['tenant_cs_effort_cuts', 'tenant_cs_effort_cut_id'],
  ] as const) {
    await createTenantTable(
      knex,
      table,
      (t) => {
        t.integer('max_score').notNullable().checkBetween([0, 100]);
        t.text('variant').notNullable().checkIn(VARIANTS);
        t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.foreign('tenant_id').references('tenant_id').inTable('tenants');
        t.unique(['tenant_id', 'max_score']);
      },
      { id },
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('tenant_cs_effort_cuts');
  await knex.schema.dropTableIfExists('tenant_cs_health_cuts');
}
