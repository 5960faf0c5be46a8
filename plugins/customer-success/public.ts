/**
 * What other plugins' server code may use of `customer-success` (they list 'customer-success' in dependsOn and import
 * only this file; their pages and shared rules import ./public.browser.ts, re-exported here). Server services reach
 * object handlers as `ctx.cs`, not as imports.
 *
 * Extension points (register in your definition: `extend: [contribute(point, value)]` or `extend: ({ k, self }) => [...]`):
 * - `csObjectsPoint`: an object type of the CS object API, made with `defineCsObject({...}, keys)`: served under
 *   v3/cs/tenant/:tenantId/cs/<name>[/:id] and csrpt/<name>[/:id], with CS's filters, permissions and audit.
 * - `csFilterResolversPoint`: a filter field of filteredGet (`defineCsFilterResolver`).
 * - `csDashboardChartsPoint`: charts added to the dashboard's answer (TenantCsDashboardMetrics).
 * - `csContractFiltersPoint`: contracts CS leaves out of every view (e.g. contract exclusions).
 * Workspace points: see ./public.browser.ts.
 * Handlers get `ctx.cs` (CsServices): contracts as CS reads them, cut scores, segment staleness.
 */
export * from './public.browser';
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
  defineCsObject,
  csResult,
  CsResult,
  type CsObjectDef,
  type CsContext,
  type CsListArgs,
  type CsListValue,
  type CsWriteArgs,
  type CsActionDef,
} from './server/object-api/registry';
export { defineCsFilterResolver, type CsFilterResolverDef } from './server/filters/resolver';
export type { CsServices, CsContracts } from './server/services';
