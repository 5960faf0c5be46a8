/** Pure rules of company data: notice date, dates, the '-1' location, asset status toggles, local list updates, date formats. */
import { toggleAssetStatuses, toggleMessage } from '../shared/asset-status-toggle';
import { formatTenantDate } from '../shared/date-format';
import { addDays, isEmptyOrRealDate, isRealDate } from '../shared/dates';
import { dropPlaceholderLocation } from '../shared/locations';
import { noticeDate } from '../shared/notice-date';
import { applyWriteResult } from '../shared/record-results';

describe('notice date: end_date minus notice_to_terminate_in_days, as YYYY-MM-DD', () => {
  test.each([
    ['2025-06-30', 30, '2025-05-31'],
    ['2025-03-01', 1, '2025-02-28'],
    ['2024-03-01', 1, '2024-02-29'],
    ['2025-01-15', 20, '2024-12-26'],
    ['2025-06-30', 0, '2025-06-30'],
    ['2026-12-31', 365, '2025-12-31'],
  ])('%s minus %i days is %s', (end, days, expected) => {
    expect(noticeDate(end, days)).toBe(expected);
  });
  test('no end date: no notice date', () => {
    expect(noticeDate('', 30)).toBeNull();
    expect(noticeDate(null, 30)).toBeNull();
    expect(noticeDate(undefined, 30)).toBeNull();
    expect(noticeDate('   ', 30)).toBeNull();
  });
  test('no notice period: the end date itself', () => {
    expect(noticeDate('2025-06-30', null)).toBe('2025-06-30');
    expect(noticeDate('2025-06-30', undefined)).toBe('2025-06-30');
  });
  test('an invalid end date or a negative period gives none', () => {
    expect(noticeDate('2025-02-30', 5)).toBeNull();
    expect(noticeDate('30/06/2025', 5)).toBeNull();
    expect(noticeDate('2025-06-30', -3)).toBeNull();
  });
});

describe('date helper: empty or a real YYYY-MM-DD date', () => {
  test('real dates pass, impossible ones do not', () => {
    expect(isRealDate('2024-02-29')).toBe(true);
    expect(isRealDate('2023-02-29')).toBe(false);
    expect(isRealDate('2024-13-01')).toBe(false);
    expect(isRealDate('2024-1-01')).toBe(false);
    expect(isEmptyOrRealDate('')).toBe(true);
    expect(isEmptyOrRealDate(null)).toBe(true);
    expect(isEmptyOrRealDate('2024-00-10')).toBe(false);
  });
  test('addDays crosses months and years in calendar days', () => {
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-03-31', -31)).toBe('2025-02-28');
    expect(() => addDays('nope', 1)).toThrow(RangeError);
  });
});

test("the location with id '-1' is dropped, whether the id is a number or a string", () => {
  const list = [
    { tenant_company_location_id: -1, location_name: 'All locations' },
    { tenant_company_location_id: 7, location_name: 'Main Office' },
    { tenant_company_location_id: '-1', location_name: 'Placeholder' },
    { tenant_company_location_id: '12', location_name: 'Warehouse' },
  ];
  expect(dropPlaceholderLocation(list).map((l) => l.location_name)).toEqual(['Main Office', 'Warehouse']);
});

describe('asset status toggle', () => {
  const statuses = [
    { tenant_asset_status_id: 1, moniker: 'Active', is_active: true, active_flag: 1 as const },
    { tenant_asset_status_id: 2, moniker: 'Retired', is_active: false, active_flag: 0 as const },
    { tenant_asset_status_id: 3, moniker: 'In Storage', is_active: true, active_flag: 1 as const },
  ];
  test('flips is_active and active_flag of the listed ids only', () => {
    const out = toggleAssetStatuses(statuses, [2, 3]);
    expect(out.map((s) => [s.tenant_asset_status_id, s.is_active, s.active_flag])).toEqual([
      [1, true, 1],
      [2, true, 1],
      [3, false, 0],
    ]);
    expect(out[0]).toBe(statuses[0]);
  });
  test('toggling twice gives the original', () => {
    expect(toggleAssetStatuses(toggleAssetStatuses(statuses, [1]), [1])).toEqual(statuses);
  });
  test('the answer message counts the statuses', () => {
    expect(toggleMessage(1)).toEqual({ return_message: '1 asset status updated.', msg_class: 'success' });
    expect(toggleMessage(3)).toEqual({ return_message: '3 asset statuses updated.', msg_class: 'success' });
    expect(toggleMessage(0).msg_class).toBe('warning');
  });
});

describe('local lists follow records_updated', () => {
  interface C {
    id: number;
    vendor: string;
  }
  const list: C[] = [
    { id: 1, vendor: 'A' },
    { id: 2, vendor: 'B' },
  ];
  const apply = (
    op: 'insert' | 'update' | 'delete' | 'copy',
    payload: C,
    result: { records_updated: number; id?: number; record?: C },
  ) =>
    applyWriteResult(
      list,
      (c) => c.id,
      op,
      payload,
      result,
      (c, id) => ({ ...c, id }),
    );

  test('insert stores the id the server returned', () => {
    expect(apply('insert', { id: 0, vendor: 'C' }, { records_updated: 1, id: 9 })).toEqual([
      ...list,
      { id: 9, vendor: 'C' },
    ]);
  });
  test('update replaces the record (with the saved one when the server sends it)', () => {
    expect(apply('update', { id: 2, vendor: 'B2' }, { records_updated: 1 })).toEqual([
      list[0],
      { id: 2, vendor: 'B2' },
    ]);
    expect(
      apply('update', { id: 2, vendor: 'B2' }, { records_updated: 1, record: { id: 2, vendor: 'B-saved' } })[1].vendor,
    ).toBe('B-saved');
  });
  test('delete removes it', () => {
    expect(apply('delete', list[0], { records_updated: 1 })).toEqual([list[1]]);
  });
  test('nothing changes when no record was updated, and a copy never changes the list', () => {
    for (const op of ['insert', 'update', 'delete'] as const)
      expect(apply(op, { id: 1, vendor: 'X' }, { records_updated: 0, id: 5 })).toBe(list);
    expect(apply('copy', list[0], { records_updated: 3, id: 7 })).toBe(list);
  });
});

test('tenant date formats', () => {
  expect(formatTenantDate('2025-03-07', 'yyyy-mm-dd')).toBe('2025-03-07');
  expect(formatTenantDate('2025-03-07', 'dd-monthname-yyyy')).toBe('07-March-2025');
  expect(formatTenantDate('2025-03-07', 'mm-dd-yyyy')).toBe('03-07-2025');
  expect(formatTenantDate('2025-03-07', 'dd-mm-yyyy')).toBe('07-03-2025');
  expect(formatTenantDate('2025-03-07', 'something-else')).toBe('2025-03-07');
  expect(formatTenantDate('', 'dd-mm-yyyy')).toBe('');
  expect(formatTenantDate('2025-02-31', 'dd-mm-yyyy')).toBe('');
});
