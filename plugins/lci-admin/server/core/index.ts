/**
 * Part "core" of the internal admin and support tools (see ../../plugin.ts): the /lciadmin and /lcisupport areas,
 * the admin summary, maintenance mode, impersonation and the audit log (pages and routes; their `lci admin`
 * commands are in ../../cli).
 */
import type { AdminPart } from '../part';
import { auditRoutes } from './audit/routes';
import { impersonationRoutes } from './impersonation/targets';
import { maintenanceRoutes } from './maintenance/routes';
import { CORE_NAV, CORE_PAGES } from './pages';
import { summaryRoutes } from './summary/routes';

export const CORE_PART: AdminPart = {
  pages: CORE_PAGES,
  navItems: CORE_NAV,
  routes(r, k, self) {
    summaryRoutes(r, k);
    maintenanceRoutes(r, k, self.maintenance);
    impersonationRoutes(r);
    auditRoutes(r);
  },
  // The watcher stops with the instance (instance.ts).
  async start(_k, self) {
    await self.maintenance.start();
  },
};
