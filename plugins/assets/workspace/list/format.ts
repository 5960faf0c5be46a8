/** The text of an asset's cell per column (the table, the drawer), in the tenant's formats. */
import type { TenantFormatter } from '../../../../workspace/sdk';
import type { Asset } from '../../shared/api';
import type { AssetListColumn } from '../../shared/columns';
import { ASSET_SOURCE_LABELS } from '../../shared/fields';
import type { Intent } from '@blueprintjs/core';
import { LIFECYCLE_LABELS, type LifecycleState, type WarrantyState } from '../../shared/lifecycle';

export const WARRANTY_LABELS: Record<WarrantyState, string> = {
  in_warranty: 'In warranty',
  expiring: 'Expiring',
  expired: 'Expired',
  unknown: 'Unknown',
};

/** The intent of a lifecycle state's tag (a minimal tag: dark text of the intent on its light tint). */
export const LIFECYCLE_INTENTS: Record<LifecycleState, Intent> = {
  eol_reached: 'danger',
  out_of_warranty: 'danger',
  eol_approaching: 'warning',
  warranty_expiring: 'warning',
  unknown: 'none',
  healthy: 'success',
};

export function dueSoonText(d: Asset['due_soon']): string {
  if (d === null) return '';
  return d === 'overdue' ? 'Overdue' : `Within ${d} days`;
}

export function cellText(a: Asset, c: AssetListColumn, f: TenantFormatter): string {
  switch (c) {
    case 'company':
      return a.company_moniker;
    case 'asset_type':
      return a.asset_type_moniker ?? '';
    case 'status':
      return a.status_moniker ?? '';
    case 'purchase_date':
    case 'warranty_start':
    case 'warranty_expiry':
    case 'eol_date':
    case 'replacement_due':
      return a[c] ? f.date(a[c]) : '';
    case 'last_seen_at':
    case 'updated_at':
      return a[c] ? f.dateTime(a[c]) : '';
    case 'warranty_state':
      return WARRANTY_LABELS[a.warranty_state];
    case 'lifecycle_state':
      return LIFECYCLE_LABELS[a.lifecycle_state];
    case 'due_soon':
      return dueSoonText(a.due_soon);
    case 'age':
      return a.age_months === null ? '' : String(a.age_months);
    case 'cost':
    case 'replacement_cost':
      return a[c] === null ? '' : f.money(a[c]);
    case 'source':
      return ASSET_SOURCE_LABELS[a.source];
    default:
      return a[c] ?? '';
  }
}
