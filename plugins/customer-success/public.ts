/**
 * What other plugins may use of `customer-success` (they list 'customer-success' in dependsOn and import only this
 * file). Server code and the workspace both import it, so it loads nothing of the kernel at run time (type imports
 * only) and nothing of the browser: server services reach object handlers as `ctx.cs`, not as imports.
 *
 * Extension points (register in your definition: `extend: [contribute(point, value)]` or `extend: ({ k, self }) => [...]`):
 * - `csObjectsPoint`: an object type of the CS object API, made with `defineCsObject({...}, keys)`: served under
 *   v3/cs/tenant/:tenantId/cs/<name>[/:id] and csrpt/<name>[/:id], with CS's filters, permissions and audit.
 * - `csFilterResolversPoint`: a filter field of filteredGet (`defineCsFilterResolver`).
 * - `csDashboardChartsPoint`: charts added to the dashboard's answer (TenantCsDashboardMetrics).
 * - `csContractFiltersPoint`: contracts CS leaves out of every view (e.g. contract exclusions).
 * Workspace points (shared/workspace-points.ts; `extend: [contribute(point, value)]` in your workspace/index.ts):
 * - `csDashboardPanelsPoint`: a panel of the CS dashboard page, given its answer, the charts switch and the currency.
 * - `csAdminLinksPoint`: a card of the CS admin page opening one of your admin pages.
 * - `csFiltersBarPoint`: provided by CS: `useProvided(csFiltersBarPoint)` gives your page the CS filters bar and selection.
 * Handlers get `ctx.cs` (CsServices): contracts as CS reads them, cut scores, segment staleness.
 */
export {
  csObjectsPoint,
  csFilterResolversPoint,
  csDashboardChartsPoint,
  csContractFiltersPoint,
  type CsDashboardChartsDef,
  type CsContractFilterDef,
  type CsContractRow,
} from './server/points';
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
export {
  defineCsObject,
  csResult,
  CsResult,
  MSG_MUST_SELECT_CUSTOMER,
  type CsObjectDef,
  type CsContext,
  type CsListArgs,
  type CsListValue,
  type CsWriteArgs,
  type CsActionDef,
} from './server/object-api/registry';
export { defineCsFilterResolver, type CsFilterResolverDef } from './server/filters/resolver';
export type { CsServices, CsContracts } from './server/services';
export { MSG_STALE } from './shared/stale';
export { COMPANY_DETAIL_PAGE, CS_ADMIN_PAGE, CS_DASHBOARD_PAGE } from './server/pages';
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
