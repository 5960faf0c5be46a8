/**
 * Geo lookup through a configured IP service (LCI_GEO_URL, LCI_GEO_KEY), with
 * the offline default when unconfigured or when the service fails.
 *
 * The URL's `{ip}` is replaced by the client address (otherwise `ip` is added as
 * a query parameter); the key goes in the query parameter `key`. Answers in the
 * ipapi.co shape ({ currency, timezone, country_code, continent_code, in_eu }) are
 * read, and the nested shape some services use ({ currency: { code },
 * time_zone: { id }, location: { is_eu } }). 2.5 s time-out. The browser's own
 * time zone wins over the one the service derives from the address.
 */
import type { Kernel } from '../../../../../kernel/index';
import { cleanTimeZone, currencyForCountry, EU_COUNTRIES, offlineGeo } from './offline';
import type { GeoHints, GeoInfo, GeoLookup } from './types';

type Logger = Kernel['log'];

const GEO_TIMEOUT_MS = 2_500;

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined;
const str = (...vals: unknown[]): string | null => {
  for (const v of vals) if (typeof v === 'string' && v.trim()) return v.trim();
  return null;
};

/** Reads a service answer; null when it is an error or carries nothing usable. */
export function readGeoAnswer(body: unknown): Partial<GeoInfo> | null {
  const b = obj(body);
  if (!b || b.error === true || b.success === false) return null;
  const country =
    str(
      b.country_code,
      b.country_code2,
      typeof b.country === 'string' && b.country.length === 2 ? b.country : null,
    )?.toUpperCase() ?? null;
  const currency = str(b.currency, obj(b.currency)?.code, b.currency_code)?.toUpperCase() ?? null;
  const zone = cleanTimeZone(
    str(b.timezone, typeof b.time_zone === 'string' ? b.time_zone : null, obj(b.time_zone)?.id, obj(b.time_zone)?.name),
  );
  const continent = str(b.continent_code, obj(b.continent)?.code)?.toUpperCase() ?? null;
  const inEu = [b.in_eu, b.is_eu, obj(b.location)?.is_eu, obj(b.country_metadata)?.is_eu].find(
    (v) => typeof v === 'boolean',
  ) as boolean | undefined;
  if (!country && !currency && !zone) return null;
  return {
    ...(country && /^[A-Z]{2}$/.test(country) ? { country } : {}),
    ...(currency && /^[A-Z]{3}$/.test(currency) ? { currency_code: currency } : {}),
    ...(zone ? { time_zone: zone } : {}),
    ...(continent && /^[A-Z]{2}$/.test(continent) ? { continent } : {}),
    ...(inEu !== undefined ? { in_eu: inEu } : {}),
  };
}

export function geoRequestUrl(template: string, key: string | undefined, ip: string | undefined): string {
  const addr = ip ?? '';
  const hasIp = template.includes('{ip}');
  const u = new URL(template.replace('{ip}', encodeURIComponent(addr)));
  if (!hasIp && addr) u.searchParams.set('ip', addr);
  if (key) u.searchParams.set('key', key);
  return u.toString();
}

export function createGeoLookup(
  cfg: { url: string; key?: string } | undefined,
  log?: Logger,
  fetchImpl: typeof fetch = globalThis.fetch,
): GeoLookup {
  return {
    async lookup(hints: GeoHints) {
      const offline = offlineGeo(hints);
      if (!cfg) return { ...offline, source: 'offline' as const };
      try {
        const res = await fetchImpl(geoRequestUrl(cfg.url, cfg.key, hints.ip), {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(GEO_TIMEOUT_MS),
        });
        if (!res.ok) throw new Error(`geo service answered ${res.status}`);
        const found = readGeoAnswer(await res.json());
        if (!found) throw new Error('geo service answer has no location');
        const country = found.country ?? offline.country;
        const merged: GeoInfo = {
          currency_code:
            found.currency_code ?? (found.country ? currencyForCountry(found.country) : offline.currency_code),
          time_zone: offline.time_zone ?? found.time_zone ?? null,
          country,
          continent:
            found.continent ??
            (found.country ? offlineGeo({}, { country: found.country }).continent : offline.continent),
          in_eu: found.in_eu ?? (!!country && EU_COUNTRIES.has(country)),
        };
        return { ...merged, source: 'service' as const };
      } catch (err) {
        log?.warn({ err: (err as Error).message }, 'geo lookup failed; using the offline default');
        return { ...offline, source: 'offline' as const };
      }
    },
  };
}
