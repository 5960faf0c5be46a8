/**
 * Repairs the foreign key from a stack service to its category. 0060 declared it with tenantForeignKey(..., 'set null')
 * when that meant a plain ON DELETE SET NULL, which clears every referencing column, tenant_id too: deleting a category
 * row that services point to then failed (tenant_id is NOT NULL). The key is re-created as
 * ON DELETE SET NULL ("category_id"): only the service's category is cleared. A database created after the fix gets
 * the same key again.
 */
import type { Knex } from 'knex';
import { tenantForeignKey } from '../../../kernel/index';

export async function up(knex: Knex): Promise<void> {
  const found = await knex.raw(
    `select conname from pg_constraint
     where contype = 'f' and conrelid = 'cs_stack_services'::regclass and confrelid = 'cs_stack_categories'::regclass`,
  );
  for (const { conname } of found.rows as { conname: string }[])
    await knex.raw('alter table cs_stack_services drop constraint ??', [conname]);
  await knex.schema.alterTable('cs_stack_services', (t) =>
    tenantForeignKey(t, ['category_id'], 'cs_stack_categories', ['cs_stack_category_id'], 'set null'),
  );
}

export async function down(): Promise<void> {
  // The repaired key stays: the old one was a bug.
}
