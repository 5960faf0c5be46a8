/** The answer of TenantCsDashboardMetrics (server/dashboard/service.ts): inferred from its reply schema (shared/api.ts). */
export type { DashboardAnswer } from '../../shared/api';
