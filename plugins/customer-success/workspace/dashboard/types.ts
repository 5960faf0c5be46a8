/** The answer of TenantCsDashboardMetrics (server/dashboard/service.ts). */
import type { DashboardMetrics } from '../../shared/dashboard-metrics';
import type { DataQualityChart } from '../../shared/data-quality';

export interface DashboardAnswer extends DashboardMetrics {
  dataQuality: DataQualityChart & { drilldown: { key: string; tenantCompanyIds: number[] }[] };
  stale_data: boolean;
}
