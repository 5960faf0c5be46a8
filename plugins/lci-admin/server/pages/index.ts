/** Part "pages" of the internal admin and support tools (see ../../plugin.ts and ../../README.pages.md). */
import { navItemDefs, pageDefs } from '../../../../common/pages';
import { PAGES_PAGE_DECLS } from '../../shared/pages';
import type { AdminPart } from '../part';
import { affiliateRoutes } from './affiliates/routes';
import { AFFILIATE_PAGE } from './affiliates/service';
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
import { onboardingFixtures } from './onboarding/fixtures';
import { onboardingRoutes } from './onboarding/routes';
import { ONBOARDING_ADMIN_PAGE, ONBOARDING_ITEMS_PAGE } from './onboarding/service';
import { surveyRoutes, SURVEY_PAGE } from './survey/routes';
import { tenantSurveyRoutes } from './survey/tenant';
import { templateRoutes } from './templates/routes';
import { IMPORT_TEMPLATES_PAGE } from './templates/service';
import { WEBSOCKET_PAGE } from './websockets/relay';
import { websocketRoutes } from './websockets/routes';

// Titles, icons and nav placement: shared/pages.ts. The API routes' permission keys must be declared pages there
// (an access list can grant only a declared page): checked when the plugin loads.
const ROUTE_PAGES = [
  ETL_REPORTS_PAGE,
  MARKETING_PAGE,
  NOTIFICATIONS_PAGE,
  ONBOARDING_ADMIN_PAGE,
  ONBOARDING_ITEMS_PAGE,
  SURVEY_PAGE,
  MODULE_PAGE,
  MODULE_VIEW_PAGE,
  MENU_PAGE,
  WEBSOCKET_PAGE,
  AFFILIATE_PAGE,
  CURRENCY_PAGE,
  PRIMARY_INTEGRATION_PAGE,
  INITIAL_SYNC_PAGE,
  IMPORT_TEMPLATES_PAGE,
  ETL_MANAGER_PAGE,
];
const declared = new Set(PAGES_PAGE_DECLS.pages.map((p) => p.url));
for (const url of ROUTE_PAGES)
  if (!declared.has(url)) throw new Error(`lci-admin: page ${url} is not declared in shared/pages.ts`);

const pages = pageDefs(PAGES_PAGE_DECLS);
const navItems = navItemDefs(PAGES_PAGE_DECLS);

export const PAGES_PART: AdminPart = {
  pages,
  navItems,
  jobs: { [ETL_RUN_JOB]: etlRunJob },
  routes(r, k, self) {
    notificationRoutes(r, k);
    onboardingRoutes(r, k);
    surveyRoutes(r);
    tenantSurveyRoutes(r, k);
    navigationRoutes(r, k);
    websocketRoutes(r, k, self.sockets);
    currencyRoutes(r, k);
    integrationRoutes(r, k);
    templateRoutes(r, k);
    etlRoutes(r, k);
    affiliateRoutes(r, k);
    marketingRoutes(r, k);
  },
  async fixtures(ctx) {
    await pagesFixtures(ctx);
    await onboardingFixtures(ctx);
  },
  async start(_k, self) {
    self.sockets.start();
  },
};
