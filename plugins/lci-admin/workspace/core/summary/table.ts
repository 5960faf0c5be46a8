/** Search and sort of the admin summary's tenant table (pure). */
import type { TenantSummary } from './types';

export type SortKey =
  'name' | 'tenantId' | 'created' | 'subscriptionStatus' | 'activeCompanies' | 'users' | 'lastActivity';
export interface Sort {
  key: SortKey;
  dir: 'asc' | 'desc';
}

/** Matches the name, the id or the subscription status (case-insensitive). */
export function matchesSearch(t: TenantSummary, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return t.name.toLowerCase().includes(q) || String(t.tenantId) === q || t.subscriptionStatus.toLowerCase().includes(q);
}

function value(t: TenantSummary, key: SortKey): string | number | null {
  switch (key) {
    case 'created':
      return Date.parse(t.created);
    case 'lastActivity':
      return t.lastActivity ? Date.parse(t.lastActivity) : null;
    case 'name':
      return t.name.toLowerCase();
    case 'subscriptionStatus':
      return t.subscriptionStatus.toLowerCase();
    default:
      return t[key];
  }
}

/** Sorted copy; empty values (no activity, no companies) always last. */
export function sortTenants(rows: TenantSummary[], sort: Sort): TenantSummary[] {
  const sign = sort.dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const va = value(a, sort.key);
    const vb = value(b, sort.key);
    if (va === null && vb === null) return a.tenantId - b.tenantId;
    if (va === null) return 1;
    if (vb === null) return -1;
    const c = va < vb ? -1 : va > vb ? 1 : 0;
    return c !== 0 ? c * sign : a.tenantId - b.tenantId;
  });
}

/** Clicking a header: the same column flips its direction, another column starts ascending (dates and counts descending). */
export function nextSort(current: Sort, key: SortKey): Sort {
  if (current.key === key) return { key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { key, dir: key === 'name' || key === 'subscriptionStatus' || key === 'tenantId' ? 'asc' : 'desc' };
}

export function visibleTenants(rows: TenantSummary[], search: string, sort: Sort): TenantSummary[] {
  return sortTenants(
    rows.filter((t) => matchesSearch(t, search)),
    sort,
  );
}
