/**
 * The offline geo default (no service configured, or the service failed): the
 * browser's time zone as given, the country from the time zone (else the
 * locale's region), the currency and continent from the country, USD when
 * nothing is known. Pure.
 */
import type { GeoHints, GeoInfo } from './types';

const FALLBACK_CURRENCY = 'USD';

export const EU_COUNTRIES = new Set([
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
]);
const EURO = [
  'AT',
  'BE',
  'HR',
  'CY',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PT',
  'SK',
  'SI',
  'ES',
];

/** Currency by country (ISO 3166 alpha-2 -> ISO 4217). */
const CURRENCY_BY_COUNTRY: Record<string, string> = {
  US: 'USD',
  CA: 'CAD',
  GB: 'GBP',
  AU: 'AUD',
  ZA: 'ZAR',
  NZ: 'NZD',
  CH: 'CHF',
  SE: 'SEK',
  DK: 'DKK',
  NO: 'NOK',
  PL: 'PLN',
  CZ: 'CZK',
  HU: 'HUF',
  RO: 'RON',
  BG: 'BGN',
  IN: 'INR',
  JP: 'JPY',
  SG: 'SGD',
  HK: 'HKD',
  MX: 'MXN',
  BR: 'BRL',
  AE: 'AED',
  IL: 'ILS',
  PR: 'USD',
  ...Object.fromEntries(EURO.map((c) => [c, 'EUR'])),
};

const CONTINENT_BY_COUNTRY: Record<string, string> = {
  US: 'NA',
  CA: 'NA',
  MX: 'NA',
  PR: 'NA',
  BR: 'SA',
  AU: 'OC',
  NZ: 'OC',
  ZA: 'AF',
  IN: 'AS',
  JP: 'AS',
  SG: 'AS',
  HK: 'AS',
  AE: 'AS',
  IL: 'AS',
  GB: 'EU',
  CH: 'EU',
  NO: 'EU',
  ...Object.fromEntries([...EU_COUNTRIES].map((c) => [c, 'EU'])),
};

/** Common time zones and their country; the prefixes below cover whole countries. */
const COUNTRY_BY_ZONE: Record<string, string> = {
  'America/New_York': 'US',
  'America/Chicago': 'US',
  'America/Denver': 'US',
  'America/Los_Angeles': 'US',
  'America/Phoenix': 'US',
  'America/Anchorage': 'US',
  'America/Detroit': 'US',
  'America/Boise': 'US',
  'Pacific/Honolulu': 'US',
  'America/Puerto_Rico': 'PR',
  'America/Toronto': 'CA',
  'America/Vancouver': 'CA',
  'America/Edmonton': 'CA',
  'America/Winnipeg': 'CA',
  'America/Halifax': 'CA',
  'America/St_Johns': 'CA',
  'America/Regina': 'CA',
  'America/Moncton': 'CA',
  'America/Whitehorse': 'CA',
  'America/Montreal': 'CA',
  'America/Mexico_City': 'MX',
  'America/Sao_Paulo': 'BR',
  'Europe/London': 'GB',
  'Europe/Dublin': 'IE',
  'Europe/Paris': 'FR',
  'Europe/Berlin': 'DE',
  'Europe/Madrid': 'ES',
  'Europe/Rome': 'IT',
  'Europe/Amsterdam': 'NL',
  'Europe/Brussels': 'BE',
  'Europe/Vienna': 'AT',
  'Europe/Zurich': 'CH',
  'Europe/Stockholm': 'SE',
  'Europe/Oslo': 'NO',
  'Europe/Copenhagen': 'DK',
  'Europe/Helsinki': 'FI',
  'Europe/Warsaw': 'PL',
  'Europe/Prague': 'CZ',
  'Europe/Lisbon': 'PT',
  'Europe/Athens': 'GR',
  'Europe/Budapest': 'HU',
  'Europe/Bucharest': 'RO',
  'Europe/Sofia': 'BG',
  'Europe/Luxembourg': 'LU',
  'Europe/Tallinn': 'EE',
  'Europe/Riga': 'LV',
  'Europe/Vilnius': 'LT',
  'Europe/Ljubljana': 'SI',
  'Europe/Bratislava': 'SK',
  'Europe/Zagreb': 'HR',
  'Europe/Malta': 'MT',
  'Asia/Nicosia': 'CY',
  'Pacific/Auckland': 'NZ',
  'Africa/Johannesburg': 'ZA',
  'Asia/Kolkata': 'IN',
  'Asia/Calcutta': 'IN',
  'Asia/Tokyo': 'JP',
  'Asia/Singapore': 'SG',
  'Asia/Hong_Kong': 'HK',
  'Asia/Dubai': 'AE',
  'Asia/Jerusalem': 'IL',
};
const COUNTRY_BY_ZONE_PREFIX: [string, string][] = [
  ['America/Indiana/', 'US'],
  ['America/Kentucky/', 'US'],
  ['America/North_Dakota/', 'US'],
  ['Australia/', 'AU'],
  ['Canada/', 'CA'],
  ['US/', 'US'],
];
const CONTINENT_BY_ZONE_PREFIX: [string, string][] = [
  ['Europe/', 'EU'],
  ['Africa/', 'AF'],
  ['Asia/', 'AS'],
  ['Australia/', 'OC'],
  ['Pacific/', 'OC'],
  ['Antarctica/', 'AN'],
  ['America/', 'NA'],
  ['US/', 'NA'],
  ['Canada/', 'NA'],
];

function countryFromTimeZone(zone: string | null | undefined): string | null {
  if (!zone) return null;
  return COUNTRY_BY_ZONE[zone] ?? COUNTRY_BY_ZONE_PREFIX.find(([p]) => zone.startsWith(p))?.[1] ?? null;
}

/** The region subtag of a BCP 47 locale ('en-CA' -> 'CA'), or null. */
function countryFromLocale(locale: string | null | undefined): string | null {
  if (!locale) return null;
  try {
    const region = new Intl.Locale(locale.replace(/_/g, '-')).region;
    return region && /^[A-Z]{2}$/.test(region) ? region : null;
  } catch {
    return null;
  }
}

export function currencyForCountry(country: string | null | undefined): string {
  return (country && CURRENCY_BY_COUNTRY[country.toUpperCase()]) || FALLBACK_CURRENCY;
}

function continentFor(country: string | null, zone: string | null | undefined): string | null {
  if (country && CONTINENT_BY_COUNTRY[country]) return CONTINENT_BY_COUNTRY[country];
  if (!zone) return null;
  return CONTINENT_BY_ZONE_PREFIX.find(([p]) => zone.startsWith(p))?.[1] ?? null;
}

/** A plausible IANA zone name (what Intl.DateTimeFormat().resolvedOptions().timeZone gives). */
export function cleanTimeZone(zone: string | null | undefined): string | null {
  const z = zone?.trim();
  return z && z.length <= 64 && /^[A-Za-z0-9_+\-/]+$/.test(z) ? z : null;
}

export function offlineGeo(hints: GeoHints, known: { country?: string | null } = {}): GeoInfo {
  const time_zone = cleanTimeZone(hints.timeZone);
  const c = known.country?.toUpperCase() || countryFromTimeZone(time_zone) || countryFromLocale(hints.locale);
  return {
    currency_code: currencyForCountry(c),
    time_zone,
    country: c,
    continent: continentFor(c, time_zone),
    in_eu: !!c && EU_COUNTRIES.has(c),
  };
}
