/**
 * Workspace side of the internal admin and support areas (/lciadmin, /lcisupport; internal admins only), and the
 * tenant side of onboarding: the checklist and survey panels of /dashboard (workspace/home).
 * Each part lists its routes in workspace/<part>/routes.ts.
 */
import { defineWorkspacePlugin } from '../../../workspace/sdk';
import { CORE_ROUTES, CORE_ICONS } from './core/routes';
import { DATA_ROUTES, DATA_ICONS } from './data/routes';
import { PAGES_ROUTES, PAGES_ICONS } from './pages/routes';

export default defineWorkspacePlugin({
  id: 'lci-admin',
  routes: [...CORE_ROUTES, ...DATA_ROUTES, ...PAGES_ROUTES],
  navIcons: { ...CORE_ICONS, ...DATA_ICONS, ...PAGES_ICONS },
  banners: [() => import('./pages/UserNotificationsBanner')],
  slots: {
    // The tenant side of onboarding on /dashboard (tenant admins), each until it is done.
    dashboardPanels: [
      {
        id: 'onboardingChecklist',
        title: 'Getting started',
        order: 1,
        page: '/dashboard',
        link: false,
        requiresAdmin: true,
        component: () => import('./home/OnboardingChecklistPanel'),
      },
      {
        id: 'onboardingSurvey',
        title: 'Onboarding survey',
        order: 2,
        page: '/dashboard',
        link: false,
        requiresAdmin: true,
        component: () => import('./home/OnboardingSurveyPanel'),
      },
    ],
  },
});
