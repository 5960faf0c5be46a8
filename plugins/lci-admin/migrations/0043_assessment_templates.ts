/** Assessment templates of a tenant, as imported by support (importAssessmentTemplates); questions as JSON. */
import type { Knex } from 'knex';
import { createTenantTable } from '../../../kernel/index';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'assessment_templates',
    (t) => {
      t.text('name').notNullable();
      t.text('description').notNullable().defaultTo('');
      t.jsonb('questions').notNullable().defaultTo('[]');
      t.text('source').notNullable().defaultTo('import');
      t.timestamp('imported_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.foreign('tenant_id').references('tenant_id').inTable('tenants');
      t.unique(['tenant_id', 'name']);
    },
    { id: 'assessment_template_id' },
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('assessment_templates');
}
