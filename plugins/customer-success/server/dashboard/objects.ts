/** TenantCsDashboardMetrics (customer-success.md section 7: reads dashboardMetrics), of the filtered companies. */
import { z } from 'zod';
import { csResult, defineCsObject } from '../object-api/registry';
import { CS_DASHBOARD_PAGE } from '../pages';
import { dashboardFor } from './service';
import { dashboardAnswer } from '../../shared/api';

export const tenantCsDashboardMetrics = defineCsObject({
  name: 'TenantCsDashboardMetrics',
  responseKey: 'dashboardMetrics',
  companyLevel: false,
  summary: 'Dashboard metrics: counts by health and effort colour, segments, average scores, data quality',
  pages: { read: CS_DASHBOARD_PAGE },
  // The dashboard's own fields and those of the charts other plugins add (csDashboardChartsPoint).
  reply: (cs) => ({ value: dashboardAnswer.extend(Object.assign({}, ...cs.dashboardCharts().map((c) => c.fields))) }),
  schema: z.object({}),
  async list({ db, cs, inputs }, { companyIds }) {
    return csResult(await dashboardFor(cs, db, companyIds, inputs));
  },
});
