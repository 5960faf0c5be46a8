import {
  clearFilters,
  emptyFilters,
  filtersForRequest,
  initialFilterState,
  isFiltered,
  normalizeFilters,
  selectFilter,
  selectedCount,
  withGoalCompanies,
} from '../shared/filter-rules';

describe('filter composition (customer-success.md section 4 "Filters")', () => {
  test.each([
    ['tenantAccountManagerIds', [3]],
    ['tenantAccountGroupIds', [4]],
    ['segmentIds', [1]],
    ['tenantCompanyIds', [9]],
    ['healthCodes', ['danger']],
    ['effortCodes', ['success']],
  ] as const)('selecting %s makes data count as filtered', (field, values) => {
    expect(isFiltered(emptyFilters())).toBe(false);
    expect(isFiltered({ ...emptyFilters(), [field]: values })).toBe(true);
  });

  test('goals alone do not count until they add their companies; then the company selection is the union', () => {
    const f = { ...emptyFilters(), tenantCompanyIds: [1, 2], tenantCompanyGoalIds: [7] };
    expect(isFiltered({ ...emptyFilters(), tenantCompanyGoalIds: [7] })).toBe(false);
    expect(withGoalCompanies(f, [[2, 3], [4]]).tenantCompanyIds.sort()).toEqual([1, 2, 3, 4]);
    expect(isFiltered(withGoalCompanies({ ...emptyFilters(), tenantCompanyGoalIds: [7] }, [[5]]))).toBe(true);
  });

  test('a change raises the change counter; the same selection again does not', () => {
    let s = initialFilterState();
    s = selectFilter(s, 'segmentIds', [1, 2]);
    expect(s.changeCount).toBe(1);
    expect(selectFilter(s, 'segmentIds', [2, 1])).toBe(s);
    s = selectFilter(s, 'healthCodes', ['danger']);
    expect(s.changeCount).toBe(2);
    expect(selectedCount(s.selections)).toBe(3);
  });

  test('clearing empties every selection and counts as a change; clearing nothing changes nothing', () => {
    let s = selectFilter(
      selectFilter(initialFilterState(), 'tenantAccountManagerIds', [5]),
      'tenantCompanyGoalIds',
      [8],
    );
    s = clearFilters(s);
    expect(s.selections).toEqual(emptyFilters());
    expect(s.changeCount).toBe(3);
    expect(isFiltered(s.selections)).toBe(false);
    expect(clearFilters(s)).toBe(s);
  });

  test('normalize fills absent fields and drops duplicates; the request carries only selected fields', () => {
    expect(normalizeFilters({ segmentIds: [1, 1, 2] })).toEqual({ ...emptyFilters(), segmentIds: [1, 2] });
    expect(normalizeFilters(null)).toEqual(emptyFilters());
    expect(filtersForRequest({ ...emptyFilters(), effortCodes: ['warning'] })).toEqual({ effortCodes: ['warning'] });
  });
});
