/**
 * Workspace slots: places on shell and plugin pages other plugins fill (WorkspacePlugin.slots). Each contribution
 * names an id, a title, an order and a lazily loaded component, and is checked against the session like a route
 * (the plugin is on, the permission key is in the user's access list, admin-only ones for admins). This file holds
 * the shapes and the pure visibility rule; workspace/registry.ts keeps the contributions, workspace/slot-view.tsx
 * renders them.
 */
import type { ComponentType } from 'react';
import { pageAccessLevel } from '../common/access-rule';
import type { WorkspaceAccess, WorkspaceExtensionItem } from '../common/workspace-points';
import { exemptFromAccessList, matchAccessPage, moduleAllows, pageModulesFor } from './access';
import { matchPattern } from './route-match';
import type { AccessPage } from './types';

/** A lazily imported component (one chunk per contribution): `() => import('./MyTab')`. */
export type LazyComponent<P> = () => Promise<{ default: ComponentType<P> }>;

/** Who may see a contribution: checked like a route (workspace/guard.ts steps 9 and 10). Shared with workspace points. */
export type SlotAccess = WorkspaceAccess;

/** id (unique within the slot; company-detail tabs use it as the tab id and the #anchor), title, order (default 100). */
export type SlotItem = WorkspaceExtensionItem;

/** What a company-detail tab or tile receives: the selected company and the page's state. */
export interface CompanyDetailSlotProps {
  companyId: number;
  readOnly: boolean;
  currency: string;
  dateFormat?: string;
  chartsShown: boolean;
}

/** A tab of /cs/company/detail, after the page's own Overview tab. Mounted when first opened and kept mounted. */
export interface CompanyDetailTabDef extends SlotItem {
  component: LazyComponent<CompanyDetailSlotProps>;
}
/** A tile of /cs/company/detail's Overview, after the page's own tiles. */
export interface CompanyDetailTileDef extends SlotItem {
  component: LazyComponent<CompanyDetailSlotProps>;
}
/** What a dashboard panel receives: `hidePanel()` takes its card off the dashboard (nothing left to show, e.g. a finished checklist). */
export interface DashboardPanelProps {
  hidePanel(): void;
}
/**
 * A panel of /dashboard. `page` is required: the panel links to it and shows only to users with access to it.
 * `link: false` shows no link (a panel of the dashboard itself, `page: '/dashboard'`, such as the onboarding
 * checklist); those come first, above the linked panels. Panels load their data with useDashboardChart.
 */
export interface DashboardPanelDef extends SlotItem {
  page: string;
  linkText?: string;
  link?: false;
  component: LazyComponent<DashboardPanelProps>;
}
/**
 * A section of /accountsettings (plugins/settings renders the slot, each section in a card, by order: its own General
 * 10, Logo 20, Display 30). `readOnly` is true unless the user is a tenant admin with Read/Write on the page.
 */
export interface SettingsSectionDef extends SlotItem {
  component: LazyComponent<{ readOnly: boolean }>;
}
/**
 * A button in the PageHeader of the pages matching `on` (a route pattern such as '/companies' or '/meeting/:id').
 * It navigates to `to`, opens `href`, or runs `run`; `needsWrite` hides it on a read-only page. /noCompanies (which has
 * no header and no permission key) shows the actions `on: '/noCompanies'`, those with `needsWrite` only to users with
 * Read/Write on the action's `page`.
 */
export interface PageHeaderActionDef extends SlotItem {
  on: string;
  icon?: string;
  to?: string;
  href?: string;
  run?: () => void | Promise<void>;
  needsWrite?: boolean;
}

/** A CSV the user just downloaded (workspace/csv-export.ts downloadCsv), offered to the 'csv' file exports. */
export interface CsvExportFile {
  fileName: string;
  header: string[];
  rows: (string | number | null)[][];
}
/** A chart to export (workspace/components/VegaChart.tsx "Download chart"): its vega-lite spec, inline data only. */
export interface ChartExportFile {
  spec: Record<string, unknown>;
  format: 'png' | 'svg';
  fileName: string;
}
/** Keeps a downloaded CSV (e.g. in a locker); a failure is logged by the shell, never shown. */
export type CsvExportHandler = (tenantId: number, file: CsvExportFile) => Promise<void>;
/** Exports a chart as an image and starts its download. */
export type ChartExportHandler = (tenantId: number, chart: ChartExportFile) => Promise<void>;

/**
 * A card of internal support's landing page, /lcisupport (the kernel's area; plugins/lci-admin renders the landing,
 * its own pages' cards first, then these by order): a plugin with a page in the area puts its card there without
 * depending on lci-admin. The card opens `page`; `description` says what is there; `figure` (lazy, optional) shows
 * a number on the card that the plugin loads itself, e.g. how many requests wait.
 */
export interface SupportHubCardDef extends SlotItem {
  page: string;
  description?: string;
  icon?: string;
  figure?: LazyComponent<Record<string, never>>;
}

interface FileExportBase extends SlotItem {
  /** Only users with Read/Write on `page` (then required) see it. */
  needsWrite?: boolean;
}
/**
 * What the shell does with a file the user exports. 'csv': every visible handler is offered each CSV the table pages
 * download (workspace/csv-export.ts, after the download started); 'chart': the shell's charts show "Download chart"
 * when one is visible and call the first. Visible like any slot item (plugin on, `page` in the access list), and
 * with `needsWrite` only to users with Read/Write on `page`. The handler's module loads on first use.
 */
export type FileExportDef =
  | (FileExportBase & { kind: 'csv'; load: () => Promise<{ default: CsvExportHandler }> })
  | (FileExportBase & { kind: 'chart'; load: () => Promise<{ default: ChartExportHandler }> });

export interface WorkspaceSlots {
  companyDetailTabs?: CompanyDetailTabDef[];
  companyDetailTiles?: CompanyDetailTileDef[];
  dashboardPanels?: DashboardPanelDef[];
  settingsSections?: SettingsSectionDef[];
  pageHeaderActions?: PageHeaderActionDef[];
  fileExports?: FileExportDef[];
  supportHubCards?: SupportHubCardDef[];
}
export type SlotName = keyof WorkspaceSlots;
export type SlotDef<K extends SlotName> = NonNullable<WorkspaceSlots[K]>[number];
/** A contribution as the registry keeps it: with its plugin. */
export type Contributed<T> = T & { plugin: string };

export const SLOT_NAMES: readonly SlotName[] = [
  'companyDetailTabs',
  'companyDetailTiles',
  'dashboardPanels',
  'settingsSections',
  'pageHeaderActions',
  'fileExports',
  'supportHubCards',
];

/** The session facts the visibility rule reads. */
export interface SlotViewer {
  pages: readonly AccessPage[];
  isLciAdmin: boolean;
  isTenantAdmin: boolean;
  /** Plugins the session says are on; null: all. */
  plugins: ReadonlySet<string> | null;
  /** The user's modules and the modules each page needs (the session's): a contribution whose page needs a module the
   *  user lacks is hidden, as the page is (guard step 10b). Absent: not checked. */
  modules?: readonly string[];
  pageModules?: Readonly<Record<string, readonly string[]>>;
}

const DEFAULT_ORDER = 100;

export function mayView(item: SlotAccess & { plugin?: string }, v: SlotViewer): boolean {
  if (item.plugin && v.plugins && !v.plugins.has(item.plugin)) return false;
  if (item.internalOnly && !v.isLciAdmin) return false;
  if (item.requiresAdmin && !(v.isTenantAdmin || v.isLciAdmin)) return false;
  if (item.page && !exemptFromAccessList(v) && !matchAccessPage(v.pages, item.page)) return false;
  if (item.page && v.modules && !v.isLciAdmin && !moduleAllows(v.modules, pageModulesFor(v.pageModules, item.page)))
    return false;
  return true;
}

/** The contributions a viewer may see, by order (stable: equal orders keep plugin load order). */
export function visibleSlots<T extends SlotItem & SlotAccess & { plugin?: string }>(
  items: readonly T[],
  v: SlotViewer,
): T[] {
  return items
    .map((item, i) => ({ item, i }))
    .filter(({ item }) => mayView(item, v))
    .sort((a, b) => (a.item.order ?? DEFAULT_ORDER) - (b.item.order ?? DEFAULT_ORDER) || a.i - b.i)
    .map(({ item }) => item);
}

/** A `needsWrite` contribution needs Read/Write on its `page` (tenant and LCI admins have it everywhere). */
export function mayWrite(item: { page?: string; needsWrite?: boolean }, v: SlotViewer): boolean {
  if (!item.needsWrite) return true;
  return !!item.page && pageAccessLevel(v, v.pages, item.page) === 'Read/Write';
}

/** The file exports of a kind a viewer may use, by order (visibleSlots, then the `needsWrite` rule). */
export function visibleFileExports<K extends FileExportDef['kind'], T extends FileExportDef & { plugin?: string }>(
  items: readonly T[],
  kind: K,
  v: SlotViewer,
): Extract<T, { kind: K }>[] {
  return visibleSlots(items, v).filter((i): i is Extract<T, { kind: K }> => i.kind === kind && mayWrite(i, v));
}

/** Header actions for a path: those whose `on` pattern matches it. */
export function actionsFor<T extends { on: string }>(items: readonly T[], path: string): T[] {
  return items.filter((a) => matchPattern(a.on, path) !== null);
}

/**
 * The checks every contribution to a slot or a workspace point passes (id, unique among `seen`, title, page url);
 * `where` names the list in the error, e.g. 'companies: slots.dashboardPanels'.
 */
export function checkItem(where: string, item: SlotItem, seen: Set<string>): void {
  if (!item?.id || !/^[A-Za-z][A-Za-z0-9_-]*$/.test(item.id))
    throw new Error(`${where} id "${item?.id}" must be letters, digits, _ and -`);
  if (seen.has(item.id)) throw new Error(`${where} has id "${item.id}" twice`);
  seen.add(item.id);
  if (!item.title) throw new Error(`${where}.${item.id} needs a title`);
  if (item.page !== undefined && !item.page.startsWith('/'))
    throw new Error(`${where}.${item.id} page "${item.page}" must start with /`);
}

/** Refuses a malformed slot list of a plugin (a clear error at load, not a blank tab later). */
export function checkSlots(plugin: string, slots: WorkspaceSlots): void {
  for (const name of SLOT_NAMES) {
    const list = slots[name];
    if (list === undefined) continue;
    if (!Array.isArray(list)) throw new Error(`${plugin}: slots.${name} must be a list`);
    const seen = new Set<string>();
    for (const item of list as SlotItem[]) {
      checkItem(`${plugin}: slots.${name}`, item, seen);
      if (name === 'pageHeaderActions') {
        const a = item as PageHeaderActionDef;
        if (!a.on?.startsWith('/'))
          throw new Error(`${plugin}: slots.pageHeaderActions.${item.id} needs on: a route pattern starting with /`);
        if (!a.to && !a.href && !a.run)
          throw new Error(`${plugin}: slots.pageHeaderActions.${item.id} needs to, href or run`);
      } else if (name === 'fileExports') {
        const f = item as FileExportDef;
        if (f.kind !== 'csv' && f.kind !== 'chart')
          throw new Error(`${plugin}: slots.fileExports.${item.id} needs kind: 'csv' or 'chart'`);
        if (typeof f.load !== 'function')
          throw new Error(`${plugin}: slots.fileExports.${item.id} needs load: () => import('./...')`);
        if (f.needsWrite && !f.page)
          throw new Error(`${plugin}: slots.fileExports.${item.id} needs page: needsWrite checks Read/Write on it`);
      } else if (name === 'supportHubCards') {
        const c = item as SupportHubCardDef;
        if (!c.page?.startsWith('/lcisupport/'))
          throw new Error(`${plugin}: slots.supportHubCards.${item.id} needs page: an /lcisupport/... url it opens`);
        if (c.figure !== undefined && typeof c.figure !== 'function')
          throw new Error(`${plugin}: slots.supportHubCards.${item.id} figure must be () => import('./...')`);
      } else if (typeof (item as { component?: unknown }).component !== 'function') {
        throw new Error(`${plugin}: slots.${name}.${item.id} needs component: () => import('./...')`);
      }
      if (name === 'dashboardPanels' && !item.page)
        throw new Error(`${plugin}: slots.dashboardPanels.${item.id} needs page: the url it links to`);
    }
  }
}
