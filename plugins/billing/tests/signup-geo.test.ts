/**
 * Geo lookup for sign-up: the offline default (browser time zone and locale,
 * currency from the country, USD fallback), the configured service through a
 * loopback stand-in (address and key passed, both answer shapes read, failures
 * fall back), the configuration's rules, and GET /v3/manager/signup/geo.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiCall, ConfigError, loadConfig, startTestServer, type TestServer } from '../../../tests/sdk';
import { offlineGeo } from '../server/signup/geo/offline';
import { createGeoLookup, geoRequestUrl, readGeoAnswer } from '../server/signup/geo/service';

describe('offline default', () => {
  test.each([
    [
      { timeZone: 'America/Toronto', locale: 'en-US' },
      { currency_code: 'CAD', time_zone: 'America/Toronto', country: 'CA', continent: 'NA', in_eu: false },
    ],
    [
      { timeZone: 'America/Chicago', locale: 'en' },
      { currency_code: 'USD', time_zone: 'America/Chicago', country: 'US', continent: 'NA', in_eu: false },
    ],
    [
      { timeZone: 'Europe/Berlin', locale: 'de-DE' },
      { currency_code: 'EUR', time_zone: 'Europe/Berlin', country: 'DE', continent: 'EU', in_eu: true },
    ],
    [
      { timeZone: 'Europe/London', locale: 'en-GB' },
      { currency_code: 'GBP', time_zone: 'Europe/London', country: 'GB', continent: 'EU', in_eu: false },
    ],
    [
      { timeZone: 'Australia/Sydney' },
      { currency_code: 'AUD', time_zone: 'Australia/Sydney', country: 'AU', continent: 'OC', in_eu: false },
    ],
    [
      { timeZone: 'Africa/Johannesburg', locale: 'en-ZA' },
      { currency_code: 'ZAR', time_zone: 'Africa/Johannesburg', country: 'ZA', continent: 'AF', in_eu: false },
    ],
    // A zone the tables do not know: the locale's region gives the country.
    [
      { timeZone: 'Asia/Kathmandu', locale: 'ne-NP' },
      { currency_code: 'USD', time_zone: 'Asia/Kathmandu', country: 'NP', continent: 'AS', in_eu: false },
    ],
    [{ locale: 'fr-CA' }, { currency_code: 'CAD', time_zone: null, country: 'CA', continent: 'NA', in_eu: false }],
    [{}, { currency_code: 'USD', time_zone: null, country: null, continent: null, in_eu: false }],
    [
      { timeZone: 'not a zone; drop table', locale: '!!' },
      { currency_code: 'USD', time_zone: null, country: null, continent: null, in_eu: false },
    ],
  ])('%j', (hints, expected) => {
    expect(offlineGeo(hints)).toEqual(expected);
  });
});

describe('service answers', () => {
  test('ipapi.co shape and the nested shape are read; errors and empty answers are not', () => {
    expect(
      readGeoAnswer({
        ip: '1.2.3.4',
        country_code: 'ca',
        currency: 'CAD',
        timezone: 'America/Vancouver',
        continent_code: 'NA',
        in_eu: false,
      }),
    ).toEqual({ country: 'CA', currency_code: 'CAD', time_zone: 'America/Vancouver', continent: 'NA', in_eu: false });
    expect(
      readGeoAnswer({
        country_code: 'FR',
        continent_code: 'EU',
        time_zone: { id: 'Europe/Paris' },
        currency: { code: 'EUR' },
        location: { is_eu: true },
      }),
    ).toEqual({ country: 'FR', currency_code: 'EUR', time_zone: 'Europe/Paris', continent: 'EU', in_eu: true });
    expect(readGeoAnswer({ error: true, reason: 'Reserved IP Address' })).toBeNull();
    expect(readGeoAnswer({ success: false })).toBeNull();
    expect(readGeoAnswer({})).toBeNull();
    expect(readGeoAnswer('nope')).toBeNull();
  });

  test('the request URL carries the address and the key', () => {
    expect(geoRequestUrl('https://geo.example/{ip}/json/', 'k1', '203.0.113.7')).toBe(
      'https://geo.example/203.0.113.7/json/?key=k1',
    );
    expect(geoRequestUrl('https://geo.example/lookup?fields=all', 'k 2', '::1')).toBe(
      'https://geo.example/lookup?fields=all&ip=%3A%3A1&key=k+2',
    );
  });
});

describe('configured service (loopback stand-in)', () => {
  let server: http.Server;
  let base: string;
  const seen: string[] = [];
  let mode: 'ok' | 'error' | 'reserved' | 'slow' = 'ok';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push(req.url ?? '');
      if (mode === 'slow') return; // never answers: the lookup times out
      if (mode === 'error') {
        res.writeHead(500).end('boom');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          mode === 'reserved'
            ? { error: true, reason: 'Reserved IP Address' }
            : { country_code: 'GB', currency: 'GBP', timezone: 'Europe/London', continent_code: 'EU', in_eu: false },
        ),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  test('the service answers for the address; the browser time zone wins; failures fall back to the offline default', async () => {
    const geo = createGeoLookup({ url: `${base}/{ip}/json/`, key: 'secret-key' });
    mode = 'ok';
    expect(await geo.lookup({ ip: '198.51.100.4', timeZone: 'Europe/Dublin' })).toEqual({
      currency_code: 'GBP',
      time_zone: 'Europe/Dublin',
      country: 'GB',
      continent: 'EU',
      in_eu: false,
      source: 'service',
    });
    expect(seen.at(-1)).toBe('/198.51.100.4/json/?key=secret-key');
    expect((await geo.lookup({ ip: '198.51.100.4' })).time_zone).toBe('Europe/London');

    for (const m of ['error', 'reserved'] as const) {
      mode = m;
      expect(await geo.lookup({ ip: '127.0.0.1', timeZone: 'America/Toronto' })).toEqual({
        currency_code: 'CAD',
        time_zone: 'America/Toronto',
        country: 'CA',
        continent: 'NA',
        in_eu: false,
        source: 'offline',
      });
    }
  });

  test('a service that does not answer in time falls back', async () => {
    mode = 'slow';
    const started = Date.now();
    const r = await createGeoLookup({ url: `${base}/{ip}` }).lookup({ ip: '1.1.1.1', timeZone: 'America/New_York' });
    expect(r).toMatchObject({ source: 'offline', currency_code: 'USD', country: 'US' });
    expect(Date.now() - started).toBeLessThan(6_000);
  }, 10_000);

  test('GET /v3/manager/signup/geo answers from the configured service, without the key', async () => {
    mode = 'ok';
    const s: TestServer = await startTestServer({
      plugins: ['billing'],
      jobs: false,
      env: { LCI_GEO_URL: `${base}/{ip}/json/`, LCI_GEO_KEY: 'route-key', LCI_TRUSTED_PROXIES: 'loopback' },
    });
    try {
      const r = await apiCall(
        s.url,
        'lci-public-key',
        null,
        'GET',
        '/v3/manager/signup/geo?timeZone=Europe%2FLondon&locale=en-GB',
        undefined,
        { 'x-forwarded-for': '203.0.113.9' },
      );
      expect(r).toEqual({
        status: 200,
        body: { currency_code: 'GBP', time_zone: 'Europe/London', country: 'GB', continent: 'EU', in_eu: false },
      });
      expect(seen.at(-1)).toBe('/203.0.113.9/json/?key=route-key');
      expect(JSON.stringify(r.body)).not.toContain('route-key');
    } finally {
      await s.stop();
    }
  });
});

test('GET /v3/manager/signup/geo without a service: the offline default; bad input 400; throttled per address', async () => {
  const s = await startTestServer({ plugins: ['billing'], jobs: false, env: { LCI_TRUSTED_PROXIES: 'loopback' } });
  try {
    const get = (q: string, ip = '203.0.113.50') =>
      apiCall(s.url, 'lci-public-key', null, 'GET', `/v3/manager/signup/geo${q}`, undefined, { 'x-forwarded-for': ip });
    expect(await get('?timeZone=America%2FVancouver&locale=en-US')).toEqual({
      status: 200,
      body: { currency_code: 'CAD', time_zone: 'America/Vancouver', country: 'CA', continent: 'NA', in_eu: false },
    });
    expect((await get(`?timeZone=${'x'.repeat(65)}`)).status).toBe(400);
    expect((await apiCall(s.url, '', null, 'GET', '/v3/manager/signup/geo')).status).toBe(401);
    for (let i = 0; i < 29; i++) expect((await get('', '203.0.113.60')).status).toBe(200);
    expect((await get('', '203.0.113.60')).status).toBe(200);
    expect((await get('', '203.0.113.60')).status).toBe(429);
  } finally {
    await s.stop();
  }
});

test('configuration: LCI_GEO_URL must be https (http only on loopback); a key needs the URL', () => {
  expect(loadConfig({}).geo).toBeUndefined();
  expect(loadConfig({ LCI_GEO_URL: 'https://ipapi.co/{ip}/json/', LCI_GEO_KEY: 'k' }).geo).toEqual({
    url: 'https://ipapi.co/{ip}/json/',
    key: 'k',
  });
  expect(loadConfig({ LCI_GEO_URL: 'http://127.0.0.1:9/{ip}' }).geo).toEqual({ url: 'http://127.0.0.1:9/{ip}' });
  expect(() => loadConfig({ LCI_GEO_URL: 'http://geo.example/{ip}' })).toThrow(ConfigError);
  expect(() => loadConfig({ LCI_GEO_KEY: 'k' })).toThrow(/LCI_GEO_URL must be set/);
  expect(() => loadConfig({ LCI_GEO_URL: 'not a url' })).toThrow(/LCI_GEO_URL/);
});
