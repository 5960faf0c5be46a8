/**
 * Flag precedence (platform.md section 6): flags are keyed by tenant (or its
 * parent provider tenant) and user, default off. A user-level value beats a
 * tenant-level one; the tenant's own value beats its parent's.
 */
export interface FlagValueRow {
  tenant_id: number;
  flag_key: string;
  user_id: number;
  value: boolean;
}
interface FlagScope {
  tenantId: number;
  parentTenantId: number | null;
  userId: number | null;
}

/** Tenant-wide values use user_id 0. */
export const TENANT_WIDE = 0;

export function effectiveFlags(
  keys: readonly string[],
  rows: readonly FlagValueRow[],
  s: FlagScope,
): Record<string, boolean> {
  const order: [number | null, number | null][] = [
    [s.tenantId, s.userId],
    [s.parentTenantId, s.userId],
    [s.tenantId, TENANT_WIDE],
    [s.parentTenantId, TENANT_WIDE],
  ];
  const out: Record<string, boolean> = {};
  for (const key of keys) {
    let value = false;
    for (const [t, u] of order) {
      if (t === null || u === null || (u !== TENANT_WIDE && u <= 0)) continue;
      const hit = rows.find((r) => r.flag_key === key && Number(r.tenant_id) === t && Number(r.user_id) === u);
      if (hit) {
        value = !!hit.value;
        break;
      }
    }
    out[key] = value;
  }
  return out;
}
