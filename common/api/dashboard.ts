/**
 * GET /v3/tenant/:tenantId/dashboardCharts (customer-success.md 7, "Other company-scoped endpoints"): the data of the
 * /dashboard panels, one entry per chart under `charts`, keyed by the chart id a plugin contributed to the kernel
 * point `kernel.dashboardCharts`. `?charts=a,b` asks for some only (each panel asks for its own). A chart whose page
 * the caller cannot open is left out (not an error): the workspace shows no panel for it either.
 */
import { z } from 'zod';

export const dashboardChartsPath = (tenantId: number) => `/v3/tenant/${tenantId}/dashboardCharts`;
export const dashboardChartsQuery = z.object({
  charts: z.string().max(500, 'Max 500 characters').optional(),
});
/**
 * The answer's envelope (the kernel's route builds its schema from the charts registered); each plugin's
 * shared/api.ts holds the schema of its own chart's data.
 */
export interface DashboardChartsAnswer {
  charts: Record<string, unknown>;
}

/** The chart ids of `?charts=` (comma separated, trimmed, no empties); undefined: all. */
export function requestedCharts(charts: string | undefined): string[] | undefined {
  if (charts === undefined) return undefined;
  return [
    ...new Set(
      charts
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean),
    ),
  ];
}
