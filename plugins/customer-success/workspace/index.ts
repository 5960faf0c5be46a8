/**
 * Workspace side of Customer Success. Each area adds its routes here (component lazily imported); pages use the
 * shared filters bar (workspace/filters/CsFiltersBar) and the object API client (workspace/cs-api.ts). The stack
 * pages are the stack-manager plugin's; CS provides them its filters bar (csFiltersBarPoint) and shows what they add
 * to its dashboard and admin page (csDashboardPanelsPoint, csAdminLinksPoint: shared/workspace-points.ts).
 */
import { dataQualitySectionsPoint } from '../../assets/public.browser';
import { contribute, defineWorkspacePlugin, pageNavIcons, pageRoutes, provide } from '../../../workspace/sdk';
import {
  ACCOUNT_PERMISSIONS_PAGE,
  ACCOUNT_SETTINGS_PAGE,
  COMPANY_DETAIL_PAGE,
  CS_ADMIN_PAGE,
  CS_DASHBOARD_PAGE,
  CS_PAGES,
  CS_ROOT,
  GOALS_REPORTING_PAGE,
  INSIGHTS_PAGE,
  SCORE_METRICS_ADMIN_PAGE,
  SEGMENT_MANAGER_PAGE,
} from '../shared/pages';
import { csFiltersBarPoint } from '../shared/workspace-points';
import { useCsFilters } from './filters/state';

export default defineWorkspacePlugin({
  id: 'customer-success',
  module: 'Customer Success',
  routes: [
    // /cs opens the dashboard (no page of its own).
    { path: CS_ROOT, title: 'Customer Success', page: false, component: () => import('./CsRedirect') },
    // Paths, titles and permission keys: shared/pages.ts.
    ...pageRoutes(CS_PAGES, {
      [CS_ADMIN_PAGE]: () => import('./admin/CsAdminPage'),
      [ACCOUNT_PERMISSIONS_PAGE]: () => import('./accounts/AccountPermissionsPage'),
      [ACCOUNT_SETTINGS_PAGE]: () => import('./accounts/AccountSettingsPage'),
      [GOALS_REPORTING_PAGE]: () => import('./goals/GoalsReportingPage'),
      [SCORE_METRICS_ADMIN_PAGE]: () => import('./metrics/ScoreMetricsAdminPage'),
      [CS_DASHBOARD_PAGE]: () => import('./dashboard/CsDashboardPage'),
      [SEGMENT_MANAGER_PAGE]: () => import('./segments/SegmentManagerPage'),
      [INSIGHTS_PAGE]: () => import('./insights/CsInsightsPage'),
      [COMPANY_DETAIL_PAGE]: () => import('./detail/CompanyDetailPage'),
    }),
  ],
  navIcons: pageNavIcons(CS_PAGES),
  slots: {
    // /dashboard panels; data: GET /v3/tenant/:tenantId/dashboardCharts (server/dashboard/home-charts.ts).
    dashboardPanels: [
      {
        id: 'healthDistribution',
        title: 'Health distribution',
        order: 10,
        page: CS_DASHBOARD_PAGE,
        linkText: 'Open Customer Success Dashboard',
        component: () => import('./home/HealthDistributionPanel'),
      },
      {
        id: 'healthDrops',
        title: 'Biggest health drops',
        order: 20,
        page: CS_DASHBOARD_PAGE,
        linkText: 'Open Customer Success Dashboard',
        component: () => import('./home/HealthDropsPanel'),
      },
      {
        id: 'goalsDue',
        title: 'Goals due',
        order: 30,
        page: GOALS_REPORTING_PAGE,
        linkText: 'Open Cross Company Goals',
        component: () => import('./home/GoalsDuePanel'),
      },
    ],
  },
  // The company data quality section of assets' data quality page (optionalDependsOn: ['assets'] in plugin.ts; unused
  // while assets is off): the CS dashboard's data_quality chart, for users with the CS dashboard and module.
  extend: [
    contribute(dataQualitySectionsPoint, {
      id: 'csCompanyDataQuality',
      title: 'Customer Success data of companies',
      page: CS_DASHBOARD_PAGE,
      module: 'Customer Success',
      component: () => import('./quality/CompanyDataQualitySection'),
    }),
  ],
  provide: [
    provide(csFiltersBarPoint, { component: () => import('./filters/CsFiltersBar'), useFilters: useCsFilters }),
  ],
});
