/**
 * Workspace side of the probe plugin, in workspace builds made with LCI_WORKSPACE_TEST_PLUGINS=1 (vite.config.ts):
 * a page, and one contribution to each slot (tests/e2e/workspace-slots.e2e.ts). The hidden tab needs a page no
 * test user is given, so it must never show.
 */
import { defineWorkspacePlugin } from '../../../../workspace/sdk';
import { PROBE_PAGE } from '../public';

export const PROBE_HIDDEN_PAGE = '/probe/notGranted';

export default defineWorkspacePlugin({
  id: 'probe',
  routes: [{ path: PROBE_PAGE, title: 'Probe Items', component: () => import('./ProbeItemsPage') }],
  navIcons: { [PROBE_PAGE]: 'lab-test' },
  slots: {
    companyDetailTabs: [
      {
        id: 'probeHidden',
        title: 'Probe Hidden',
        order: 1,
        page: PROBE_HIDDEN_PAGE,
        component: () => import('./ProbeCompanyTab'),
      },
      {
        id: 'probeTab',
        title: 'Probe',
        order: 50,
        page: '/cs/company/detail',
        component: () => import('./ProbeCompanyTab'),
      },
    ],
    companyDetailTiles: [{ id: 'probeTile', title: 'Probe Tile', component: () => import('./ProbeCompanyTile') }],
    dashboardPanels: [
      { id: 'probeItems', title: 'Probe Items', page: PROBE_PAGE, component: () => import('./ProbeItemsPanel') },
    ],
    pageHeaderActions: [
      { id: 'probeBack', title: 'Back to dashboard', on: PROBE_PAGE, icon: 'dashboard', to: '/dashboard' },
    ],
  },
});
