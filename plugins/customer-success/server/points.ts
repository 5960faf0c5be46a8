/**
 * The extension points of Customer Success (re-exported by public.ts): what other plugins add to the CS area.
 * Each is read at call time with `k.extensions(point)`; CS registers its own parts the same way.
 */
import type { z } from 'zod';
import type { Trx } from '../../../kernel/index';
import { createExtensionPoint } from '../../../common/extension-point';
import type { CsFilterResolverDef } from './filters/resolver';
import type { CsObjectDef } from './object-api/registry';

/** Object types of the CS object API (v3/cs/tenant/:tenantId/cs/<name>, csrpt/<name>): defineCsObject values. */
export const csObjectsPoint = createExtensionPoint<CsObjectDef>(
  'customer-success.objects',
  'object types of the Customer Success object API (cs/<object>, csrpt/<object>)',
);

/** Filter fields of filteredGet: each maps selected values to the companies they select. */
export const csFilterResolversPoint = createExtensionPoint<CsFilterResolverDef>(
  'customer-success.filterResolvers',
  'filter fields of the CS filters (filteredGet, reports)',
);

/** Charts the dashboard (TenantCsDashboardMetrics) answers besides its own, for the filtered companies. */
export interface CsDashboardChartsDef {
  /** Short name (logs, errors). */
  name: string;
  /** The reply schemas of the fields `charts` adds (the dashboard's reply schema includes them). */
  fields: z.ZodRawShape;
  /**
   * Fields added to the dashboardMetrics answer; companyIds null: every company. `inputs`: what the dashboard's
   * request has read already, to use rather than read again (each input is read once per request).
   */
  charts(db: Trx, companyIds: readonly number[] | null, inputs?: CsChartInputs): Promise<Record<string, unknown>>;
}
/** What the dashboard's request has read, for its charts (read once for the request, on first call). */
interface CsChartInputs {
  /** The tenant's active companies, by name. */
  activeCompanies(): Promise<readonly { tenant_company_id: number; moniker: string; seats: number }[]>;
}
export const csDashboardChartsPoint = createExtensionPoint<CsDashboardChartsDef>(
  'customer-success.dashboardCharts',
  'charts of the Customer Success dashboard',
);

/** A contract as CS reads it (the companies plugin's contract with the company's moniker). */
export interface CsContractRow {
  tenant_company_id: number | string;
  vendor: string | null;
  account: string | null;
  [k: string]: unknown;
}
/**
 * Contracts CS leaves out of every view (monthly value, segments, dashboard, insights, headlines, details tile):
 * answers, per request, a test saying whether a contract is left out, or null when nothing is.
 */
export interface CsContractFilterDef {
  name: string;
  excludes(db: Trx): Promise<((contract: CsContractRow) => boolean) | null>;
}
export const csContractFiltersPoint = createExtensionPoint<CsContractFilterDef>(
  'customer-success.contractFilters',
  'contracts Customer Success leaves out (contract exclusions)',
);

export const CS_POINTS = [csObjectsPoint, csFilterResolversPoint, csDashboardChartsPoint, csContractFiltersPoint];
