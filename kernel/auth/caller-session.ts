/**
 * What of the caller survives a change the user makes themselves (password
 * change, removing their own factor): the provider session whose signed cookie
 * came with the /v3 call (the browser's sign-in, with its refresh token and
 * access tokens) and the access token the call was made with (a script or a
 * client without the cookie goes on too).
 */
import type Koa from 'koa';
import type { Kernel } from '../kernel';
import { COOKIE_NAMES } from './provider';

interface CallerKeeps {
  keepSessionId: string | null;
  keepTokenId: string | null;
}

/** The session id of the call's provider cookie, if any. */
function callerSessionId(koa: Koa.Context): string | null {
  try {
    return koa.cookies.get(COOKIE_NAMES.session, { signed: true }) ?? null;
  } catch {
    return null;
  }
}

/** The call's session (cookie) and the id (jti) of its bearer token (verified again: a cache hit). */
export async function callerKeeps(k: Kernel, koa: Koa.Context): Promise<CallerKeeps> {
  const m = /^Bearer\s+(.+)$/i.exec(koa.get('authorization') ?? '');
  let keepTokenId: string | null = null;
  if (m) {
    try {
      keepTokenId = (await k.identity.verify(m[1].trim())).tokenId ?? null;
    } catch {
      keepTokenId = null;
    }
  }
  return { keepSessionId: callerSessionId(koa), keepTokenId };
}
