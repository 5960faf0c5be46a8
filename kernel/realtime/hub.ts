/**
 * The sockets of this process: the ws server at /ws, an Origin check at the
 * upgrade, authentication by the token in the first message or in the
 * Sec-WebSocket-Protocol header (never the URL, which proxies log), rooms joined
 * before the `authenticated` answer, the message loop and a keepalive that
 * drops dead connections.
 *
 * Limits per process (issue 26 part 5): a user holds at most
 * `maxSocketsPerUser` sockets (one more closes their oldest, 4008); a tenant's
 * users hold at most `maxSocketsPerTenant` (a new one beyond is refused, 4009);
 * besides the size of a message (`maxPayloadBytes`) and of unsent data.
 */
import crypto from 'node:crypto';
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { Kernel } from '../kernel';
import type { Caller, TokenClaims } from '../types';
import { invoke, toClientError, type FunctionRegistry } from './invoke';
import { checkUpgrade, protocolToken, selectProtocol } from './handshake';
import {
  CLOSE_SHUTDOWN,
  CLOSE_TENANT_SOCKETS,
  CLOSE_UNAUTHORIZED,
  CLOSE_USER_SOCKETS,
  REASON_TENANT_SOCKETS,
  REASON_USER_SOCKETS,
  authenticateMessage,
  clientMessage,
  roomsOf,
  type ApiResult,
  type Authenticated,
} from './protocol';
import { MSG_TOKEN_EXPIRED } from '../../common/texts';

const WS_PATH = '/ws';

export interface HubOptions {
  /** Keepalive period: a socket that has not answered the previous ping is dropped. */
  heartbeatMs: number;
  /** Largest client message accepted. */
  maxPayloadBytes: number;
  /** A socket whose unsent data exceeds this is dropped (a client that stopped reading). */
  maxBufferedBytes: number;
  /** A socket that has not authenticated within this time is closed (4401). */
  authTimeoutMs: number;
  /**
   * Origins a browser may open the socket from (the base URL's and LCI_ALLOWED_ORIGINS). A request without an
   * Origin header (the CLI, scripts, tests: not a browser) is let through; it still needs a valid token.
   */
  allowedOrigins: string[];
  /** Sockets one user may hold on this process (LCI_WS_MAX_PER_USER); one more closes their oldest (4008). */
  maxSocketsPerUser: number;
  /** Sockets of one tenant's users on this process (LCI_WS_MAX_PER_TENANT); a new one beyond is refused (4009). */
  maxSocketsPerTenant: number;
}
export const DEFAULT_HUB_OPTIONS: HubOptions = {
  heartbeatMs: 30_000,
  maxPayloadBytes: 1 << 20,
  maxBufferedBytes: 16 << 20,
  authTimeoutMs: 10_000,
  allowedOrigins: [],
  maxSocketsPerUser: 20,
  maxSocketsPerTenant: 500,
};

/** Messages a socket may send while its authentication is under way; more closes it. */
const MAX_PENDING = 100;

interface Client {
  id: string;
  ws: WebSocket;
  claims: TokenClaims;
  userId: number;
  tenantId: number | null;
  rooms: string[];
  connectedAt: Date;
  alive: boolean;
}

export class SocketHub {
  private readonly wss: WebSocketServer;
  private readonly clients = new Set<Client>();
  private readonly rooms = new Map<string, Set<Client>>();
  private timer?: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly k: Kernel,
    private readonly registry: FunctionRegistry,
    private readonly opts: HubOptions = DEFAULT_HUB_OPTIONS,
  ) {
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: opts.maxPayloadBytes,
      handleProtocols: selectProtocol,
    });
  }

  attach(server: http.Server): void {
    server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname !== WS_PATH) {
        // Leave other paths to other upgrade handlers; refuse them when there are none.
        if (server.listenerCount('upgrade') <= 1) socket.destroy();
        return;
      }
      if (this.closed) {
        socket.destroy();
        return;
      }
      const refusal = checkUpgrade(req, url, this.opts.allowedOrigins);
      if (refusal) {
        this.k.log.info(
          { origin: req.headers.origin ?? null, status: refusal.status },
          `realtime: upgrade refused: ${refusal.message}`,
        );
        socket.once('finish', () => socket.destroy());
        socket.end(
          `HTTP/1.1 ${refusal.status} ${refusal.status === 403 ? 'Forbidden' : 'Bad Request'}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(refusal.message)}\r\n\r\n${refusal.message}`,
        );
        return;
      }
      this.wss.handleUpgrade(req, socket, head, (ws) => this.onConnection(ws, protocolToken(req)));
    });
    if (!this.timer) {
      this.timer = setInterval(() => this.sweep(), this.opts.heartbeatMs);
      this.timer.unref();
    }
  }

  /**
   * A new socket authenticates with the token of its subprotocol header or of its first message
   * ({"action":"authenticate","token":...}); messages that follow before the answer wait for it. The socket joins
   * its rooms, then gets {"action":"authenticated"}: a message published after that answer reaches it.
   */
  private onConnection(ws: WebSocket, headerToken: string | null): void {
    const pending: RawData[] = [];
    let client: Client | null = null;
    let started = false;
    const refuse = (reason: string) => {
      if (ws.readyState === WebSocket.OPEN) ws.close(CLOSE_UNAUTHORIZED, reason);
    };
    const timer = setTimeout(() => {
      if (!client) refuse('Authentication timed out');
    }, this.opts.authTimeoutMs);
    timer.unref();
    const start = (token: string) => {
      started = true;
      void this.authenticate(token).then((claims) => {
        clearTimeout(timer);
        if (!claims) {
          refuse('Unauthorized');
          return;
        }
        if (ws.readyState !== WebSocket.OPEN) return;
        if (!this.admit(claims.caller)) {
          ws.close(CLOSE_TENANT_SOCKETS, REASON_TENANT_SOCKETS);
          return;
        }
        client = this.add(ws, claims.claims, claims.caller);
        ws.on('pong', () => {
          client!.alive = true;
        });
        const ack: Authenticated = { action: 'authenticated', userId: client.userId, tenantId: client.tenantId };
        this.reply(client, ack);
        for (const data of pending.splice(0)) void this.onMessage(client, data);
      });
    };
    ws.on('message', (data) => {
      if (client) {
        void this.onMessage(client, data);
        return;
      }
      if (started) {
        if (pending.length >= MAX_PENDING) refuse('Too many messages before authentication');
        else pending.push(data);
        return;
      }
      const token = firstMessageToken(data);
      if (token === null) {
        refuse('The first message must authenticate');
        return;
      }
      start(token);
    });
    ws.on('error', (e) => this.k.log.debug({ err: e.message }, 'realtime: socket error'));
    ws.on('close', () => {
      clearTimeout(timer);
      if (client) this.remove(client);
    });
    if (headerToken !== null) start(headerToken);
  }

  private async authenticate(token: string): Promise<{ claims: TokenClaims; caller: Caller } | null> {
    try {
      const claims = await this.k.identity.verify(token);
      const caller = await this.k.access.resolve(claims);
      return { claims, caller };
    } catch (e) {
      this.k.log.debug({ err: (e as Error).message }, 'realtime: connection refused');
      return null;
    }
  }

  /**
   * The limits, before a new socket of the caller joins: at the user's limit their oldest sockets close (4008), so
   * the new one always gets in unless the tenant's users hold the tenant's limit without them (refused: false).
   */
  private admit(caller: Caller): boolean {
    const mine = [...this.clients].filter((c) => c.userId === caller.userId); // oldest first (insertion order)
    const evict = mine.slice(0, Math.max(0, mine.length - this.opts.maxSocketsPerUser + 1));
    if (caller.tenantId !== null) {
      let inTenant = 0;
      for (const c of this.clients) if (c.tenantId === caller.tenantId && !evict.includes(c)) inTenant++;
      if (inTenant >= this.opts.maxSocketsPerTenant) {
        this.k.log.warn(
          { tenantId: caller.tenantId, userId: caller.userId, sockets: inTenant },
          'realtime: socket refused, the tenant holds its limit of sockets on this process',
        );
        return false;
      }
    }
    for (const c of evict) {
      this.remove(c);
      c.ws.close(CLOSE_USER_SOCKETS, REASON_USER_SOCKETS);
    }
    if (evict.length)
      this.k.log.info(
        { userId: caller.userId, closed: evict.length },
        "realtime: a user's oldest socket closed, the user holds their limit of sockets on this process",
      );
    return true;
  }

  private add(ws: WebSocket, claims: TokenClaims, caller: Caller): Client {
    const client: Client = {
      id: crypto.randomUUID(),
      ws,
      claims,
      userId: caller.userId,
      tenantId: caller.tenantId,
      rooms: roomsOf(caller.userId, caller.tenantId),
      connectedAt: new Date(),
      alive: true,
    };
    this.clients.add(client);
    for (const room of client.rooms) {
      let set = this.rooms.get(room);
      if (!set) this.rooms.set(room, (set = new Set()));
      set.add(client);
    }
    return client;
  }

  private remove(client: Client): void {
    this.clients.delete(client);
    for (const room of client.rooms) {
      const set = this.rooms.get(room);
      set?.delete(client);
      if (set && set.size === 0) this.rooms.delete(room);
    }
  }

  private expired(client: Client): boolean {
    return typeof client.claims.exp === 'number' && client.claims.exp * 1000 <= Date.now();
  }

  private send(client: Client, text: string): void {
    if (client.ws.readyState !== WebSocket.OPEN) return;
    if (client.ws.bufferedAmount > this.opts.maxBufferedBytes) {
      this.k.log.warn({ userId: client.userId }, 'realtime: dropping a socket that stopped reading');
      client.ws.terminate();
      return;
    }
    client.ws.send(text);
  }

  private async onMessage(client: Client, data: RawData): Promise<void> {
    client.alive = true;
    let raw: unknown;
    try {
      raw = JSON.parse(data.toString());
    } catch {
      this.reply(client, {
        action: 'apiresult',
        requestId: null,
        ok: false,
        error: { status: 400, message: 'Messages must be JSON' },
      });
      return;
    }
    const parsed = clientMessage.safeParse(raw);
    if (!parsed.success) {
      const requestId = (raw as { requestId?: unknown })?.requestId;
      const fields = parsed.error.issues.map((i) => `${i.path.join('.') || 'message'} ${i.message}`).join('; ');
      this.reply(client, {
        action: 'apiresult',
        requestId: typeof requestId === 'string' || typeof requestId === 'number' ? requestId : null,
        ok: false,
        error: { status: 400, message: `Invalid message: ${fields}` },
      });
      return;
    }
    const msg = parsed.data;
    if (msg.action === 'ping') {
      this.reply(client, { action: 'pong', ts: Date.now() });
      return;
    }
    if (msg.action === 'authenticate') {
      this.reply(client, {
        action: 'apiresult',
        requestId: null,
        ok: false,
        error: { status: 400, message: 'This socket is already authenticated; open a new one for another token' },
      });
      return;
    }

    if (this.expired(client)) {
      this.reply(client, {
        action: 'apiresult',
        requestId: msg.requestId,
        ok: false,
        error: { status: 401, message: MSG_TOKEN_EXPIRED },
      });
      client.ws.close(CLOSE_UNAUTHORIZED, 'Token expired');
      return;
    }
    let result: ApiResult;
    let caller: Caller;
    try {
      // Resolved per call (cached by the access service) so impersonation and group changes apply at once.
      caller = await this.k.access.resolve(client.claims);
    } catch (e) {
      // The token was refused since the socket opened (user disabled, password changed, sessions revoked): close it.
      const error = toClientError(e, this.k.log, { function: msg.function, userId: client.userId });
      this.reply(client, { action: 'apiresult', requestId: msg.requestId, ok: false, error });
      if (error.status === 401) client.ws.close(CLOSE_UNAUTHORIZED, 'Token refused');
      return;
    }
    try {
      const data = await invoke(this.k, this.registry, caller, msg.function, msg.payload, msg.tenantId);
      result = { action: 'apiresult', requestId: msg.requestId, ok: true, data: data ?? null };
    } catch (e) {
      result = {
        action: 'apiresult',
        requestId: msg.requestId,
        ok: false,
        error: toClientError(e, this.k.log, { function: msg.function, userId: client.userId }),
      };
    }
    this.reply(client, result);
  }

  private reply(client: Client, message: object): void {
    this.send(client, JSON.stringify(message));
  }

  /** Sends a message to this process's sockets in a room. */
  deliver(room: string, message: Record<string, unknown>): number {
    const set = this.rooms.get(room);
    if (!set?.size) return 0;
    const text = JSON.stringify(message);
    for (const c of set) this.send(c, text);
    return set.size;
  }

  /** Keepalive: drops sockets that did not answer the last ping, and sockets whose token expired. */
  private sweep(): void {
    for (const c of this.clients) {
      if (this.expired(c)) {
        c.ws.close(CLOSE_UNAUTHORIZED, 'Token expired');
        continue;
      }
      if (!c.alive) {
        c.ws.terminate();
        this.remove(c);
        continue;
      }
      c.alive = false;
      try {
        c.ws.ping();
      } catch {
        /* closing */
      }
    }
  }

  /** Sockets of this process with their ids. */
  details(): { socketId: string; tenantId: number | null; userId: number; connectedAt: string }[] {
    return [...this.clients].map((c) => ({
      socketId: c.id,
      tenantId: c.tenantId,
      userId: c.userId,
      connectedAt: c.connectedAt.toISOString(),
    }));
  }

  /** Sends to one socket of this process; false when no such socket is connected here. */
  deliverTo(socketId: string, message: Record<string, unknown>): boolean {
    for (const c of this.clients) {
      if (c.id !== socketId) continue;
      this.send(c, JSON.stringify(message));
      return true;
    }
    return false;
  }

  list(): { tenantId: number | null; userId: number; connectedAt: string }[] {
    return [...this.clients].map((c) => ({
      tenantId: c.tenantId,
      userId: c.userId,
      connectedAt: c.connectedAt.toISOString(),
    }));
  }

  /** Closes every socket (1001) and stops accepting new ones. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    const all = [...this.clients];
    for (const c of all) c.ws.close(CLOSE_SHUTDOWN, 'Server shutting down');
    await new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        for (const c of all) c.ws.terminate();
        resolve();
      }, 1000);
      t.unref();
      const check = () => {
        if (all.every((c) => c.ws.readyState === WebSocket.CLOSED)) {
          clearTimeout(t);
          resolve();
        }
      };
      for (const c of all) c.ws.once('close', check);
      check();
    });
    this.clients.clear();
    this.rooms.clear();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}

/** The token of a first message {"action":"authenticate","token":...}, or null when it is anything else. */
function firstMessageToken(data: RawData): string | null {
  try {
    const parsed = authenticateMessage.safeParse(JSON.parse(data.toString()));
    return parsed.success ? parsed.data.token : null;
  } catch {
    return null;
  }
}
