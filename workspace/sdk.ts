/**
 * The workspace SDK: the only workspace module plugin panels import.
 *
 *   // plugins/<id>/workspace/index.ts
 *   import { defineWorkspacePlugin } from '../../../workspace/sdk';
 *   export default defineWorkspacePlugin({
 *     id: 'companies',
 *     routes: [{ path: '/companies', title: 'Companies', component: () => import('./CompaniesPage') }],
 *     guardSteps: [noCompaniesStep(['/companies'])],
 *     navIcons: { '/companies': 'office' },
 *     slots: {
 *       companyDetailTabs: [{ id: 'stackAlignment', title: 'Stack Alignment', order: 10, page: '/cs/company/detail', component: () => import('./StackTab') }],
 *       dashboardPanels: [{ id: 'companies', title: 'Companies', page: '/companies', component: () => import('./CompaniesPanel') }],
 *     },
 *   });
 *
 * Route components are lazy (one chunk per route). Pages render <PageHeader .../> and use the hooks below.
 * Slots (workspace/slots.ts) are places other pages show a plugin's contributions: company-detail tabs and tiles,
 * dashboard panels, settings sections, page-header actions; each is lazy and shown only to users who may see it
 * (plugin on, permission key `page` in the access list, requiresAdmin/internalOnly), ordered by `order`.
 */
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useMemo, useState, type ComponentType } from 'react';
import { accessLevelFor } from './access';
import type { GuardStep } from './guard';
import {
  chartsShownAtom,
  companiesAtom,
  currentModuleViewAtom,
  dirtyPagesAtom,
  errorsAtom,
  messagesAtom,
  moduleViewsAtom,
  realtimeStatusAtom,
  selectedCompanyIdAtom,
  sessionAtom,
  sessionDataAtom,
  storeTargetsAtom,
} from './state/atoms';
import { getPath, navigate } from './nav';
import type { PageModule } from './registry';
import type { SessionDataDef } from './session-data';
import { checkSlots, type WorkspaceSlots } from './slots';
import { checkPointValues, type WorkspacePointValue } from './extensions';
import { pageNavIcons, pageRouteMetas, type DeclaredPages, type PageModuleRequirement } from '../common/pages';
import type { AccessLevel } from './types';

export interface WorkspaceRouteDef {
  /** wouter-style pattern: '/contracts', '/meeting/:meetingId', '/cs/*'. */
  path: string;
  title: string;
  /** Permission key in the access list; defaults to the path; false: no access-list check. */
  page?: string | false;
  requiresAdmin?: boolean;
  internalOnly?: boolean;
  neverHide?: boolean;
  /**
   * Modules the page needs (one of them; 'Any': none; defaults to the plugin's `module`); checked by the guard as the
   * server checks routes, besides what the server answers for the page's permission key (the session's pageModules).
   */
  module?: PageModuleRequirement;
  /** Public page (no sign-in needed). */
  public?: boolean;
  /** 'bare' renders without the signed-in layout. */
  layout?: 'shell' | 'bare';
  component: () => Promise<PageModule>;
}

export interface WorkspacePlugin {
  id: string;
  /** The module the plugin's pages need unless a route says otherwise (the server plugin's `module`). */
  module?: PageModuleRequirement;
  routes: WorkspaceRouteDef[];
  /** Guard steps 12-16 (tenant, subscription, companies). */
  guardSteps?: GuardStep[];
  /** Blueprint icon names for nav urls. */
  navIcons?: Record<string, string>;
  /**
   * Data loaded when the session starts and again with reloadSessionData(key); guard steps read it as
   * input.extra[key] (absent while not loaded, when the load failed or the plugin is off), pages with useSessionData(key).
   */
  sessionData?: SessionDataDef[];
  /**
   * Banners of the signed-in layout, shown under the top bar on every page (e.g. notifications to users). Each is
   * lazily loaded and renders nothing when it has nothing to say.
   */
  banners?: (() => Promise<{ default: ComponentType }>)[];
  /** Contributions to other pages' slots (company-detail tabs and tiles, dashboard panels, settings sections, header actions, file exports). */
  slots?: WorkspaceSlots;
  /**
   * Contributions to workspace points of the plugins this one dependsOn or optionalDependsOn (declared in their
   * public.ts; unused while an optional owner is off):
   * `[contribute(csDashboardPanelsPoint, { id, title, component: () => import('./Panel') })]`. The owner's page reads
   * them with useExtensions(point).
   */
  extend?: WorkspacePointValue[];
  /** Values of this plugin's own points offered to its dependents' pages (`provide(point, value)`, read with useProvided). */
  provide?: WorkspacePointValue[];
}

export function defineWorkspacePlugin(p: WorkspacePlugin): WorkspacePlugin {
  if (!/^[a-z][a-z0-9-]*$/.test(p.id))
    throw new Error(`workspace plugin id "${p.id}" must be lowercase letters, digits and dashes`);
  for (const r of p.routes)
    if (!r.path.startsWith('/')) throw new Error(`${p.id}: route path "${r.path}" must start with /`);
  if (p.slots) checkSlots(p.id, p.slots);
  checkPointValues(p.id, p.extend, p.provide);
  return p;
}

/**
 * The workspace routes of a plugin's declared pages (plugins/<id>/shared/pages.ts, common/pages.ts): path, title and
 * permission key come from the declaration, the workspace adds the component of each page by url. A component for an
 * undeclared url, or a declared page (with a route) without one, is an error at load.
 */
export function pageRoutes(
  declared: DeclaredPages,
  components: Record<string, () => Promise<PageModule>>,
): WorkspaceRouteDef[] {
  const metas = pageRouteMetas(declared);
  const urls = new Set(metas.map((m) => m.url));
  for (const url of Object.keys(components))
    if (!urls.has(url)) throw new Error(`pageRoutes: "${url}" is not a declared page with a route`);
  return metas.map(({ url, meta }) => {
    const component = components[url];
    if (!component) throw new Error(`pageRoutes: no component for the declared page "${url}"`);
    return { ...meta, component };
  });
}
/** Nav icons of a plugin's declared pages and nav groups. */
export { pageNavIcons };
export {
  declarePages,
  type DeclaredPages,
  type PageDeclaration,
  type NavGroupDeclaration,
  type NavPlacement,
} from '../common/pages';

export { PageHeader, type PageHeaderProps, type PageHeaderActions } from './components/PageHeader';
export { PageLoading, PageLoadError, ErrorStateCallout, SupportLink } from './components/PageLoadState';
export { api, invoke, pushMessage, loadCompanies as reloadCompanies } from './runtime';
export { downloadCsv, saveFile, csvText, type CsvExport, type CsvCell } from './csv-export';
/** The fileExports slot's handlers the user may use: now (event handlers) or as a hook (components). */
export { fileExportsNow, useFileExports } from './file-exports';
/**
 * The shared error state of the workspace's calls (errors.ts): every failed call lands there (HTTP errors variant
 * error for 500, warning otherwise; tenant calls state failed, variant danger, details); useErrors() reads it,
 * reportError() adds a failure of one's own, ErrorStateCallout shows the open ones. `api` calls take
 * `{ expect: 'field' }`: an answer without it fails with invalidReturn(status, request).
 */
export { reportError, dismissWorkspaceError } from './runtime';
export { invalidReturn, type WorkspaceError, type HttpErrorState, type TenantErrorState } from './errors';
export const useErrors = () => useAtomValue(errorsAtom);
/** Forgets the loaded session and initialises it again (e.g. after starting or stopping impersonation), then goes to path. */
export { reinitialize } from './runtime';
export { ApiError } from './api';
export { navigate } from './nav';
export { reloadSessionData, type SessionDataDef } from './session-data';
export {
  runGuard,
  noCompaniesStep,
  maxCompaniesStep,
  noTenantStep,
  companiesForView,
  MAX_COMPANIES_EXEMPT_PAGES,
  isMaxCompaniesExempt,
  isInternalPath,
} from './guard';
export type { GuardStep, GuardInput, GuardResult } from './guard';
export type { Session, Company, ModuleView, NavItem, AccessLevel } from './types';
export { MSG_READ_ONLY, HEADER_ACTIONS, APP_VERSION } from './constants';
export { PasswordRules } from './components/PasswordRules';
/** Plugin page controls: a lazily loaded vega-lite chart and a searchable multi-choice filter. */
export { VegaChart } from './components/VegaChart';
export { FilterMenu, type FilterMenuProps, type FilterOption } from './components/FilterMenu';
/**
 * The one data table of every list (workspace/components/data-table): sorting by header click (blanks last both
 * ways; server-sorted tables pass sort/onSortChange), server paging or client rows, a column chooser kept per user on
 * the server (tableKey), keyboard access, empty and loading states, a sticky header in a box filling the page.
 */
export {
  DataTable,
  type DataTableProps,
  type DataTableSelection,
  type DataTableColumn,
  type DataTableSort,
  type DataTablePaging,
  type CellValue,
  type SortDir,
} from './components/data-table';
export { useSchemaForm, FORM_ERROR, type SchemaForm, type SchemaFormOptions } from './form/schema-form';
export {
  Form,
  FormError,
  SubmitButton,
  TextField,
  TextAreaField,
  SelectField,
  NumericField,
  SwitchField,
  CheckboxField,
  CustomField,
  type FieldProps,
  type SelectOption,
} from './form/fields';
export type {
  WorkspaceSlots,
  SlotItem,
  SlotAccess,
  LazyComponent,
  CompanyDetailSlotProps,
  CompanyDetailTabDef,
  CompanyDetailTileDef,
  DashboardPanelDef,
  DashboardPanelProps,
  SettingsSectionDef,
  PageHeaderActionDef,
  FileExportDef,
  SupportHubCardDef,
  CsvExportFile,
  CsvExportHandler,
  ChartExportFile,
  ChartExportHandler,
} from './slots';
/** useSlot(name): the contributions to a slot the user may see, in order; SlotBody renders one lazily. */
export { useSlot, SlotBody } from './slot-view';
/** A dashboard panel's data from GET /v3/tenant/:tenantId/dashboardCharts (the kernel point kernel.dashboardCharts). */
export { useDashboardChart, type DashboardChartState } from './dashboard-chart';
/**
 * Workspace extension points (workspace/extensions.ts): `contribute(point, value)` in `extend`, read by the owner's
 * page with useExtensions(point); `provide(point, value)` in `provide`, read by dependents with useProvided(point).
 */
export { contribute, provide, type WorkspacePointValue } from './extensions';
export { useExtensions, useProvided } from './slot-view';
export type { WorkspaceAccess, WorkspaceExtensionItem, LazyView } from '../common/workspace-points';

/**
 * The tenant's formats (currency, date format, time zone, fiscal year start; common/tenant-format.ts): every page
 * that shows money or dates formats them with useTenantFormat() (`money`, `moneyShort`, `date`, `dateTime`,
 * `dateTimeZone`); times in the viewer's own zone: formatDateTimeZone(iso, dateFormat, browserTimeZone()).
 */
export {
  useTenantFormat,
  currentTenantFormat,
  useTenantLogo,
  applyTenantFormat,
  browserTimeZone,
  type TenantFormatter,
} from './tenant-format';
export {
  formatMoney,
  formatMoneyShort,
  formatDate,
  formatDateTime,
  formatDateTimeZone,
  timeZoneAbbreviation,
  currencySymbol,
  fiscalYearStart,
  fiscalQuarter,
  TENANT_CURRENCIES,
  TENANT_DATE_FORMATS,
  MONTH_NAMES,
  type TenantFormat,
} from '../common/tenant-format';

export const useSession = () => useAtomValue(sessionAtom);
export const useTenant = () => useAtomValue(sessionAtom)?.tenant ?? null;
export const useCompanies = () => useAtomValue(companiesAtom);
export const useModuleViews = () => useAtomValue(moduleViewsAtom);
export const useModuleView = () => useAtomValue(currentModuleViewAtom);
export const useRealtimeStatus = () => useAtomValue(realtimeStatusAtom);
export const useChartsShown = () => useAtom(chartsShownAtom);
export function useSelectedCompany() {
  const [id, setId] = useAtom(selectedCompanyIdAtom);
  const companies = useAtomValue(companiesAtom);
  return { companyId: id, company: companies?.find((c) => c.tenant_company_id === id) ?? null, setCompanyId: setId };
}
/**
 * The latest `job_progress` server message of a job (kernel/jobs sends { jobId, percent, message } to the job's
 * tenant room as its handler reports progress), or null until one arrives.
 */
export function useJobProgress(jobId: string | null | undefined): { percent: number; message: string | null } | null {
  const messages = useAtomValue(messagesAtom);
  return useMemo(() => {
    if (!jobId) return null;
    for (let i = messages.length - 1; i >= 0; i--) {
      const m = messages[i] as { msg_type: string; jobId?: unknown; percent?: unknown; message?: unknown };
      if (m.msg_type === 'job_progress' && m.jobId === jobId)
        return { percent: Number(m.percent) || 0, message: typeof m.message === 'string' ? m.message : null };
    }
    return null;
  }, [messages, jobId]);
}
/** Latest data of a realtime store target. */
export function useStoreTarget<T = unknown>(target: string): T | undefined {
  return useAtomValue(storeTargetsAtom)[target] as T | undefined;
}
/** Plugin session data of a key (see WorkspacePlugin.sessionData); undefined while absent. */
export function useSessionData<T = unknown>(key: string): T | undefined {
  return useAtomValue(sessionDataAtom)[key] as T | undefined;
}
export function useFlag(key: string): boolean {
  return useAtomValue(sessionAtom)?.flags?.[key] ?? false;
}

/** Access level of a page (defaults to the current path): 'Read/Write', 'Read Only' or null. */
export function usePageAccess(page?: string): AccessLevel | null {
  const s = useAtomValue(sessionAtom);
  const p = page ?? getPath();
  return useMemo(() => (s ? accessLevelFor(s.userAccessPages, p, s.user) : null), [s, p]);
}
export const useReadOnly = (page?: string) => usePageAccess(page) === 'Read Only';

function newUuid(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `p${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
}

/**
 * Dirty-page tracking with a uuid per page instance (section 4.6): while dirty, leaving the page
 * asks 'You have pending changes - are you sure you want to leave this page?'.
 */
export function useDirtyPage(): { uuid: string; dirty: boolean; setDirty(d: boolean): void } {
  const [uuid] = useState(newUuid);
  const pages = useAtomValue(dirtyPagesAtom);
  const set = useSetAtom(dirtyPagesAtom);
  const setDirty = useCallback(
    (d: boolean) => {
      set((all) => {
        if (d === uuid in all) return all;
        const next = { ...all };
        if (d) next[uuid] = { path: getPath() };
        else delete next[uuid];
        return next;
      });
    },
    [set, uuid],
  );
  useEffect(
    () => () =>
      set((all) => {
        if (!(uuid in all)) return all;
        const next = { ...all };
        delete next[uuid];
        return next;
      }),
    [set, uuid],
  );
  return { uuid, dirty: uuid in pages, setDirty };
}

export function useNavigate() {
  return navigate;
}
