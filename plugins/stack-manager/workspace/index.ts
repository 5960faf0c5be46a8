/**
 * Workspace side of Stack Manager: its pages (shared/pages.ts; components lazily imported), the company detail's
 * Stack Alignment tab (slot companyDetailTabs of /cs/company/detail, opened by the anchor #stackAlignment too), and
 * what it adds to Customer Success's pages through CS's workspace points: the stack charts of the CS dashboard and
 * the cards of its admin pages on /cs/admin.
 */
import { csAdminLinksPoint, csDashboardPanelsPoint } from '../../customer-success/public.browser';
import { contribute, defineWorkspacePlugin, pageNavIcons, pageRoutes } from '../../../workspace/sdk';
import { CS_APP_SETTINGS_PAGE, STACK_ALIGNMENT_OVERVIEW_PAGE, STACK_MANAGER_PAGE, STACK_PAGES } from '../shared/pages';

export default defineWorkspacePlugin({
  id: 'stack-manager',
  module: 'Customer Success',
  routes: pageRoutes(STACK_PAGES, {
    [STACK_MANAGER_PAGE]: () => import('./stack/StackManagerPage'),
    [STACK_ALIGNMENT_OVERVIEW_PAGE]: () => import('./alignment/StackAlignmentOverviewPage'),
    [CS_APP_SETTINGS_PAGE]: () => import('./exclusions/CsAppSettingsPage'),
  }),
  navIcons: pageNavIcons(STACK_PAGES),
  slots: {
    companyDetailTabs: [
      {
        id: 'stackAlignment',
        title: 'Stack Alignment',
        order: 10,
        page: '/cs/company/detail',
        component: () => import('./alignment/CompanyStackAlignmentTab'),
      },
    ],
  },
  extend: [
    // TenantCsDashboardMetrics stackMrrAlignmentBy{Company,Service}Chart (server: csDashboardChartsPoint).
    contribute(csDashboardPanelsPoint, {
      id: 'stackCharts',
      title: 'Stack MRR and alignment',
      component: () => import('./alignment/StackDashboardCharts'),
    }),
    contribute(csAdminLinksPoint, {
      id: 'stackManager',
      title: 'Stack Manager',
      page: STACK_MANAGER_PAGE,
      requiresAdmin: true,
      icon: 'layers',
      text: 'The services of the ideal stack: order, products, categories and tags.',
    }),
    contribute(csAdminLinksPoint, {
      id: 'appSettings',
      title: 'App Settings',
      page: CS_APP_SETTINGS_PAGE,
      requiresAdmin: true,
      icon: 'cog',
      text: 'Contract exclusions: vendors and accounts left out of Customer Success.',
    }),
  ],
});
