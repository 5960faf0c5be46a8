/**
 * Workspace side of the internal admin and support areas (/lciadmin, /lcisupport; internal admins only).
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
});
