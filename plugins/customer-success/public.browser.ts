/**
 * What other plugins' pages (workspace/) and shared rules may use of `customer-success`: browser-safe, it loads
 * nothing of the kernel or of this plugin's server/ (the workspace build fails if it did). Server code imports
 * ../public.ts, which re-exports this file.
 *
 * Workspace points (shared/workspace-points.ts; `extend: [contribute(point, value)]` in your workspace/index.ts):
 * - `csDashboardPanelsPoint`: a panel of the CS dashboard page, given its answer, the charts switch and the currency.
 * - `csAdminLinksPoint`: a card of the CS admin page opening one of your admin pages.
 * - `csFiltersBarPoint`: provided by CS: `useProvided(csFiltersBarPoint)` gives your page the CS filters bar and selection.
 */
export {
  csDashboardPanelsPoint,
  csAdminLinksPoint,
  csFiltersBarPoint,
  type CsDashboardPanelDef,
  type CsDashboardPanelProps,
  type CsAdminLinkDef,
  type CsFiltersBarDef,
  type CsFiltersBarProps,
} from './shared/workspace-points';
export { MSG_MUST_SELECT_CUSTOMER } from '../../common/texts';
export { MSG_STALE } from './shared/stale';
export { COMPANY_DETAIL_PAGE, CS_ADMIN_PAGE, CS_DASHBOARD_PAGE } from './shared/pages';
export { DEFAULT_HEALTH_CUTS, DEFAULT_EFFORT_CUTS } from './shared/cut-scores';
/** Rules both sides run. */
export { VARIANT_COLORS, cutFor, variantFor, type CutScore, type CutVariant, type CutsType } from './shared/cut-scores';
export { formatMoney, formatMoneyShort } from './shared/money';
export { roundHalfAway } from './shared/rounding';
export { filtersForRequest, type CsFilters, type CsFilterField } from './shared/filter-rules';
/** The object API client (pure: the workspace hands it its HTTP client and its object types' response fields). */
export {
  createCsApi,
  expectField,
  tenantIdOrThrow,
  type CsApi,
  type CsHttp,
  type CsObjectKeys,
  type CsGetOptions,
} from './shared/cs-client';
