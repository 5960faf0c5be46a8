/**
 * The /dashboard panel of assessments (chart `assessmentsHome` of GET /v3/tenant/:tenantId/dashboardCharts): the
 * open assessments (draft or in review) whose assessment date has come, the oldest first, and the latest completed
 * ones with their overall score.
 */
import { z } from 'zod';

export const ASSESSMENTS_HOME_CHART = 'assessmentsHome';
/** Rows in each of the panel's two lists. */
export const ASSESSMENTS_HOME_ROWS = 5;
/** Open assessments dated up to this many days ahead are listed as due. */
export const ASSESSMENTS_DUE_DAYS = 14;

const row = z.object({
  assessment_event_id: z.number().int(),
  tenant_company_id: z.number().int(),
  company: z.string(),
  title: z.string(),
  template: z.string(),
  assessed_on: z.string(),
});

export const assessmentsHomeChart = z.object({
  within_days: z.number().int(),
  /** Open assessments dated up to `within_days` ahead, and how many of them are past their date. */
  due_total: z.number().int(),
  overdue: z.number().int(),
  due: z.array(row.extend({ status: z.enum(['draft', 'in_review']), days_left: z.number().int() })),
  /** The latest completed assessments, newest first. */
  recent: z.array(row.extend({ overall_score: z.number().nullable(), completed_on: z.string() })),
});
export type AssessmentsHomeChart = z.infer<typeof assessmentsHomeChart>;
