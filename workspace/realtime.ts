/**
 * Realtime client (platform.md 4.8 and 9): WebSocket at /ws; the access token goes in the first message
 * ({"action":"authenticate","token":...}, never in the URL, which proxies log) and the channel is open once the
 * server answers {"action":"authenticated"} (its rooms are joined by then); ping every 120 s,
 * reconnect 3 s + 7 s per attempt (capped at 120 s, at most 10 attempts), a watchdog every 10 s,
 * apiinvoke over the socket with an HTTP fallback when it is not open, tenantId added under
 * impersonation, store-target messages to a handler (large ones fetched from storage), others
 * to the message list.
 */
import { REALTIME } from './constants';
import type { ServerMessage } from './types';
import { MSG_NO_TENANT } from '../common/texts';

/** Delay before reconnect attempt number `attempt` (0-based), or null when attempts are exhausted. */
export function reconnectDelay(attempt: number, maxAttempts: number = REALTIME.maxAttempts): number | null {
  if (attempt >= maxAttempts) return null;
  return Math.min(REALTIME.baseDelayMs + REALTIME.stepDelayMs * attempt, REALTIME.maxDelayMs);
}

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed' | 'failed';

export interface StoreUpdate {
  store_target: string;
  data?: unknown;
  reroute_to_s3?: boolean;
  key?: string;
  url?: string;
}

export interface WebSocketLike {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

export interface RealtimeOptions {
  /** Absolute ws(s) URL of /ws (the token is sent in the first message). */
  url: string;
  getToken(): string | null;
  /** Current tenant and, under impersonation, the impersonated tenant (added to apiinvoke calls). */
  getTenant(): { tenantId: number | null; impersonatedTenantId: number | null };
  /** HTTP fallback: POST /v3/tenant/:tenantId/apiinvoke/:function { payload } -> { data }. */
  httpInvoke(tenantId: number, fn: string, payload: unknown): Promise<unknown>;
  /** Fetches a rerouted store update (reroute_to_s3). */
  fetchRerouted(update: StoreUpdate): Promise<unknown>;
  onStore(target: string, data: unknown): void;
  onMessage(msg: ServerMessage): void;
  onStatus(status: RealtimeStatus): void;
  /** Close code 4401 (bad token): the app may refresh its token before the next attempt. */
  onAuthRejected?(): void;
  createSocket?(url: string): WebSocketLike;
  timers?: {
    setTimeout: typeof setTimeout;
    clearTimeout: typeof clearTimeout;
    setInterval: typeof setInterval;
    clearInterval: typeof clearInterval;
  };
  now?(): number;
}

interface Pending {
  resolve(v: unknown): void;
  reject(e: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

const OPEN = 1;
/** Close code of a socket the server closed because the user opened more than their limit (kernel/realtime/protocol.ts). */
const CLOSE_USER_SOCKETS = 4008;

export class RealtimeClient {
  private ws: WebSocketLike | null = null;
  private attempts = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private watchdogTimer: ReturnType<typeof setInterval> | null = null;
  private pending = new Map<string, Pending>();
  private seq = 0;
  private stopped = true;
  /** The server answered `authenticated` on the current socket. */
  private authed = false;
  /**
   * Closed with 4008: the user opened more sockets than the server allows per user (another tab or window took
   * this one's place). Not reopened until the next start(), so tabs do not displace each other in turn; calls go
   * over HTTP meanwhile.
   */
  private displaced = false;
  status: RealtimeStatus = 'idle';
  private readonly t: NonNullable<RealtimeOptions['timers']>;

  constructor(private readonly o: RealtimeOptions) {
    this.t =
      o.timers ??
      ({
        setTimeout: globalThis.setTimeout.bind(globalThis),
        clearTimeout: globalThis.clearTimeout.bind(globalThis),
        setInterval: globalThis.setInterval.bind(globalThis),
        clearInterval: globalThis.clearInterval.bind(globalThis),
      } as never);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.displaced = false;
    this.attempts = 0;
    this.open();
    this.watchdogTimer = this.t.setInterval(() => this.watchdog(), REALTIME.watchdogMs);
  }

  stop(): void {
    this.stopped = true;
    if (this.reconnectTimer) this.t.clearTimeout(this.reconnectTimer);
    if (this.pingTimer) this.t.clearInterval(this.pingTimer);
    if (this.watchdogTimer) this.t.clearInterval(this.watchdogTimer);
    this.reconnectTimer = this.pingTimer = this.watchdogTimer = null;
    const ws = this.ws;
    this.ws = null;
    this.authed = false;
    if (ws) {
      ws.onclose = null;
      ws.onmessage = null;
      ws.onerror = null;
      ws.onopen = null;
      try {
        ws.close(1000, 'bye');
      } catch {
        /* ignore */
      }
    }
    for (const [id, p] of this.pending) {
      this.t.clearTimeout(p.timer);
      p.reject(new Error('Realtime channel closed'));
      this.pending.delete(id);
    }
    this.setStatus('closed');
  }

  /** Open and authenticated: calls go over the socket, otherwise over HTTP. */
  get isOpen(): boolean {
    return this.authed && this.ws?.readyState === OPEN;
  }

  /** Calls a realtime function; over HTTP when the channel is not open. */
  invoke<T = unknown>(fn: string, payload: unknown = {}): Promise<T> {
    const { tenantId, impersonatedTenantId } = this.o.getTenant();
    if (!this.isOpen) {
      const tid = impersonatedTenantId ?? tenantId;
      if (tid === null) return Promise.reject(new Error(MSG_NO_TENANT));
      return this.o.httpInvoke(tid, fn, payload) as Promise<T>;
    }
    const requestId = `r${Date.now().toString(36)}${(this.seq++).toString(36)}`;
    const msg: Record<string, unknown> = { action: 'apiinvoke', requestId, function: fn, payload };
    if (impersonatedTenantId !== null) msg.tenantId = impersonatedTenantId;
    return new Promise<T>((resolve, reject) => {
      const timer = this.t.setTimeout(() => {
        this.pending.delete(requestId);
        reject(new Error(`Realtime call ${fn} timed out`));
      }, REALTIME.invokeTimeoutMs);
      this.pending.set(requestId, { resolve: resolve as (v: unknown) => void, reject, timer });
      try {
        this.ws!.send(JSON.stringify(msg));
      } catch (e) {
        this.t.clearTimeout(timer);
        this.pending.delete(requestId);
        reject(e as Error);
      }
    });
  }

  private setStatus(s: RealtimeStatus) {
    if (this.status === s) return;
    this.status = s;
    this.o.onStatus(s);
  }

  private open(): void {
    const token = this.o.getToken();
    if (!token) {
      this.setStatus('closed');
      return;
    }
    this.setStatus(this.attempts === 0 ? 'connecting' : 'reconnecting');
    const url = this.o.url;
    let ws: WebSocketLike;
    try {
      ws = this.o.createSocket ? this.o.createSocket(url) : (new WebSocket(url) as unknown as WebSocketLike);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    this.authed = false;
    ws.onopen = () => {
      // The token as it is now (it may have been refreshed while connecting); the server answers `authenticated`.
      try {
        ws.send(JSON.stringify({ action: 'authenticate', token: this.o.getToken() ?? token }));
      } catch {
        /* onclose follows */
      }
    };
    ws.onmessage = (ev) => {
      void this.handle(ev.data);
    };
    ws.onerror = () => {
      /* onclose follows */
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.authed = false;
      if (this.pingTimer) {
        this.t.clearInterval(this.pingTimer);
        this.pingTimer = null;
      }
      for (const [id, p] of this.pending) {
        this.t.clearTimeout(p.timer);
        p.reject(new Error('Realtime channel closed'));
        this.pending.delete(id);
      }
      if (ev.code === 4401) this.o.onAuthRejected?.();
      if (ev.code === CLOSE_USER_SOCKETS) {
        this.displaced = true;
        this.setStatus('closed');
        return;
      }
      if (!this.stopped) this.scheduleReconnect();
    };
  }

  /** In its rooms on the server: the channel is open. */
  private onAuthenticated(): void {
    if (!this.ws || this.authed) return;
    this.authed = true;
    this.attempts = 0;
    this.setStatus('open');
    if (this.pingTimer) this.t.clearInterval(this.pingTimer);
    this.pingTimer = this.t.setInterval(() => this.send({ action: 'ping' }), REALTIME.pingMs);
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    const delay = reconnectDelay(this.attempts);
    if (delay === null) {
      this.setStatus('failed');
      return;
    }
    this.attempts++;
    this.setStatus('reconnecting');
    this.reconnectTimer = this.t.setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.stopped) this.open();
    }, delay);
  }

  /** Every 10 s: a closed channel with nothing scheduled gets a reconnect (if attempts remain). */
  private watchdog(): void {
    if (this.stopped || this.displaced || this.ws || this.reconnectTimer) return;
    this.scheduleReconnect();
  }

  /** Allows another round of attempts (e.g. after the user came back online or got a new token). */
  retryNow(): void {
    if (this.stopped || this.displaced) return;
    this.attempts = 0;
    if (this.reconnectTimer) {
      this.t.clearTimeout(this.reconnectTimer);
      this.reconnectTimer = null;
    }
    if (!this.ws) this.open();
  }

  private send(msg: unknown): void {
    if (this.isOpen) {
      try {
        this.ws!.send(JSON.stringify(msg));
      } catch {
        /* close handler reconnects */
      }
    }
  }

  private async handle(raw: unknown): Promise<void> {
    let m: Record<string, unknown>;
    try {
      m = JSON.parse(String(raw));
    } catch {
      return;
    }
    if (!m || typeof m !== 'object') return;
    if (m.action === 'pong') return;
    if (m.action === 'authenticated') {
      this.onAuthenticated();
      return;
    }
    if (m.action === 'apiresult' && typeof m.requestId === 'string') {
      const p = this.pending.get(m.requestId);
      if (!p) return;
      this.pending.delete(m.requestId);
      this.t.clearTimeout(p.timer);
      if (m.ok) p.resolve(m.data);
      else {
        const err = (m.error ?? {}) as { status?: number; message?: string };
        p.reject(Object.assign(new Error(err.message ?? 'Realtime call failed'), { status: err.status }));
      }
      return;
    }
    if (typeof m.store_target === 'string') {
      const u = m as unknown as StoreUpdate;
      try {
        const data = u.reroute_to_s3 ? await this.o.fetchRerouted(u) : u.data;
        this.o.onStore(u.store_target, data);
      } catch (e) {
        this.o.onMessage({
          msg_type: 'error',
          msg: `Could not load an update for ${u.store_target}: ${(e as Error).message}`,
          display_type: 'toast',
        });
      }
      return;
    }
    if (typeof m.msg === 'string' || typeof m.msg_type === 'string') {
      this.o.onMessage({ ...(m as unknown as ServerMessage), receivedAt: this.o.now?.() ?? Date.now() });
    }
  }
}
