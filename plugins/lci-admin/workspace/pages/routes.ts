/** Workspace routes of part "pages" (components lazily imported; internalOnly). Titles and icons match server/pages/index.ts. */
import type { WorkspaceRouteDef } from '../../../../workspace/sdk';

type Page = [path: string, title: string, icon: string, component: WorkspaceRouteDef['component']];

const PAGES: Page[] = [
  ['/lciadmin/etlreports', 'ETL Reports', 'th-list', () => import('./EtlReportsPage')],
  ['/lciadmin/etlMarketing', 'Marketing Export', 'export', () => import('./MarketingPage')],
  ['/lciadmin/lcinotificationadmin', 'Notifications', 'notifications', () => import('./NotificationsPage')],
  ['/lciadmin/lcionboardingadmin', 'Onboarding Progress', 'endorsed', () => import('./OnboardingAdminPage')],
  ['/lciadmin/onboardingItems', 'Onboarding Items', 'properties', () => import('./OnboardingItemsPage')],
  ['/lciadmin/onboardingsurveyadmin', 'Onboarding Survey', 'form', () => import('./SurveyPage')],
  ['/lciadmin/module', 'Modules', 'cube', () => import('./ModulePage')],
  ['/lciadmin/moduleview', 'Module Views', 'layers', () => import('./ModuleViewPage')],
  ['/lciadmin/menu', 'Menu', 'menu', () => import('./MenuPage')],
  ['/lciadmin/websocketadmin', 'Websockets', 'exchange', () => import('./WebsocketPage')],
  ['/lciadmin/edittenantaffiliateadmin', 'Tenant Affiliates', 'link', () => import('./AffiliatePage')],
  ['/lcisupport/currency', 'Currency', 'dollar', () => import('./CurrencyPage')],
  ['/lcisupport/primaryIntegrationChange', 'Primary Integration', 'swap-horizontal', () => import('./PrimaryIntegrationPage')],
  ['/lcisupport/initialSyncInProgress', 'Initial Sync In Progress', 'refresh', () => import('./InitialSyncPage')],
  ['/lcisupport/importAssessmentTemplates', 'Import Assessment Templates', 'import', () => import('./ImportTemplatesPage')],
  ['/lcisupport/adminEtlManager', 'ETL Manager', 'time', () => import('./EtlManagerPage')],
];

export const PAGES_ROUTES: WorkspaceRouteDef[] = PAGES.map(([path, title, , component]) => ({ path, title, internalOnly: true, page: false, component }));
export const PAGES_ICONS: Record<string, string> = Object.fromEntries(PAGES.map(([path, , icon]) => [path, icon]));
