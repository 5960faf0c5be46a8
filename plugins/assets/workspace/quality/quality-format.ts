/** Small helpers of the data quality page: band colours, the fields a person can fill in, the fix list query. */
import type { Intent } from '@blueprintjs/core';
import type { DqBand, DqField } from '../../shared/data-quality';
import type { FixListQueryIn } from '../../shared/data-quality-api';

export const BAND_INTENT: Record<DqBand, Intent> = { good: 'success', fair: 'warning', poor: 'danger' };

/** The asset field (PUT assets/:id) that fixes a check, and its input; stale has none (the source must see it). */
export const FIX_INPUTS: Partial<Record<DqField, { field: string; type: 'text' | 'date' | 'type' }>> = {
  asset_type: { field: 'asset_type_id', type: 'type' },
  make: { field: 'make', type: 'text' },
  model: { field: 'model', type: 'text' },
  serial: { field: 'serial', type: 'text' },
  warranty: { field: 'warranty_expiry', type: 'date' },
  eol: { field: 'eol_date', type: 'date' },
  purchase_date: { field: 'purchase_date', type: 'date' },
  assigned_to: { field: 'assigned_to', type: 'text' },
};

/** The asset list filtered to one asset (its name within its company). */
export const assetListLink = (name: string, companyId: number) =>
  `/assetList?search=${encodeURIComponent(name)}&companies=${companyId}`;

export interface FixFilters {
  companyId: number | null;
  field: DqField | null;
  search: string;
  sort: NonNullable<FixListQueryIn['sort']>;
  dir: 'asc' | 'desc';
  page: number;
}

export const FIX_PAGE_SIZE = 25;

export function fixQuery(f: FixFilters): Record<string, string | number | undefined> {
  return {
    tenantCompanyIds: f.companyId ?? undefined,
    field: f.field ?? undefined,
    search: f.search.trim() || undefined,
    sort: f.sort,
    dir: f.dir,
    page: f.page,
    pageSize: FIX_PAGE_SIZE,
  };
}
