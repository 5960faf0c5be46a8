/**
 * GET /v3/tenant/:tenantId/assetCharts: the AIR dashboard's figures (page /airdashboard) for the whole tenant or some
 * companies (the dashboard's company filter, the Asset Insights module view's companies). Read only.
 */
import type { RouteRegistrar } from '../../../../kernel/index';
import { tenantParams } from '../../shared/api';
import { assetChartsAnswer, assetChartsQuery } from '../../shared/charts-api';
import { AIR_DASHBOARD_PAGE } from '../../shared/pages';
import { assetCharts } from './service';

export function chartRoutes(r: RouteRegistrar): void {
  r.get(
    '/v3/tenant/:tenantId/assetCharts',
    {
      summary:
        'AIR dashboard: assets per lifecycle state, warranty expiries per month, age per type, replacement cost per quarter, per type figures and due soon windows',
      params: tenantParams,
      query: assetChartsQuery,
      page: AIR_DASHBOARD_PAGE,
      response: assetChartsAnswer,
    },
    async ({ db, query, tenantId }) => assetCharts(db, tenantId, query),
  );
}
