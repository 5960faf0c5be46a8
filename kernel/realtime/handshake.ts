/**
 * The /ws upgrade checks: the Origin of a browser must be one of the allowed origins (the base URL's and
 * LCI_ALLOWED_ORIGINS), and a token in the URL query (`?token=`, which proxies and access logs keep) is refused.
 * The token travels in the first message or in the Sec-WebSocket-Protocol header as `lci.token.<token>` next to
 * `lci.v1`, the protocol the server answers with (the token is never echoed back).
 */
import type http from 'node:http';
import { SUBPROTOCOL, TOKEN_SUBPROTOCOL_PREFIX } from './protocol';

interface UpgradeRefusal {
  status: 400 | 403;
  message: string;
}

/** An origin as browsers send it (scheme://host[:port]), or null when it is not one. */
function normalizeOrigin(value: string): string | null {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** Why the upgrade is refused, or null to go on. */
export function checkUpgrade(
  req: http.IncomingMessage,
  url: URL,
  allowedOrigins: readonly string[],
): UpgradeRefusal | null {
  if (url.searchParams.has('token') || url.searchParams.has('access_token')) {
    return {
      status: 400,
      message: 'A token in the URL is refused: send it in the first message or the Sec-WebSocket-Protocol header',
    };
  }
  const origin = req.headers.origin;
  // No Origin: not a browser (the CLI, scripts, tests). Browsers always send one on a WebSocket handshake.
  if (origin === undefined) return null;
  const normalized = normalizeOrigin(origin);
  if (normalized === null || !allowedOrigins.includes(normalized))
    return { status: 403, message: `Origin ${origin} is not allowed` };
  return null;
}

/** The access token offered as `lci.token.<token>` in Sec-WebSocket-Protocol, or null. */
export function protocolToken(req: http.IncomingMessage): string | null {
  const header = req.headers['sec-websocket-protocol'];
  if (!header) return null;
  for (const p of header.split(',')) {
    const v = p.trim();
    if (v.startsWith(TOKEN_SUBPROTOCOL_PREFIX) && v.length > TOKEN_SUBPROTOCOL_PREFIX.length)
      return v.slice(TOKEN_SUBPROTOCOL_PREFIX.length);
  }
  return null;
}

/** ws `handleProtocols`: answers `lci.v1` when offered (a browser fails a handshake that offered protocols and got none). */
export function selectProtocol(protocols: Set<string>): string | false {
  return protocols.has(SUBPROTOCOL) ? SUBPROTOCOL : false;
}
