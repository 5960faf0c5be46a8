/** The wizard's userGeo: GET /v3/manager/signup/geo with the browser's time zone and locale; the time zone alone when it fails. */
import { useEffect, useState } from 'react';
import { api } from '../../../../workspace/sdk';
import type { UserGeo } from './finish';

export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

export function useGeo(): { geo: UserGeo; ready: boolean } {
  const [geo, setGeo] = useState<UserGeo>(() => ({ time_zone: browserTimeZone() }));
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    const timeZone = browserTimeZone();
    const locale = typeof navigator !== 'undefined' ? navigator.language : undefined;
    api
      .get<UserGeo>('/v3/manager/signup/geo', { public: true, query: { timeZone, locale } })
      .then((g) => {
        if (live) setGeo(g);
      })
      .catch(() => {
        /* the server completes userGeo from the time zone */
      })
      .finally(() => {
        if (live) setReady(true);
      });
    return () => {
      live = false;
    };
  }, []);
  return { geo, ready };
}
