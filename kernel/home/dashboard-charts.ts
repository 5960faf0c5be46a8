/**
 * GET /v3/tenant/:tenantId/dashboardCharts: the data of the /dashboard panels, gathered from the kernel point
 * `kernel.dashboardCharts` (kernel/points.ts). /dashboard is the kernel's page (kernel/access/catalog.ts), so the
 * kernel owns the endpoint; every plugin contributes the data of its own panels. Shape and `?charts=`: common/api/dashboard.ts.
 */
import { z } from 'zod';
import { dashboardChartsQuery, requestedCharts } from '../../common/api/dashboard';
import { badRequest } from '../http/errors';
import type { RouteRegistrar } from '../http/route-spec';
import type { Kernel } from '../kernel';
import { dashboardChartsPoint, type DashboardChart } from '../points';
import type { Caller } from '../types';
import { pageModulesOf } from '../access/catalog';
import { moduleAllows, pageModulesFor } from '../../common/access-rule';

const DASHBOARD_PAGE = '/dashboard';
const CHART_ID = /^[A-Za-z][A-Za-z0-9]*$/;

/** Refuses malformed or clashing chart ids (a clear error at start, not a missing panel later). */
export function checkCharts(charts: readonly DashboardChart[]): void {
  const seen = new Set<string>();
  for (const c of charts) {
    if (!CHART_ID.test(c.id ?? '')) throw new Error(`kernel.dashboardCharts: id "${c.id}" must be letters and digits`);
    if (seen.has(c.id)) throw new Error(`kernel.dashboardCharts: chart "${c.id}" is contributed twice`);
    seen.add(c.id);
    if (!c.page?.startsWith('/')) throw new Error(`kernel.dashboardCharts: chart "${c.id}" needs page: a url`);
  }
}

/**
 * Whether the caller may see a chart: the same rule as a route's page and module (tenant admins pass the page check):
 * the chart's own module and the modules of the page it opens (`pageModules`, the catalogue's: the page's or its
 * plugin's), so the AIR charts stay with the AIR dashboard.
 */
export function mayLoadChart(
  k: { access: Pick<Kernel['access'], 'matchPage'> },
  caller: Pick<Caller, 'isLciAdmin' | 'isTenantAdmin' | 'pages' | 'modules'>,
  chart: Pick<DashboardChart, 'page' | 'module'>,
  pageModules: Readonly<Record<string, readonly string[]>> = {},
): boolean {
  if (caller.isLciAdmin) return true;
  if (!caller.isTenantAdmin && !k.access.matchPage(caller.pages, chart.page)) return false;
  if (!moduleAllows(caller.modules, chart.module)) return false;
  if (!moduleAllows(caller.modules, pageModulesFor(pageModules, chart.page))) return false;
  return true;
}

export function registerDashboardChartRoutes(r: RouteRegistrar, k: Kernel): void {
  const all = k.extensions(dashboardChartsPoint);
  checkCharts(all);
  const response = z.object({
    charts: z.object(Object.fromEntries(all.map((c) => [c.id, c.schema.optional()]))).strict(),
  });
  r.get(
    '/v3/tenant/:tenantId/dashboardCharts',
    {
      summary: 'Data of the dashboard panels: one entry per chart the caller may see (?charts=a,b for some only)',
      tags: ['home'],
      page: DASHBOARD_PAGE,
      params: z.object({ tenantId: z.coerce.number().int().positive() }),
      query: dashboardChartsQuery,
      response,
    },
    async ({ db, tenantId, caller, query }) => {
      const wanted = requestedCharts(query.charts);
      const unknown = wanted?.filter((id) => !all.some((c) => c.id === id)) ?? [];
      if (unknown.length)
        throw badRequest(`Unknown chart: ${unknown.join(', ')}`, [
          { path: 'query.charts', message: `Unknown chart: ${unknown.join(', ')}` },
        ]);
      const charts: Record<string, unknown> = {};
      for (const c of all) {
        if (wanted && !wanted.includes(c.id)) continue;
        if (!mayLoadChart(k, caller!, c, pageModulesOf(k))) continue;
        charts[c.id] = await c.load(db, tenantId, caller!);
      }
      return { charts };
    },
  );
}
