/** Company-level filters (section 4): a change raises the counter, Clear empties the three selections. */
import {
  byLocations,
  clearCompanyFilters,
  forCompany,
  initialCompanyFilterState,
  selectCompanyFilter,
  selectedCompanyFilterCount,
} from '../shared/company-filter-rules';
import { applyLinkWrite, linkFieldOf, type SavedLink } from '../workspace/detail/tiles/saved-links';

describe('company filters', () => {
  it('a real change raises the counter; the same selection does not', () => {
    let s = initialCompanyFilterState(7);
    s = selectCompanyFilter(s, 'locations', [3, 4]);
    expect(s.changeCount).toBe(1);
    expect(selectCompanyFilter(s, 'locations', [4, 3])).toBe(s);
    s = selectCompanyFilter(s, 'assetTypes', [9]);
    s = selectCompanyFilter(s, 'assetStatuses', [2]);
    expect(selectedCompanyFilterCount(s)).toBe(4);
    expect(s.changeCount).toBe(3);
  });
  it('clear empties the three selections and raises the counter; nothing selected: unchanged', () => {
    const s = selectCompanyFilter(
      selectCompanyFilter(selectCompanyFilter(initialCompanyFilterState(7), 'locations', [3]), 'assetTypes', [1]),
      'assetStatuses',
      [2],
    );
    const cleared = clearCompanyFilters(s);
    expect(cleared.selections).toEqual({ locations: [], assetTypes: [], assetStatuses: [] });
    expect(cleared.changeCount).toBe(s.changeCount + 1);
    expect(cleared.tenantCompanyId).toBe(7);
    expect(clearCompanyFilters(cleared)).toBe(cleared);
  });
  it('another company starts from nothing; the same company keeps the selection', () => {
    const s = selectCompanyFilter(initialCompanyFilterState(7), 'locations', [3]);
    expect(forCompany(s, 7)).toBe(s);
    const other = forCompany(s, 8);
    expect(other).toMatchObject({ tenantCompanyId: 8, selections: { locations: [] } });
    expect(other.changeCount).toBe(s.changeCount + 1);
  });
  it('locations narrow rows; none selected keeps all', () => {
    const rows = [
      { id: 1, tenant_company_location_id: 3 },
      { id: 2, tenant_company_location_id: null },
      { id: 3, tenant_company_location_id: 4 },
    ];
    expect(byLocations(rows, []).map((r) => r.id)).toEqual([1, 2, 3]);
    expect(byLocations(rows, [4]).map((r) => r.id)).toEqual([3]);
  });
});

describe('saved links tile', () => {
  const l = (id: number, title: string): SavedLink => ({
    tenant_company_link_id: id,
    link_title: title,
    link_url: `https://x/${id}`,
    version: 1,
  });
  it('the local list changes only when the server reports records updated', () => {
    const list = [l(1, 'B')];
    const ins = { operation: 'insert' as const, payload: { link_title: 'A', link_url: 'https://a' } };
    expect(applyLinkWrite(list, ins, { records_updated: 0, tenant_company_link_id: 2 })).toEqual(list);
    expect(
      applyLinkWrite(list, ins, { records_updated: 1, tenant_company_link_id: 2, link: l(2, 'A') }).map(
        (x) => x.link_title,
      ),
    ).toEqual(['A', 'B']);
    const del = { operation: 'delete' as const, payload: { tenant_company_link_id: 1, version: 1 } };
    expect(applyLinkWrite(list, del, { records_updated: 1, tenant_company_link_id: 1 })).toEqual([]);
    expect(applyLinkWrite(list, del, { records_updated: 0, tenant_company_link_id: 1 })).toEqual(list);
    const upd = {
      operation: 'update' as const,
      payload: { tenant_company_link_id: 1, link_title: 'C', link_url: 'https://c', version: 1 },
    };
    expect(
      applyLinkWrite(list, upd, { records_updated: 1, tenant_company_link_id: 1, link: { ...l(1, 'C'), version: 2 } }),
    ).toEqual([{ ...l(1, 'C'), version: 2 }]);
  });
  it("puts the server's messages on the fields", () => {
    expect(linkFieldOf('payload.link_url')).toBe('link_url');
    expect(linkFieldOf('payload.link_title')).toBe('link_title');
    expect(linkFieldOf('operation')).toBeNull();
  });
});
