/** Part "pages" of the internal admin and support tools (see ../../plugin.ts and ../../README.pages.md). */
import type { NavItemDef, PageDef } from '../../../../kernel/index';
import type { AdminPart } from '../part';
import { affiliateRoutes } from './affiliates/routes';
import { AFFILIATE_PAGE } from './affiliates/service';
import { registerPagesCli } from './cli';
import { currencyRoutes } from './currency/routes';
import { CURRENCY_PAGE } from './currency/service';
import { etlRoutes } from './etl/routes';
import { ETL_MANAGER_PAGE, ETL_REPORTS_PAGE, ETL_RUN_JOB, etlRunJob } from './etl/service';
import { pagesFixtures } from './fixtures';
import { integrationRoutes } from './integrations/routes';
import { INITIAL_SYNC_PAGE, PRIMARY_INTEGRATION_PAGE } from './integrations/service';
import { marketingRoutes } from './marketing/routes';
import { MARKETING_PAGE } from './marketing/service';
import { navigationRoutes } from './navigation/routes';
import { MENU_PAGE, MODULE_PAGE, MODULE_VIEW_PAGE } from './navigation/service';
import { notificationRoutes } from './notifications/routes';
import { NOTIFICATIONS_PAGE } from './notifications/service';
import { onboardingRoutes } from './onboarding/routes';
import { ONBOARDING_ADMIN_PAGE, ONBOARDING_ITEMS_PAGE } from './onboarding/service';
import { surveyRoutes, SURVEY_PAGE } from './survey/routes';
import { templateRoutes } from './templates/routes';
import { IMPORT_TEMPLATES_PAGE } from './templates/service';
import { WEBSOCKET_PAGE } from './websockets/relay';
import { websocketRoutes } from './websockets/routes';

const ADMIN: [string, string, string][] = [
  [ETL_REPORTS_PAGE, 'ETL Reports', 'th-list'],
  [MARKETING_PAGE, 'Marketing Export', 'export'],
  [NOTIFICATIONS_PAGE, 'Notifications', 'notifications'],
  [ONBOARDING_ADMIN_PAGE, 'Onboarding Progress', 'endorsed'],
  [ONBOARDING_ITEMS_PAGE, 'Onboarding Items', 'properties'],
  [SURVEY_PAGE, 'Onboarding Survey', 'form'],
  [MODULE_PAGE, 'Modules', 'cube'],
  [MODULE_VIEW_PAGE, 'Module Views', 'layers'],
  [MENU_PAGE, 'Menu', 'menu'],
  [WEBSOCKET_PAGE, 'Websockets', 'exchange'],
  [AFFILIATE_PAGE, 'Tenant Affiliates', 'link'],
];
const SUPPORT: [string, string, string][] = [
  [CURRENCY_PAGE, 'Currency', 'dollar'],
  [PRIMARY_INTEGRATION_PAGE, 'Primary Integration', 'swap-horizontal'],
  [INITIAL_SYNC_PAGE, 'Initial Sync In Progress', 'refresh'],
  [IMPORT_TEMPLATES_PAGE, 'Import Assessment Templates', 'import'],
  [ETL_MANAGER_PAGE, 'ETL Manager', 'time'],
];

/** Titles and icons of this part's pages (the workspace routes use the same). */
export const PAGES_TITLES: Record<string, { title: string; icon: string }> = Object.fromEntries([...ADMIN, ...SUPPORT].map(([url, title, icon]) => [url, { title, icon }]));

const pages: PageDef[] = [...ADMIN, ...SUPPORT].map(([url, title]) => ({ url, title, internalOnly: true, module: 'Any' }));
const navItems: NavItemDef[] = [
  ...ADMIN.map(([url, title, icon], i) => ({ url, title, icon, level: 2, parentUrl: '/lciadmin', sort: 20 + i, internalOnly: true })),
  ...SUPPORT.map(([url, title, icon], i) => ({ url, title, icon, level: 2, parentUrl: '/lcisupport', sort: 20 + i, internalOnly: true })),
];

export const PAGES_PART: AdminPart = {
  pages,
  navItems,
  jobs: { [ETL_RUN_JOB]: etlRunJob },
  routes(r, k, self) {
    notificationRoutes(r, k);
    onboardingRoutes(r, k);
    surveyRoutes(r);
    navigationRoutes(r, k);
    websocketRoutes(r, k, self.sockets);
    currencyRoutes(r, k);
    integrationRoutes(r, k);
    templateRoutes(r, k);
    etlRoutes(r, k);
    affiliateRoutes(r, k);
    marketingRoutes(r, k);
  },
  cli: registerPagesCli,
  fixtures: pagesFixtures,
  async start(_k, self) { self.sockets.start(); },
};
