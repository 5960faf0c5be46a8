/**
 * Asset status update (platform.md 4.6): toggles is_active / active_flag of the listed ids; the others stay.
 * active_flag is the 1/0 twin of is_active that the workspace reads.
 */
interface AssetStatus {
  tenant_asset_status_id: number;
  is_active: boolean;
  active_flag: 0 | 1;
}

export function toggleAssetStatuses<S extends AssetStatus>(statuses: readonly S[], ids: readonly number[]): S[] {
  const set = new Set(ids);
  return statuses.map((s) => {
    if (!set.has(s.tenant_asset_status_id)) return s;
    const next = !s.is_active;
    return { ...s, is_active: next, active_flag: next ? 1 : 0 };
  });
}

/** The answer's message for a toggle of n statuses. */
export function toggleMessage(n: number): { return_message: string; msg_class: 'success' | 'warning' } {
  if (n === 0) return { return_message: 'No asset statuses were updated.', msg_class: 'warning' };
  return { return_message: `${n} asset status${n === 1 ? '' : 'es'} updated.`, msg_class: 'success' };
}
