/**
 * The assessments plugin is the source of assessment results (issue 18): when an assessment event is completed,
 * its overall score (0..100) is recorded for the company and the assessments plugin's template id, which is the id
 * an assessment-template metric names. Registered only while assessments is on (optionalDependsOn); an event with
 * nothing scored records nothing.
 */
import { contribute } from '../../../../kernel/index';
import { eventCompletedPoint } from '../../../assessments/public';
import { recordAssessmentResult } from './assessment-results';

export const assessmentResultsSource = contribute(eventCompletedPoint, async (db, tenantId, e) => {
  if (e.overallScore === null) return;
  await recordAssessmentResult(db, tenantId, {
    tenantCompanyId: e.tenantCompanyId,
    assessmentTemplateId: e.assessmentTemplateId,
    score: e.overallScore,
    completedAt: e.completedAt,
  });
});
