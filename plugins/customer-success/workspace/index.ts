/**
 * Workspace side of Customer Success. Each area adds its routes here (component lazily imported); pages use the
 * shared filters bar (workspace/filters/CsFiltersBar) and the object API client (workspace/cs-api.ts). The stack
 * pages are the stack-manager plugin's.
 */
import { defineWorkspacePlugin } from '../../../workspace/sdk';

export default defineWorkspacePlugin({
  id: 'customer-success',
  routes: [
    // core
    { path: '/cs', title: 'Customer Success', page: false, component: () => import('./CsRedirect') },
    { path: '/cs/admin', title: 'Customer Success Admin', requiresAdmin: true, component: () => import('./admin/CsAdminPage') },
    { path: '/cs/admin/accountpermissions', title: 'Account Permissions', requiresAdmin: true, component: () => import('./accounts/AccountPermissionsPage') },
    { path: '/cs/admin/csAccountSettings', title: 'Account Settings', requiresAdmin: true, component: () => import('./accounts/AccountSettingsPage') },
    { path: '/cs/goalsreporting', title: 'Cross Company Goals', component: () => import('./goals/GoalsReportingPage') },
    // health and effort
    { path: '/cs/admin/scoreMetricsAdmin', title: 'Health/Effort Admin', requiresAdmin: true, component: () => import('./metrics/ScoreMetricsAdminPage') },
    // segments, dashboard, insights, company detail
    { path: '/cs/dashboard', title: 'Customer Success Dashboard', component: () => import('./dashboard/CsDashboardPage') },
    { path: '/cs/company/segmentManager', title: 'Segment Manager', component: () => import('./segments/SegmentManagerPage') },
    { path: '/cs/insights', title: 'Insights', component: () => import('./insights/CsInsightsPage') },
    { path: '/cs/company/detail', title: 'Company Detail', component: () => import('./detail/CompanyDetailPage') },
  ],
  navIcons: { '/cs/goalsreporting': 'flag', '/cs/admin': 'cog', '/cs/dashboard': 'dashboard', '/cs/company/segmentManager': 'scatter-plot', '/cs/insights': 'lightbulb' },
});
