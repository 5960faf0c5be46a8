import {
  fiscalQuarter,
  fiscalYearStart,
  formatDate,
  formatDateTime,
  formatDateTimeZone,
  formatMoney,
  formatMoneyShort,
  isValidTimeZone,
  timeZoneAbbreviation,
} from './tenant-format';

test('money: the currency without decimals, -- for no amount', () => {
  expect(formatMoney(1234.6, 'USD')).toBe('$1,235');
  expect(formatMoney(1234, 'GBP')).toBe('£1,234');
  expect(formatMoney(1234, 'CAD')).toBe('CA$1,234');
  expect(formatMoney(null, 'USD')).toBe('--');
  expect(formatMoney(Number.NaN)).toBe('--');
});

test('short money: K over 1,000 and M over 1,000,000 with one decimal', () => {
  expect(formatMoneyShort(1000, 'USD')).toBe('$1,000');
  expect(formatMoneyShort(1250, 'USD')).toBe('$1.3K');
  expect(formatMoneyShort(3_500_000, 'GBP')).toBe('£3.5M');
  expect(formatMoneyShort(-2500, 'USD')).toBe('-$2.5K');
});

test('dates in each tenant format; invalid or empty dates show as nothing', () => {
  expect(formatDate('2026-03-05', 'yyyy-mm-dd')).toBe('2026-03-05');
  expect(formatDate('2026-03-05', 'dd-monthname-yyyy')).toBe('05-March-2026');
  expect(formatDate('2026-03-05T00:00:00.000Z', 'mm-dd-yyyy')).toBe('03-05-2026');
  expect(formatDate('2026-03-05', 'dd-mm-yyyy')).toBe('05-03-2026');
  expect(formatDate('2026-03-05', 'unknown')).toBe('2026-03-05');
  expect(formatDate('2026-02-30', 'yyyy-mm-dd')).toBe('');
  expect(formatDate(null, 'yyyy-mm-dd')).toBe('');
});

test('an instant is shown on the day and at the time of the tenant time zone', () => {
  const t = new Date('2026-03-05T23:30:00Z');
  expect(formatDate(t, 'yyyy-mm-dd', 'UTC')).toBe('2026-03-05');
  expect(formatDate(t, 'yyyy-mm-dd', 'Asia/Tokyo')).toBe('2026-03-06');
  expect(formatDateTime(t, 'dd-mm-yyyy', 'America/New_York')).toBe('05-03-2026 18:30');
  expect(formatDateTime('2026-03-05T00:05:00Z', 'yyyy-mm-dd', 'UTC')).toBe('2026-03-05 00:05');
  expect(formatDateTime('not a time', 'yyyy-mm-dd', 'UTC')).toBe('');
});

test('a time with its zone: the abbreviation an English locale knows, else the offset; summer time follows the day', () => {
  const winter = '2026-11-29T15:42:00Z';
  expect(formatDateTimeZone(winter, 'yyyy-mm-dd', 'America/New_York')).toBe('2026-11-29 10:42 EST');
  expect(formatDateTimeZone('2026-07-01T15:42:00Z', 'yyyy-mm-dd', 'America/New_York')).toBe('2026-07-01 11:42 EDT');
  expect(timeZoneAbbreviation(winter, 'Europe/Berlin')).toBe('CET');
  expect(timeZoneAbbreviation(winter, 'Australia/Sydney')).toBe('AEDT');
  expect(timeZoneAbbreviation(winter, 'Asia/Tokyo')).toBe('GMT+9');
  expect(formatDateTimeZone(winter, 'dd-mm-yyyy', 'UTC')).toBe('29-11-2026 15:42 UTC');
  // An unknown zone is shown as UTC, its time too; no time, no zone.
  expect(formatDateTimeZone(winter, 'yyyy-mm-dd', 'Mars/Olympus')).toBe('2026-11-29 15:42 UTC');
  expect(formatDateTimeZone(null, 'yyyy-mm-dd', 'UTC')).toBe('');
  expect(formatDateTimeZone('not a time', 'yyyy-mm-dd', 'UTC')).toBe('');
});

test('time zones: IANA names only', () => {
  expect(isValidTimeZone('Europe/London')).toBe(true);
  expect(isValidTimeZone('UTC')).toBe(true);
  expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  expect(isValidTimeZone('')).toBe(false);
});

test('fiscal year start and quarter follow the start month', () => {
  expect(fiscalYearStart('2026-03-31', 4)).toBe('2025-04-01');
  expect(fiscalYearStart('2026-04-01', 4)).toBe('2026-04-01');
  expect(fiscalYearStart('2026-12-31', 1)).toBe('2026-01-01');
  expect(fiscalQuarter('2026-04-15', 4)).toBe(1);
  expect(fiscalQuarter('2026-03-15', 4)).toBe(4);
  expect(fiscalQuarter('2026-08-01', 1)).toBe(3);
});
