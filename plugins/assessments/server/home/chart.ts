/** The assessments panel's chart in GET dashboardCharts (kernel.dashboardCharts point): for users of the events page. */
import type { DashboardChart } from '../../../../kernel/index';
import { ASSESSMENTS_HOME_CHART, assessmentsHomeChart } from '../../shared/home-chart';
import { ASSESSMENTS_PAGE } from '../../shared/pages';
import { assessmentsHome } from './store';

export const ASSESSMENTS_HOME: DashboardChart = {
  id: ASSESSMENTS_HOME_CHART,
  page: ASSESSMENTS_PAGE,
  module: 'Assessment',
  schema: assessmentsHomeChart,
  load: (trx, tenantId) => assessmentsHome(trx, tenantId),
};
