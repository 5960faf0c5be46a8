/** The answer of GET /v3/lciadmin/summary (server/core/summary), inferred from its reply schema in shared/api.ts. */
export type { AdminSummary, TenantSummary } from '../../../shared/api';
