/**
 * GET /v3/manager/signup/geo?timeZone=&locale= (public): the wizard's userGeo
 * (section 3: currency_code, time_zone, country, continent, in_eu) for the
 * caller's address, from the configured service (its key stays on the server)
 * or the offline default from the browser's time zone and locale.
 */
import { z } from 'zod';
import { tooManyAttempts, type RouteRegistrar } from '../../../../../kernel/index';
import { signupGeoAnswer } from '../../../shared/api';
import { overLimit, type SignupThrottles } from '../throttles';
import type { GeoLookup } from './types';

const query = z.object({
  timeZone: z.string().trim().max(64).optional(),
  locale: z.string().trim().max(35).optional(),
});

export function registerGeoRoute(r: RouteRegistrar, geo: GeoLookup, throttles: SignupThrottles): void {
  r.get(
    '/v3/manager/signup/geo',
    {
      auth: 'public',
      tags: ['identity'],
      query,
      response: signupGeoAnswer,
      reroute: false,
      summary: 'Geo lookup for the sign-up wizard (currency, time zone, country, continent, in_eu)',
    },
    async ({ query: q, koa }) => {
      if (overLimit([[throttles.geoByAddress, koa.ip]])) throw tooManyAttempts();
      const g = await geo.lookup({ ip: koa.ip, timeZone: q.timeZone, locale: q.locale });
      return {
        currency_code: g.currency_code,
        time_zone: g.time_zone,
        country: g.country,
        continent: g.continent,
        in_eu: g.in_eu,
      };
    },
  );
}
