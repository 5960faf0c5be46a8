/**
 * Geo lookup for sign-up (platform.md 3 userGeo, 7.1 "A geo and IP lookup service
 * is called with a key and returns currency, time zone, country, continent and in_eu").
 */

/** What a lookup answers (userGeo of section 3 without the region the user selects). */
export interface GeoInfo {
  currency_code: string;
  time_zone: string | null;
  country: string | null;
  continent: string | null;
  in_eu: boolean;
}

/** What the browser tells about itself: its time zone (Intl) and locale (navigator.language). */
export interface GeoHints {
  ip?: string;
  timeZone?: string | null;
  locale?: string | null;
}

export interface GeoLookup {
  /** Never throws: a failing service falls back to the offline default. */
  lookup(hints: GeoHints): Promise<GeoInfo & { source: 'service' | 'offline' }>;
}
