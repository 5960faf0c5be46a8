/**
 * The workspace extension points of Customer Success (re-exported by public.ts; workspace/sdk.ts reads them):
 * places of CS's pages that plugins depending on customer-success fill from their workspace/index.ts
 * (`extend: [contribute(point, value)]`), and the filters bar CS provides to their pages (`useProvided`).
 */
import { createExtensionPoint } from '../../../common/extension-point';
import type { LazyView, WorkspaceExtensionItem } from '../../../common/workspace-points';
import type { CsFilterField, CsFilters } from './filter-rules';

/** What the CS dashboard passes each panel. */
export interface CsDashboardPanelProps {
  /** The dashboard's answer (TenantCsDashboardMetrics), with the fields csDashboardChartsPoint contributions added. */
  metrics: object;
  /** The page header's charts switch: charts when on, tables when off. */
  chartsShown: boolean;
  currency: string;
}
/** A panel of /cs/dashboard, after the dashboard's own charts and before its data quality checks. */
export interface CsDashboardPanelDef extends WorkspaceExtensionItem {
  component: LazyView<CsDashboardPanelProps>;
}
export const csDashboardPanelsPoint = createExtensionPoint<CsDashboardPanelDef>(
  'customer-success.dashboardPanels',
  'panels of the Customer Success dashboard page, given its answer',
);

/** A card of /cs/admin opening an admin page: `page` is its url (and permission key), `icon` a Blueprint icon name. */
export interface CsAdminLinkDef extends WorkspaceExtensionItem {
  page: string;
  icon: string;
  text: string;
}
export const csAdminLinksPoint = createExtensionPoint<CsAdminLinkDef>(
  'customer-success.adminLinks',
  'cards of the Customer Success admin page, each opening an admin page',
);

/** The CS filters bar's props: the fields it shows (default every field). */
export interface CsFiltersBarProps {
  fields?: readonly CsFilterField[];
}
/** What CS provides the pages of plugins that depend on it: its filters bar and the session's selection. */
export interface CsFiltersBarDef {
  component: LazyView<CsFiltersBarProps>;
  /** A hook: the selection shared by every CS page; pages reload when `changeCount` changes. */
  useFilters(): { filters: CsFilters; changeCount: number };
}
export const csFiltersBarPoint = createExtensionPoint<CsFiltersBarDef>(
  'customer-success.filtersBar',
  'the CS filters bar and selection, provided to the pages of plugins depending on customer-success',
);
