/**
 * A tenant's formats (platform.md sections 3 and 9) and the one set of rules every page uses to show money and dates:
 * currency (default USD; CAD, USD, ZAR, AUD, GBP), date format (default yyyy-mm-dd; dd-monthname-yyyy, mm-dd-yyyy,
 * dd-mm-yyyy), time zone (IANA name, default UTC) and fiscal year start month (1-12, default January). Pure: the
 * server and the workspace both run it (workspace/sdk.ts `useTenantFormat()` binds it to the signed-in tenant).
 */

import { dayInZone, isValidTimeZone } from './dates';

export { isValidTimeZone };

export const TENANT_CURRENCIES = ['CAD', 'USD', 'ZAR', 'AUD', 'GBP'] as const;

export const TENANT_DATE_FORMATS = ['yyyy-mm-dd', 'dd-monthname-yyyy', 'mm-dd-yyyy', 'dd-mm-yyyy'] as const;

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export interface TenantFormat {
  currency: string;
  dateFormat: string;
  timeZone: string;
  /** 1 (January) to 12. */
  fiscalYearStartMonth: number;
}

export const DEFAULT_TENANT_FORMAT: TenantFormat = {
  currency: 'USD',
  dateFormat: 'yyyy-mm-dd',
  timeZone: 'UTC',
  fiscalYearStartMonth: 1,
};

/**
 * The session-data key under which the plugin that owns tenant settings (plugins/settings) loads the tenant's
 * settings for the workspace ({ timeZone, fiscalYearStartMonth, borderedTables, logoUrl }); workspace/sdk.ts reads it.
 */
export const TENANT_SETTINGS_SESSION_KEY = 'settings:tenant';

/** What the settings plugin loads under TENANT_SETTINGS_SESSION_KEY. */
export interface TenantSettingsSessionData {
  timeZone: string;
  fiscalYearStartMonth: number;
  /** The signed-in user's effective value (own choice, else the tenant's default). */
  borderedTables: boolean;
  /** A signed link to the tenant's logo; null: the default logo. */
  logoUrl: string | null;
}

const isAmount = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n);

/** Money in the tenant's currency without decimals (section 9): '$1,235'; null or not a number: '--'. */
export function formatMoney(amount: number | null | undefined, currency = 'USD'): string {
  if (!isAmount(amount)) return '--';
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currency || 'USD',
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    }).format(amount);
  } catch {
    return `${Math.round(amount).toLocaleString('en-US')} ${currency}`;
  }
}

/** The currency's symbol as formatMoney shows it ('$', 'R', 'A$', 'CA$', '£'). */
export function currencySymbol(currency = 'USD'): string {
  return formatMoney(0, currency).replace(/0/g, '').trim();
}

/** The short form (section 9): over 1,000 with K and over 1,000,000 with M, one decimal ('$1.2K', '$3.5M'). */
export function formatMoneyShort(amount: number | null | undefined, currency = 'USD'): string {
  if (!isAmount(amount)) return '--';
  const abs = Math.abs(amount);
  if (abs <= 1000) return formatMoney(amount, currency);
  const [div, suffix] = abs > 1_000_000 ? [1_000_000, 'M'] : [1000, 'K'];
  const symbol = currencySymbol(currency);
  const n = (Math.round((amount / div) * 10) / 10).toFixed(1);
  return symbol.length <= 3
    ? `${n.startsWith('-') ? '-' : ''}${symbol}${n.replace('-', '')}${suffix}`
    : `${n}${suffix} ${currency}`;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function realDay(day: string): [string, string, string] | null {
  const m = DAY.exec(day);
  if (!m) return null;
  const [, y, mo, d] = m as unknown as [string, string, string, string];
  const t = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  return t.getUTCFullYear() === Number(y) && t.getUTCMonth() === Number(mo) - 1 && t.getUTCDate() === Number(d)
    ? [y, mo, d]
    : null;
}

function dayParts(day: [string, string, string], dateFormat: string | null | undefined): string {
  const [y, m, d] = day;
  switch (dateFormat) {
    case 'dd-monthname-yyyy':
      return `${d}-${MONTH_NAMES[Number(m) - 1]}-${y}`;
    case 'mm-dd-yyyy':
      return `${m}-${d}-${y}`;
    case 'dd-mm-yyyy':
      return `${d}-${m}-${y}`;
    default:
      return `${y}-${m}-${d}`;
  }
}

/**
 * A date in the tenant's date format. A date-only value ('2026-03-05', or the date part of '2026-03-05T...' stored
 * as a day) is shown as that day whatever the time zone; a Date is shown as the day it falls on in timeZone.
 * Empty or invalid dates show as ''; an unknown format falls back to yyyy-mm-dd.
 */
export function formatDate(
  date: Date | string | null | undefined,
  dateFormat: string | null | undefined,
  timeZone = 'UTC',
): string {
  if (date === null || date === undefined || date === '') return '';
  if (date instanceof Date) {
    if (Number.isNaN(date.getTime())) return '';
    const day = realDay(dayInZone(date, timeZone));
    return day ? dayParts(day, dateFormat) : '';
  }
  const day = realDay(date.slice(0, 10));
  return day ? dayParts(day, dateFormat) : '';
}

/** An instant (ISO time) as date and 24-hour time in the tenant's date format and time zone: '05-03-2026 14:07'. */
export function formatDateTime(
  iso: Date | string | null | undefined,
  dateFormat: string | null | undefined,
  timeZone = 'UTC',
): string {
  if (iso === null || iso === undefined || iso === '') return '';
  const t = iso instanceof Date ? iso : new Date(iso);
  if (Number.isNaN(t.getTime())) return '';
  const tz = isValidTimeZone(timeZone) ? timeZone : 'UTC';
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(t)
    .replace(/^24/, '00');
  return `${formatDate(t, dateFormat, tz)} ${time}`;
}

/** English locales tried in turn for a zone's abbreviation (each knows some: EST and PST, CET and BST, AEDT, IST). */
const ZONE_NAME_LOCALES = ['en-US', 'en-GB', 'en-AU', 'en-IN'];

/**
 * The short name of a time zone at an instant: its abbreviation when an English locale knows one ('EST', 'EDT',
 * 'CET', 'AEDT', 'UTC'), else its offset ('GMT+9'). An unknown zone is UTC's.
 */
export function timeZoneAbbreviation(instant: Date | string, timeZone: string | null | undefined): string {
  const t = instant instanceof Date ? instant : new Date(instant);
  const tz = isValidTimeZone(timeZone) ? timeZone : 'UTC';
  if (Number.isNaN(t.getTime())) return tz;
  let offset = '';
  for (const locale of ZONE_NAME_LOCALES) {
    const name =
      new Intl.DateTimeFormat(locale, { timeZone: tz, timeZoneName: 'short' })
        .formatToParts(t)
        .find((p) => p.type === 'timeZoneName')?.value ?? '';
    if (name && !/^(GMT|UTC)[+-]/.test(name)) return name;
    offset ||= name;
  }
  return offset || tz;
}

/**
 * An instant as date and 24-hour time in a time zone, followed by that zone's short name (timeZoneAbbreviation):
 * '2026-11-29 10:42 EST'. A time shown without its zone is ambiguous to a reader in another one.
 */
export function formatDateTimeZone(
  iso: Date | string | null | undefined,
  dateFormat: string | null | undefined,
  timeZone = 'UTC',
): string {
  const shown = formatDateTime(iso, dateFormat, timeZone);
  return shown && `${shown} ${timeZoneAbbreviation(iso as Date | string, timeZone)}`;
}

/**
 * The first day (YYYY-MM-DD) of the fiscal year a day falls in, for a fiscal year starting on the first of
 * fiscalYearStartMonth (1-12): with April, 2026-03-31 is in the year that began 2025-04-01.
 */
export function fiscalYearStart(day: string, fiscalYearStartMonth: number): string {
  const parts = realDay(day.slice(0, 10));
  if (!parts) throw new Error(`not a date: ${day}`);
  const m = Math.min(12, Math.max(1, Math.trunc(fiscalYearStartMonth) || 1));
  const year = Number(parts[0]) - (Number(parts[1]) < m ? 1 : 0);
  return `${year}-${String(m).padStart(2, '0')}-01`;
}

/** The fiscal quarter (1-4) a day falls in. */
export function fiscalQuarter(day: string, fiscalYearStartMonth: number): number {
  const parts = realDay(day.slice(0, 10));
  if (!parts) throw new Error(`not a date: ${day}`);
  const m = Math.min(12, Math.max(1, Math.trunc(fiscalYearStartMonth) || 1));
  const offset = (Number(parts[1]) - m + 12) % 12;
  return Math.floor(offset / 3) + 1;
}
