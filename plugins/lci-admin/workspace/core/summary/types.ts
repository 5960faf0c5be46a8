/** The answer of GET /v3/lciadmin/summary (server/core/summary). */
export interface TenantSummary {
  tenantId: number; name: string; created: string; active: boolean; subscriptionStatus: string;
  activeCompanies: number | null; users: number; lastActivity: string | null;
}
export interface AdminSummary {
  tenants: TenantSummary[];
  totals: { tenants: number; activeTenants: number; activeCompanies: number | null; users: number; activeLast30Days: number };
  jobs: { queues: { queue: string; counts: Record<string, number>; failedLast24h: number }[]; byState: Record<string, number>; failedLast24h: number; available: boolean; note?: string };
  generatedAt: string;
}
