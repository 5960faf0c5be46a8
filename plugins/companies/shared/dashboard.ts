/**
 * The companies plugin's /dashboard panels (data from GET /v3/tenant/:tenantId/dashboardCharts, kernel point
 * `kernel.dashboardCharts`): contracts reaching their notice date, and active companies without data.
 */
import { z } from 'zod';

/** Contracts whose notice date is at most this many days away (or passed while the contract still runs). */
export const NOTICE_WINDOW_DAYS = 90;
/** Rows a panel lists (the total says how many more there are). */
export const PANEL_ROWS = 5;

export const CONTRACT_NOTICES_CHART = 'contractNotices';
export const COMPANIES_WITHOUT_DATA_CHART = 'companiesWithoutData';

export const contractNoticesChart = z.object({
  window_days: z.number().int(),
  total: z.number().int(),
  contracts: z.array(
    z.object({
      tenant_company_contract_id: z.number().int(),
      tenant_company_id: z.number().int(),
      company: z.string(),
      vendor: z.string(),
      account: z.string().nullable(),
      notice_date: z.string(),
      end_date: z.string().nullable(),
      /** Days from today to the notice date; negative: the notice date has passed. */
      days_to_notice: z.number().int(),
    }),
  ),
});
export type ContractNoticesChart = z.infer<typeof contractNoticesChart>;

export const companiesWithoutDataChart = z.object({
  total: z.number().int(),
  active: z.number().int(),
  companies: z.array(z.object({ tenant_company_id: z.number().int(), moniker: z.string() })),
});
export type CompaniesWithoutDataChart = z.infer<typeof companiesWithoutDataChart>;

/** "in 12 days", "today", "3 days ago" (pure). */
export function noticeDistance(days: number): string {
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days === -1) return 'yesterday';
  return days > 0 ? `in ${days} days` : `${-days} days ago`;
}
