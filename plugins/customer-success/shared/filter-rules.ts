/**
 * The Customer Success filter composition rule (customer-success.md sections 3, 4 "Filters" and 7):
 * filter fields tenantAccountManagerIds, tenantAccountGroupIds, segmentIds, tenantCompanyIds, healthCodes,
 * effortCodes; selected goals add their company ids. A change raises a change counter; clearing empties the
 * selections; data counts as filtered when any of manager, group, segment, company, health code or effort
 * code is selected. Pure: used by the filters bar (workspace) and the server's filter resolution.
 */

export interface CsFilters {
  tenantAccountManagerIds: number[];
  tenantAccountGroupIds: number[];
  segmentIds: number[];
  tenantCompanyIds: number[];
  /** Health cut variants (danger, warning, success...) of the companies' health scores. */
  healthCodes: string[];
  /** Effort cut variants of the companies' effort scores. */
  effortCodes: string[];
  /** Selected goals: their companies are added to tenantCompanyIds. */
  tenantCompanyGoalIds: number[];
}

export type CsFilterField = keyof CsFilters;

/** The six fields that make data count as filtered (goals count through the companies they add). */
export const FILTERING_FIELDS = [
  'tenantAccountManagerIds',
  'tenantAccountGroupIds',
  'segmentIds',
  'tenantCompanyIds',
  'healthCodes',
  'effortCodes',
] as const satisfies readonly CsFilterField[];
export const CS_FILTER_FIELDS: readonly CsFilterField[] = [...FILTERING_FIELDS, 'tenantCompanyGoalIds'];

export function emptyFilters(): CsFilters {
  return {
    tenantAccountManagerIds: [],
    tenantAccountGroupIds: [],
    segmentIds: [],
    tenantCompanyIds: [],
    healthCodes: [],
    effortCodes: [],
    tenantCompanyGoalIds: [],
  };
}

/** Fills absent fields with empty selections. */
export function normalizeFilters(f: Partial<CsFilters> | null | undefined): CsFilters {
  const out = emptyFilters();
  for (const k of CS_FILTER_FIELDS) {
    const v = f?.[k];
    if (Array.isArray(v)) (out as unknown as Record<string, unknown[]>)[k] = [...new Set(v as unknown[])];
  }
  return out;
}

/**
 * Adds the companies of the selected goals to the company selection (goalCompanies: the tenantCompanyIds of
 * each selected goal). The result's tenantCompanyIds is the union, without duplicates.
 */
export function withGoalCompanies(f: CsFilters, goalCompanies: readonly (readonly number[])[]): CsFilters {
  const ids = new Set(f.tenantCompanyIds);
  for (const g of goalCompanies) for (const id of g) ids.add(id);
  return { ...f, tenantCompanyIds: [...ids] };
}

/** Data counts as filtered when any of manager, group, segment, company, health code or effort code is selected. */
export function isFiltered(f: Partial<CsFilters> | null | undefined): boolean {
  if (!f) return false;
  return FILTERING_FIELDS.some((k) => (f[k]?.length ?? 0) > 0);
}

/** Filters state of a page: the selections and the change counter pages watch to reload. */
export interface CsFilterState {
  selections: CsFilters;
  changeCount: number;
}

export const initialFilterState = (): CsFilterState => ({ selections: emptyFilters(), changeCount: 0 });

function sameSelection(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  const sa = new Set(a);
  return b.every((x) => sa.has(x));
}

/** Selects values of one field; a real change raises the change counter, the same selection again does not. */
export function selectFilter<K extends CsFilterField>(s: CsFilterState, field: K, values: CsFilters[K]): CsFilterState {
  const next = [...new Set(values as unknown[])] as CsFilters[K];
  if (sameSelection(s.selections[field], next)) return s;
  return { selections: { ...s.selections, [field]: next }, changeCount: s.changeCount + 1 };
}

/** Clearing empties every selection and raises the change counter (nothing selected: unchanged). */
export function clearFilters(s: CsFilterState): CsFilterState {
  const any = CS_FILTER_FIELDS.some((k) => s.selections[k].length > 0);
  if (!any) return s;
  return { selections: emptyFilters(), changeCount: s.changeCount + 1 };
}

/** Number of selected values (the badge of the filters bar). */
export function selectedCount(f: CsFilters): number {
  return CS_FILTER_FIELDS.reduce((n, k) => n + f[k].length, 0);
}

/** The body of a filteredGet: only the selected fields. */
export function filtersForRequest(f: CsFilters): Partial<CsFilters> {
  const out: Partial<CsFilters> = {};
  for (const k of CS_FILTER_FIELDS) if (f[k].length) (out as Record<string, unknown>)[k] = [...f[k]];
  return out;
}
