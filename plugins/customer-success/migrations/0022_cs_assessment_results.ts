/**
 * Assessment results the assessment-template metrics read: one row per completed assessment of a company, its
 * score 0..100 and the template it used. No assessment plugin exists yet; it (or a script) writes rows here
 * through recordAssessmentResult (server/metrics/assessment-results.ts). The metric's value is the latest score
 * of its template for the company (of any template when the metric names none).
 */
import type { Knex } from 'knex';
import { createTenantTable, tenantForeignKey } from '../../../kernel/index';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'cs_assessment_results',
    (t) => {
      t.bigInteger('tenant_company_id').notNullable();
      t.bigInteger('assessment_template_id').notNullable();
      t.double('score').notNullable();
      t.timestamp('completed_at', { useTz: true }).notNullable();
      tenantForeignKey(t, ['tenant_company_id'], 'tenant_companies', ['tenant_company_id'], 'cascade');
      t.index(
        ['tenant_id', 'tenant_company_id', 'assessment_template_id', 'completed_at'],
        'cs_assessment_results_company_idx',
      );
    },
    { id: 'assessment_result_id' },
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('cs_assessment_results');
}
