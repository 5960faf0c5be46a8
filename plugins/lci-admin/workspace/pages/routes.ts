/** Workspace routes of part "pages" (paths, titles, icons and access: shared/pages.ts; components lazily imported). */
import { pageNavIcons, pageRoutes, type WorkspaceRouteDef } from '../../../../workspace/sdk';
import { PAGES_PAGE_DECLS } from '../../shared/pages';

export const PAGES_ROUTES: WorkspaceRouteDef[] = pageRoutes(PAGES_PAGE_DECLS, {
  '/lciadmin/etlreports': () => import('./EtlReportsPage'),
  '/lciadmin/etlMarketing': () => import('./MarketingPage'),
  '/lciadmin/lcinotificationadmin': () => import('./NotificationsPage'),
  '/lciadmin/lcionboardingadmin': () => import('./OnboardingAdminPage'),
  '/lciadmin/onboardingItems': () => import('./OnboardingItemsPage'),
  '/lciadmin/onboardingsurveyadmin': () => import('./SurveyPage'),
  '/lciadmin/module': () => import('./ModulePage'),
  '/lciadmin/moduleview': () => import('./ModuleViewPage'),
  '/lciadmin/menu': () => import('./MenuPage'),
  '/lciadmin/websocketadmin': () => import('./WebsocketPage'),
  '/lciadmin/edittenantaffiliateadmin': () => import('./AffiliatePage'),
  '/lcisupport/currency': () => import('./CurrencyPage'),
  '/lcisupport/primaryIntegrationChange': () => import('./PrimaryIntegrationPage'),
  '/lcisupport/initialSyncInProgress': () => import('./InitialSyncPage'),
  '/lcisupport/importAssessmentTemplates': () => import('./ImportTemplatesPage'),
  '/lcisupport/adminEtlManager': () => import('./EtlManagerPage'),
});
export const PAGES_ICONS: Record<string, string> = pageNavIcons(PAGES_PAGE_DECLS);
