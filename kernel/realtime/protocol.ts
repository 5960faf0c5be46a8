/**
 * Messages of the realtime channel (/ws). Client to server: authenticate (the
 * first message, unless the token came in the Sec-WebSocket-Protocol header),
 * ping, apiinvoke. Server to client: authenticated (once the socket has joined
 * its rooms), pong, apiresult, server messages (msg_type, msg, display_type,
 * download_url) and store-target updates.
 */
import { z } from 'zod';

/**
 * Close codes:
 *   1001 the server is shutting down
 *   4008 the user opened more sockets on this server process than LCI_WS_MAX_PER_USER: their oldest one is closed
 *   4009 the tenant's users hold LCI_WS_MAX_PER_TENANT sockets on this process: the new socket is refused
 *   4401 not authenticated (no, a bad, an expired or a refused token; authentication timed out)
 */
export const CLOSE_UNAUTHORIZED = 4401;
export const CLOSE_SHUTDOWN = 1001;
export const CLOSE_USER_SOCKETS = 4008;
export const CLOSE_TENANT_SOCKETS = 4009;
export const REASON_USER_SOCKETS = 'too many sockets for this user';
export const REASON_TENANT_SOCKETS = 'too many sockets for this tenant';

/** Subprotocol a client may offer; with it, `lci.token.<access token>` carries the token instead of a first message. */
export const SUBPROTOCOL = 'lci.v1';
export const TOKEN_SUBPROTOCOL_PREFIX = 'lci.token.';

/** The first message of a client that did not put its token in the subprotocol header. */
export const authenticateMessage = z.object({ action: z.literal('authenticate'), token: z.string().min(1).max(8192) });

/** The server's answer once the socket is authenticated and in its rooms: from here on nothing sent to them is missed. */
export interface Authenticated {
  action: 'authenticated';
  userId: number;
  tenantId: number | null;
}

export const clientMessage = z.discriminatedUnion('action', [
  z.object({ action: z.literal('ping') }).passthrough(),
  authenticateMessage,
  z.object({
    action: z.literal('apiinvoke'),
    requestId: z.union([z.string().max(200), z.number()]),
    function: z.string().min(1).max(200),
    payload: z.unknown().optional(),
    tenantId: z.coerce.number().int().positive().optional(),
  }),
]);

export type ApiResult =
  | { action: 'apiresult'; requestId: string | number | null; ok: true; data: unknown }
  | { action: 'apiresult'; requestId: string | number | null; ok: false; error: { status: number; message: string } };

export interface StoreUpdate {
  store_target: string;
  data: unknown;
}
export interface StoreUpdateRerouted {
  store_target: string;
  reroute_to_s3: true;
  key: string;
  url: string;
}

/** Rooms a caller's socket joins. */
export function roomsOf(userId: number, tenantId: number | null): string[] {
  return [`user:${userId}`, ...(tenantId ? [`tenant:${tenantId}`] : []), 'all'];
}

export function isRoom(room: string): boolean {
  return room === 'all' || /^(tenant|user):[1-9]\d*$/.test(room);
}
