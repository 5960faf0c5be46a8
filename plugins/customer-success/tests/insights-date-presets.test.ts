import { DATE_PRESETS, isValidDay, presetOf, presetRange } from '../shared/date-presets';

const day = (s: string) => {
  const [y, m, d] = s.split('-').map(Number);
  return new Date(y, m - 1, d);
};

describe('date filter presets (section 9)', () => {
  it('lists the eight presets in the spec order', () => {
    expect(DATE_PRESETS).toEqual([
      'This Month',
      'This Quarter',
      'Last Quarter',
      'Next 3 Months',
      'Next 12 Months',
      'Last 12 Months',
      'Year To Date',
      'Custom',
    ]);
  });
  it('computes each range on a mid-quarter day', () => {
    const t = day('2025-05-20');
    expect(presetRange('This Month', t)).toEqual({ startDate: '2025-05-01', endDate: '2025-05-31' });
    expect(presetRange('This Quarter', t)).toEqual({ startDate: '2025-04-01', endDate: '2025-06-30' });
    expect(presetRange('Last Quarter', t)).toEqual({ startDate: '2025-01-01', endDate: '2025-03-31' });
    expect(presetRange('Next 3 Months', t)).toEqual({ startDate: '2025-05-20', endDate: '2025-08-19' });
    expect(presetRange('Next 12 Months', t)).toEqual({ startDate: '2025-05-20', endDate: '2026-05-19' });
    expect(presetRange('Last 12 Months', t)).toEqual({ startDate: '2024-05-20', endDate: '2025-05-20' });
    expect(presetRange('Year To Date', t)).toEqual({ startDate: '2025-01-01', endDate: '2025-05-20' });
    expect(presetRange('Custom', t)).toBeNull();
  });
  it('crosses the year for the last quarter in January and handles February', () => {
    expect(presetRange('Last Quarter', day('2025-01-10'))).toEqual({ startDate: '2024-10-01', endDate: '2024-12-31' });
    expect(presetRange('This Month', day('2024-02-10'))).toEqual({ startDate: '2024-02-01', endDate: '2024-02-29' });
    expect(presetRange('Next 3 Months', day('2025-11-30'))).toEqual({ startDate: '2025-11-30', endDate: '2026-02-27' });
  });
  it('recognises the preset of a range, else Custom', () => {
    const t = day('2025-05-20');
    expect(presetOf({ startDate: '2025-04-01', endDate: '2025-06-30' }, t)).toBe('This Quarter');
    expect(presetOf({ startDate: '2025-04-02', endDate: '2025-06-30' }, t)).toBe('Custom');
  });
  it('accepts empty or a real YYYY-MM-DD date only', () => {
    expect(isValidDay('')).toBe(true);
    expect(isValidDay('2024-02-29')).toBe(true);
    expect(isValidDay('2025-02-29')).toBe(false);
    expect(isValidDay('2025-1-01')).toBe(false);
  });
});

describe('fiscal quarters and year (the tenant fiscal year start month)', () => {
  it('a fiscal year starting in April: quarters Apr-Jun, Jul-Sep, ..., year to date from April 1', () => {
    const t = day('2025-05-20');
    expect(presetRange('This Quarter', t, 4)).toEqual({ startDate: '2025-04-01', endDate: '2025-06-30' });
    expect(presetRange('Last Quarter', t, 4)).toEqual({ startDate: '2025-01-01', endDate: '2025-03-31' });
    expect(presetRange('Year To Date', t, 4)).toEqual({ startDate: '2025-04-01', endDate: '2025-05-20' });
    expect(presetRange('Year To Date', day('2025-03-31'), 4)).toEqual({
      startDate: '2024-04-01',
      endDate: '2025-03-31',
    });
  });
  it('a fiscal year starting in February shifts the quarters by a month', () => {
    const t = day('2025-01-31');
    expect(presetRange('This Quarter', t, 2)).toEqual({ startDate: '2024-11-01', endDate: '2025-01-31' });
    expect(presetRange('Last Quarter', t, 2)).toEqual({ startDate: '2024-08-01', endDate: '2024-10-31' });
    expect(presetOf({ startDate: '2024-11-01', endDate: '2025-01-31' }, t, 2)).toBe('This Quarter');
  });
});
