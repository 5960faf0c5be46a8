/** The embedded billing portal's link: customer, return URL and expiry, signed with LCI_SECRET (1 hour). */
import crypto from 'node:crypto';

const PORTAL_TTL_SECONDS = 3600;

const sign = (secret: string, payload: string) =>
  crypto.createHmac('sha256', `billing-portal:${secret}`).update(payload).digest('base64url');

export function portalToken(
  secret: string,
  customerId: string,
  returnUrl: string,
  now = Math.floor(Date.now() / 1000),
): string {
  const payload = Buffer.from(JSON.stringify({ c: customerId, r: returnUrl, e: now + PORTAL_TTL_SECONDS })).toString(
    'base64url',
  );
  return `${payload}.${sign(secret, payload)}`;
}

/** The customer and return URL of a valid, unexpired token; null otherwise. */
export function readPortalToken(
  secret: string,
  token: string,
  now = Math.floor(Date.now() / 1000),
): { customerId: string; returnUrl: string } | null {
  const [payload, signature] = token.split('.');
  if (!payload || !signature) return null;
  const expected = sign(secret, payload);
  if (expected.length !== signature.length || !crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(signature)))
    return null;
  try {
    const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      c?: unknown;
      r?: unknown;
      e?: unknown;
    };
    if (typeof data.c !== 'string' || typeof data.r !== 'string' || typeof data.e !== 'number' || data.e < now)
      return null;
    return { customerId: data.c, returnUrl: data.r };
  } catch {
    return null;
  }
}
