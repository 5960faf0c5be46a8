/**
 * Workspace side of Stack Manager: its pages (components lazily imported) and the company detail's Stack Alignment
 * tab (slot companyDetailTabs of /cs/company/detail, opened by the anchor #stackAlignment too).
 */
import { defineWorkspacePlugin } from '../../../workspace/sdk';

export default defineWorkspacePlugin({
  id: 'stack-manager',
  routes: [
    { path: '/cs/admin/stackManager', title: 'Stack Manager', requiresAdmin: true, component: () => import('./stack/StackManagerPage') },
    { path: '/cs/stackAlignmentOverview', title: 'Stack Alignment Overview', component: () => import('./alignment/StackAlignmentOverviewPage') },
    { path: '/cs/admin/csAppSettings', title: 'Customer Success App Settings', requiresAdmin: true, component: () => import('./exclusions/CsAppSettingsPage') },
  ],
  navIcons: { '/cs/stackAlignmentOverview': 'grid' },
  slots: {
    companyDetailTabs: [{ id: 'stackAlignment', title: 'Stack Alignment', order: 10, page: '/cs/company/detail', component: () => import('./alignment/CompanyStackAlignmentTab') }],
  },
});
