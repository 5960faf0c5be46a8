/**
 * Company-level filters (customer-success.md sections 3 and 4): the selected company's locations, asset types and
 * asset statuses (choices from the companies plugin's GET company/{id}/filter). A real change raises the change
 * counter (the same selection again does not); clearing empties the three selections (and raises the counter when
 * something was selected); selecting another company starts from nothing. Pure, unit-tested.
 */

export const COMPANY_FILTER_FIELDS = ['locations', 'assetTypes', 'assetStatuses'] as const;
export type CompanyFilterField = (typeof COMPANY_FILTER_FIELDS)[number];
export const COMPANY_FILTER_LABELS: Record<CompanyFilterField, string> = {
  locations: 'Locations',
  assetTypes: 'Asset types',
  assetStatuses: 'Asset statuses',
};

export interface CompanyFilterState {
  /** The company the selections belong to. */
  tenantCompanyId: number | null;
  selections: Record<CompanyFilterField, number[]>;
  changeCount: number;
}

export const initialCompanyFilterState = (tenantCompanyId: number | null = null): CompanyFilterState => ({
  tenantCompanyId,
  selections: { locations: [], assetTypes: [], assetStatuses: [] },
  changeCount: 0,
});

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort((x, y) => x - y).every((v, i) => v === [...b].sort((x, y) => x - y)[i]);

/** Another company: nothing selected (the counter goes on so pages reload). The same company: unchanged. */
export function forCompany(s: CompanyFilterState, tenantCompanyId: number | null): CompanyFilterState {
  if (s.tenantCompanyId === tenantCompanyId) return s;
  return { ...initialCompanyFilterState(tenantCompanyId), changeCount: s.changeCount + 1 };
}

export function selectCompanyFilter(
  s: CompanyFilterState,
  field: CompanyFilterField,
  values: readonly number[],
): CompanyFilterState {
  const next = [...new Set(values)];
  if (sameIds(s.selections[field], next)) return s;
  return { ...s, selections: { ...s.selections, [field]: next }, changeCount: s.changeCount + 1 };
}

export const selectedCompanyFilterCount = (s: CompanyFilterState): number =>
  COMPANY_FILTER_FIELDS.reduce((n, f) => n + s.selections[f].length, 0);

/** Empties the three selections; nothing selected: unchanged. */
export function clearCompanyFilters(s: CompanyFilterState): CompanyFilterState {
  if (selectedCompanyFilterCount(s) === 0) return s;
  return { ...initialCompanyFilterState(s.tenantCompanyId), changeCount: s.changeCount + 1 };
}

/** Rows kept by the locations selection (nothing selected: every row; a row without a location never matches one). */
export function byLocations<T extends { tenant_company_location_id: number | null }>(
  rows: readonly T[],
  locations: readonly number[],
): T[] {
  if (!locations.length) return [...rows];
  return rows.filter((r) => r.tenant_company_location_id !== null && locations.includes(r.tenant_company_location_id));
}
