/**
 * The provider side of calcCode assessment-template. The assessments plugin is the source: completing an
 * assessment event calls recordAssessmentResult through its `assessments.eventCompleted` point
 * (assessment-source.ts; the template id is the assessments plugin's). Scripts and demo fixtures may call it too,
 * with the company, the template and the score (0..100). The metric's value
 * is the latest score of its template for the company (of any template when the metric names none); the company's
 * scores are recalculated at once.
 */
import { badRequest, type Trx } from '../../../../kernel/index';
import { recalculate } from './recalculate';

interface AssessmentResult {
  tenantCompanyId: number;
  assessmentTemplateId: number;
  score: number;
  completedAt: Date;
}

export async function recordAssessmentResult(db: Trx, tenantId: number, r: AssessmentResult): Promise<number> {
  if (!Number.isFinite(r.score) || r.score < 0 || r.score > 100)
    throw badRequest('An assessment score lies within 0..100', [
      { path: 'score', message: 'Must be between 0 and 100' },
    ]);
  const [row] = await db('cs_assessment_results')
    .insert({
      tenant_id: tenantId,
      tenant_company_id: r.tenantCompanyId,
      assessment_template_id: r.assessmentTemplateId,
      score: r.score,
      completed_at: r.completedAt.toISOString(),
    })
    .returning('assessment_result_id');
  await recalculate(db, tenantId, { companyIds: [r.tenantCompanyId] });
  return Number((row as { assessment_result_id: number }).assessment_result_id);
}
