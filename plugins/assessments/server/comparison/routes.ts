/**
 * Comparison and trend routes (module Assessment, page /assessment: whoever may open an assessment may compare it).
 * Reads only. Thin: parse, call the service, answer.
 */
import type { RouteRegistrar } from '../../../../kernel/index';
import {
  comparisonAnswer,
  comparisonQuery,
  eventParams,
  tenantParams,
  trendAnswer,
  trendQuery,
} from '../../shared/api';
import { ASSESSMENT_PAGE } from '../../shared/pages';
import * as svc from './service';

export function comparisonRoutes(r: RouteRegistrar): void {
  r.get(
    '/v3/tenant/:tenantId/assessmentEvents/:assessmentEventId/comparison',
    {
      summary:
        'Compare an assessment with another of the same company and template (any version; matched by question key) or with the tenant average: overall, per section, category and question',
      params: eventParams,
      query: comparisonQuery,
      page: ASSESSMENT_PAGE,
      module: 'Assessment',
      response: comparisonAnswer,
    },
    async ({ db, params, query }) => svc.compare(db, params.assessmentEventId, query.with),
  );

  r.get(
    '/v3/tenant/:tenantId/assessmentTrend',
    {
      summary: "A company's completed assessments on a template over time: overall and category scores (charts)",
      params: tenantParams,
      query: trendQuery,
      page: ASSESSMENT_PAGE,
      module: 'Assessment',
      response: trendAnswer,
    },
    async ({ db, query }) => svc.trend(db, query.tenantCompanyId, query.assessmentTemplateId),
  );
}
