import { cellFormatter, formatCell } from './cell-format';

const f = {
  money: (n: number | null | undefined) => (n == null ? '--' : `€${Math.round(n)}`),
  date: (d: Date | string | null | undefined) =>
    typeof d === 'string' && /^\d{4}-\d{2}-\d{2}/.test(d) ? `D:${d.slice(0, 10)}` : '',
};

describe('formatCell (tenant formats in report tables and metrics)', () => {
  test('currency goes through the tenant money format', () => {
    expect(formatCell(4200, 'currency', f)).toBe('€4200');
    expect(formatCell('4200.4', 'currency', f)).toBe('€4200');
  });
  test('dates go through the tenant date format; an unreadable date shows as sent', () => {
    expect(formatCell('2026-03-01', 'date', f)).toBe('D:2026-03-01');
    expect(formatCell('soon', 'date', f)).toBe('soon');
  });
  test('numbers and percentages', () => {
    expect(formatCell(1234.567, 'number', f)).toBe('1,234.57');
    expect(formatCell(72.46, 'percent', f)).toBe('72.5%');
    expect(formatCell('n/a', 'percent', f)).toBe('n/a');
  });
  test('empty values show a dash, text passes through', () => {
    expect(formatCell(null, 'currency', f)).toBe('—');
    expect(formatCell('', 'text', f)).toBe('—');
    expect(formatCell(7, 'text', f)).toBe('7');
  });
});

test("cellFormatter: the tenant's currency and date format, as the Word export shows them", () => {
  const gbp = cellFormatter({ currency: 'GBP', dateFormat: 'dd-mm-yyyy', timeZone: 'UTC', fiscalYearStartMonth: 1 });
  expect(formatCell('4200.4', 'currency', gbp)).toBe('£4,200');
  expect(formatCell('2026-03-01', 'date', gbp)).toBe('01-03-2026');
  expect(formatCell('soon', 'date', gbp)).toBe('soon');
});
