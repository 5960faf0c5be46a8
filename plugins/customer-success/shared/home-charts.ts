/**
 * Customer Success's /dashboard panels (data from GET /v3/tenant/:tenantId/dashboardCharts, kernel point
 * `kernel.dashboardCharts`): health distribution by the tenant's health cuts, biggest health drops since last month,
 * goals due. (The CS area's own dashboard, /cs/dashboard, is shared/dashboard-metrics.ts.)
 */
import { z } from 'zod';
import { CUT_VARIANTS } from './cut-scores';
import { GOAL_STATUSES } from './goal-rules';

export const HEALTH_DISTRIBUTION_CHART = 'healthDistribution';
export const HEALTH_DROPS_CHART = 'healthDrops';
export const GOALS_DUE_CHART = 'goalsDue';
/** Goals due within this many days (and overdue ones) are listed. */
export const GOALS_DUE_DAYS = 30;
export const HOME_PANEL_ROWS = 5;

export const healthDistributionChart = z.object({
  bands: z.array(
    z.object({
      /** The band holds scores above `above` (none: from 0) up to `max`, inclusive. */
      above: z.number().int().nullable(),
      max: z.number().int(),
      variant: z.enum(CUT_VARIANTS),
      companies: z.number().int(),
    }),
  ),
  unscored: z.number().int(),
  total: z.number().int(),
});
export type HealthDistributionChart = z.infer<typeof healthDistributionChart>;

export const healthDropsChart = z.object({
  drops: z.array(
    z.object({
      tenant_company_id: z.number().int(),
      company: z.string(),
      score: z.number().int(),
      previous: z.number().int(),
      /** previous - score, above 0. */
      drop: z.number().int(),
      previous_month: z.string(),
    }),
  ),
});
export type HealthDropsChart = z.infer<typeof healthDropsChart>;

export const goalsDueChart = z.object({
  within_days: z.number().int(),
  total: z.number().int(),
  overdue: z.number().int(),
  goals: z.array(
    z.object({
      tenant_company_goal_id: z.number().int(),
      tenant_company_id: z.number().int(),
      company: z.string(),
      moniker: z.string(),
      status: z.enum(GOAL_STATUSES),
      due_date: z.string(),
      days_left: z.number().int(),
    }),
  ),
});
export type GoalsDueChart = z.infer<typeof goalsDueChart>;

/** "1-49", "50-79", "80-100" (pure). */
export const bandLabel = (b: { above: number | null; max: number }) => `${b.above === null ? 0 : b.above + 1}-${b.max}`;
