/**
 * common/dates.ts: calendar-day arithmetic checked against date-fns for every day of 2023-2024, time zones across
 * daylight-saving changes, and tenantToday for tenants west and east of UTC.
 */
import { addDays as fnsAddDays, addMonths as fnsAddMonths, differenceInCalendarDays, format, getDay } from 'date-fns';
import {
  addDays,
  addMonths,
  dayInZone,
  daysBetween,
  isCalendarDay,
  tenantToday,
  wallClock,
  weekday,
  wholeMonthsBetween,
  zonedInstant,
} from './dates';

/** date-fns works on local Dates: a calendar day as local midnight and back. */
const local = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
};
const text = (d: Date) => format(d, 'yyyy-MM-dd');

const everyDay = (): string[] => {
  const out: string[] = [];
  for (let t = Date.UTC(2023, 0, 1); t < Date.UTC(2025, 0, 1); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
};

describe('calendar days against date-fns, every day of 2023-2024', () => {
  const days = everyDay();
  test('addDays for -400..400 days', () => {
    let wrong = 0;
    for (const day of days)
      for (let n = -400; n <= 400; n += 37) if (addDays(day, n) !== text(fnsAddDays(local(day), n))) wrong++;
    expect(wrong).toBe(0);
  });
  test('addMonths for -13..130 months (month ends clamped)', () => {
    let wrong = 0;
    for (const day of days)
      for (let n = -13; n <= 130; n += 7) if (addMonths(day, n) !== text(fnsAddMonths(local(day), n))) wrong++;
    expect(wrong).toBe(0);
  });
  test('daysBetween is differenceInCalendarDays; weekday is getDay', () => {
    let wrong = 0;
    for (const day of days) {
      for (const other of ['2023-01-01', '2024-02-29', '2026-03-08', '1999-12-31'])
        if (daysBetween(other, day) !== differenceInCalendarDays(local(day), local(other))) wrong++;
      if (weekday(day) !== getDay(local(day))) wrong++;
    }
    expect(wrong).toBe(0);
  });
  test('wholeMonthsBetween is the largest n with from + n months <= to', () => {
    let wrong = 0;
    for (const from of days.filter((_, i) => i % 5 === 0))
      for (const to of ['2023-03-31', '2024-02-29', '2024-12-31', '2026-01-15']) {
        let n = 0;
        while (addMonths(from, n + 1) <= to) n++;
        if (wholeMonthsBetween(from, to) !== (from >= to ? 0 : n)) wrong++;
      }
    expect(wrong).toBe(0);
  });
  test('refuses what is no calendar day, and fractions of a day or month', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2023-02-29')).toBe(false);
    expect(() => addDays('2023-02-29', 1)).toThrow('not a calendar day: 2023-02-29');
    expect(() => addDays('29/02/2024', 1)).toThrow('not a YYYY-MM-DD date');
    expect(() => addMonths('2024-13-01', 1)).toThrow(RangeError);
    expect(() => addDays('2024-01-01', 1.5)).toThrow('days must be a whole number');
    expect(() => addMonths('2024-01-01', 0.5)).toThrow('months must be a whole number');
  });
});

describe('time zones across daylight-saving changes', () => {
  test('New York 2026-03-08: 02:30 does not exist and runs at 03:30 EDT; 01:30 is still EST', () => {
    const tz = 'America/New_York';
    expect(zonedInstant({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, tz).toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    expect(zonedInstant({ year: 2026, month: 3, day: 8, hour: 1, minute: 30 }, tz).toISOString()).toBe(
      '2026-03-08T06:30:00.000Z',
    );
    expect(zonedInstant({ year: 2026, month: 3, day: 9, hour: 8, minute: 0 }, tz).toISOString()).toBe(
      '2026-03-09T12:00:00.000Z',
    );
  });
  test('New York 2026-11-01: 01:30 happens twice and maps to the first (EDT)', () => {
    const t = zonedInstant({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, 'America/New_York');
    expect(t.toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(wallClock(new Date('2026-11-01T06:30:00Z'), 'America/New_York')).toMatchObject({ hour: 1, minute: 30 });
  });
  test('Berlin 2026-03-29 and 2026-10-25: local midnight is 23:00 or 22:00 UTC the day before', () => {
    expect(dayInZone(new Date('2026-03-28T22:59:00Z'), 'Europe/Berlin')).toBe('2026-03-28');
    expect(dayInZone(new Date('2026-03-28T23:00:00Z'), 'Europe/Berlin')).toBe('2026-03-29');
    expect(dayInZone(new Date('2026-03-29T22:00:00Z'), 'Europe/Berlin')).toBe('2026-03-30'); // CEST from 01:00 UTC
    expect(dayInZone(new Date('2026-10-24T22:00:00Z'), 'Europe/Berlin')).toBe('2026-10-25');
    expect(dayInZone(new Date('2026-10-25T22:59:00Z'), 'Europe/Berlin')).toBe('2026-10-25'); // CET again
    expect(dayInZone(new Date('2026-10-25T23:00:00Z'), 'Europe/Berlin')).toBe('2026-10-26');
  });
});

describe('tenantToday', () => {
  const lateUtc = new Date('2026-11-29T23:30:00Z');
  test('a tenant east of UTC at 23:30 UTC is already on the next day', () => {
    expect(tenantToday({ timeZone: 'Pacific/Auckland' }, lateUtc)).toBe('2026-11-30');
    expect(tenantToday({ timeZone: 'Asia/Tokyo' }, lateUtc)).toBe('2026-11-30');
    expect(tenantToday({ timeZone: 'UTC' }, lateUtc)).toBe('2026-11-29');
  });
  test('a tenant west of UTC is still on the day before after UTC midnight', () => {
    expect(tenantToday({ timeZone: 'America/New_York' }, new Date('2026-11-30T03:00:00Z'))).toBe('2026-11-29');
  });
  test('on the New York daylight-saving days the day turns at local midnight (04:00 or 05:00 UTC)', () => {
    const ny = { timeZone: 'America/New_York' };
    expect(tenantToday(ny, new Date('2026-03-08T04:59:00Z'))).toBe('2026-03-07');
    expect(tenantToday(ny, new Date('2026-03-08T05:00:00Z'))).toBe('2026-03-08');
    expect(tenantToday(ny, new Date('2026-03-09T03:59:00Z'))).toBe('2026-03-08'); // EDT: midnight is 04:00 UTC
    expect(tenantToday(ny, new Date('2026-03-09T04:00:00Z'))).toBe('2026-03-09');
    expect(tenantToday(ny, new Date('2026-11-02T04:59:00Z'))).toBe('2026-11-01'); // EST again
    expect(tenantToday(ny, new Date('2026-11-02T05:00:00Z'))).toBe('2026-11-02');
  });
  test('no time zone or an unknown one counts as UTC', () => {
    expect(tenantToday({}, lateUtc)).toBe('2026-11-29');
    expect(tenantToday({ timeZone: 'Mars/Olympus' }, lateUtc)).toBe('2026-11-29');
  });
});
