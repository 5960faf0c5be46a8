/**
 * GET /v3/tenant/:tenantId/assetCharts (the AIR dashboard's data, page /airdashboard) and the asset charts of
 * dashboardCharts: zod schemas of the query and the answer (rules in shared/charts.ts). Pure.
 */
import { z } from 'zod';
import { dateField } from './api';
import { AGE_BUCKETS, QUARTERS_DEFAULT, QUARTERS_MAX, QUARTERS_MIN } from './charts';
import { LIFECYCLE_STATES } from './lifecycle';

export const assetChartsPath = (tenantId: number) => `/v3/tenant/${tenantId}/assetCharts`;

/** Company ids given once, repeated (?x=1&x=2) or comma separated (?x=1,2); at most 1000. */
const companyIds = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).filter((s) => s.trim() !== ''))
  .pipe(
    z
      .array(
        z
          .string()
          .trim()
          .regex(/^[1-9]\d{0,15}$/, 'Must be a list of ids')
          .transform(Number),
      )
      .max(1000, 'At most 1000 companies'),
  );

export const assetChartsQuery = z.object({
  /** Only these companies' assets (the dashboard's company filter, or the module view's companies). */
  tenantCompanyIds: companyIds.optional(),
  /** The day of the figures (default: the tenant's today in its time zone). The due soon windows are DUE_SOON_WINDOWS' 90/120/180/365. */
  asOf: dateField.optional(),
  /** How many quarters the replacement cost chart covers (4 to 8). */
  quarters: z.coerce.number().int().min(QUARTERS_MIN).max(QUARTERS_MAX).default(QUARTERS_DEFAULT),
});
export type AssetChartsQuery = z.output<typeof assetChartsQuery>;

const count = z.number().int().nonnegative();
const money = z.number();
const typeId = z.number().int().positive().nullable();

export const lifecycleCounts = z.array(z.object({ state: z.enum(LIFECYCLE_STATES), label: z.string(), count }));
export const warrantyExpiries = z.array(z.object({ month: z.string(), count }));
export const ageByType = z.array(
  z.object({ asset_type_id: typeId, asset_type: z.string(), bucket: z.enum(AGE_BUCKETS), count }),
);
export const replacementByQuarter = z.array(z.object({ quarter: z.string(), start: z.string(), count, cost: money }));
export const typeSummaries = z.array(
  z.object({
    asset_type_id: typeId,
    asset_type: z.string(),
    count,
    average_age_months: z.number().nullable(),
    average_replacement_cost: money.nullable(),
    replacement_cost: money,
  }),
);
export const dueSoonSummary = z.array(
  z.object({ days: z.union([z.literal(90), z.literal(120), z.literal(180), z.literal(365)]), count, cost: money }),
);

export const assetChartsAnswer = z.object({
  asOf: z.string(),
  total: count,
  lifecycle: lifecycleCounts,
  warrantyExpiries,
  ageByType,
  replacementByQuarter,
  overdue: z.object({ count, cost: money }),
  types: typeSummaries,
  dueSoon: dueSoonSummary,
});
export type AssetChartsAnswer = z.output<typeof assetChartsAnswer>;
