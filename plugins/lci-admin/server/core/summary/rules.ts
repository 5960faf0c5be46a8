/** Admin summary rules (pure): tenant rows, totals and job health. */
import type { JobHealth, SummaryTotals, TenantSummary } from '../../../shared/api';

export type { JobHealth, TenantSummary } from '../../../shared/api';

export const NOT_AVAILABLE = 'n/a';
/** Failed jobs counted in the job health: those created within this many hours. */
const FAILED_WINDOW_HOURS = 24;

export function totals(rows: TenantSummary[], now: Date = new Date()): SummaryTotals {
  const since = now.getTime() - 30 * 86_400_000;
  const companies = rows.filter((r) => r.activeCompanies !== null);
  return {
    tenants: rows.length,
    activeTenants: rows.filter((r) => r.active).length,
    activeCompanies: companies.length ? companies.reduce((s, r) => s + (r.activeCompanies ?? 0), 0) : null,
    users: rows.reduce((s, r) => s + r.users, 0),
    activeLast30Days: rows.filter((r) => r.lastActivity !== null && Date.parse(r.lastActivity) >= since).length,
  };
}

/** The later of two ISO timestamps (either may be missing). */
export function latest(a: string | null | undefined, b: string | null | undefined): string | null {
  if (!a) return b ?? null;
  if (!b) return a;
  return Date.parse(a) >= Date.parse(b) ? a : b;
}

/** Queue counts by state, summed over queues, with the failed jobs created in the last 24 hours. */
export function jobHealth(
  stats: { queue: string; counts: Record<string, number> }[],
  failed: { name: string; createdOn: string }[],
  now: Date = new Date(),
): JobHealth {
  const since = now.getTime() - FAILED_WINDOW_HOURS * 3_600_000;
  const recent = failed.filter((f) => Date.parse(f.createdOn) >= since);
  const byState: Record<string, number> = {};
  for (const q of stats) for (const [state, n] of Object.entries(q.counts)) byState[state] = (byState[state] ?? 0) + n;
  const queues = stats.map((q) => ({ ...q, failedLast24h: recent.filter((f) => f.name === q.queue).length }));
  return { queues, byState, failedLast24h: recent.length, available: true };
}
