/**
 * A test client of the realtime channel: sends the access token in the first message (or, with via 'protocol',
 * in the Sec-WebSocket-Protocol header), collects messages and waits for the ones a test expects.
 */
import { WebSocket } from 'ws';
import { SUBPROTOCOL, TOKEN_SUBPROTOCOL_PREFIX } from '../protocol';

export interface TestSocket {
  ws: WebSocket;
  messages: Record<string, any>[];
  /** Resolves with the server's {"action":"authenticated"} (the socket is then in its rooms). */
  ready: Promise<Record<string, any>>;
  /** Resolves with the first message (already received or coming) that matches. */
  next(match: (m: Record<string, any>) => boolean, timeoutMs?: number): Promise<Record<string, any>>;
  /** Resolves when the socket closes. */
  closed: Promise<{ code: number; reason: string }>;
  send(message: unknown): void;
  invoke(fn: string, payload?: unknown, tenantId?: number): Promise<Record<string, any>>;
  close(): Promise<void>;
}

export interface OpenSocketOptions {
  /** Where the token goes: the first message (default, as the workspace does) or the subprotocol header. */
  via?: 'message' | 'protocol';
  /** Origin header to send, as a browser would (none by default, as the CLI and scripts). */
  origin?: string;
}

let seq = 0;

export function wsUrl(httpUrl: string): string {
  return new URL('/ws', httpUrl.replace(/^http/, 'ws')).toString();
}

/** Opens /ws with a token (null: a client that never sends one; its first message is then a ping). */
export function openSocket(httpUrl: string, token: string | null, opts: OpenSocketOptions = {}): TestSocket {
  const via = opts.via ?? 'message';
  const protocols = via === 'protocol' && token !== null ? [SUBPROTOCOL, `${TOKEN_SUBPROTOCOL_PREFIX}${token}`] : [];
  const ws = new WebSocket(wsUrl(httpUrl), protocols, opts.origin ? { origin: opts.origin } : {});
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  opened.catch(() => undefined);
  if (via === 'message') {
    // Registered before any send(): the token is the first message on the wire.
    ws.once('open', () =>
      ws.send(JSON.stringify(token === null ? { action: 'ping' } : { action: 'authenticate', token })),
    );
  }
  const messages: Record<string, any>[] = [];
  const waiters: { match: (m: Record<string, any>) => boolean; resolve: (m: Record<string, any>) => void }[] = [];
  ws.on('message', (data) => {
    const m = JSON.parse(data.toString()) as Record<string, any>;
    messages.push(m);
    for (const w of [...waiters])
      if (w.match(m)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
  });
  ws.on('error', () => {
    /* surfaces as close */
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const next = (match: (m: Record<string, any>) => boolean, timeoutMs = 10000) => {
    const seen = messages.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise<Record<string, any>>((resolve, reject) => {
      const t = setTimeout(
        () =>
          reject(
            new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(messages).slice(0, 500)}`),
          ),
        timeoutMs,
      );
      waiters.push({
        match,
        resolve: (m) => {
          clearTimeout(t);
          resolve(m);
        },
      });
    });
  };
  // No timer of its own (a closed socket rejects it), so a refused socket leaves nothing pending.
  const ready = new Promise<Record<string, any>>((resolve, reject) => {
    waiters.push({ match: (m) => m.action === 'authenticated', resolve });
    void closed.then((c) => reject(new Error(`socket closed before it was authenticated: ${c.code} ${c.reason}`)));
  });
  ready.catch(() => undefined);
  const send = (message: unknown) => {
    void opened.then(() => ws.send(typeof message === 'string' ? message : JSON.stringify(message)));
  };
  return {
    ws,
    messages,
    ready,
    next,
    closed,
    send,
    invoke: (fn, payload, tenantId) => {
      const requestId = `r${++seq}`;
      send({ action: 'apiinvoke', requestId, function: fn, payload, ...(tenantId !== undefined ? { tenantId } : {}) });
      return next((m) => m.action === 'apiresult' && m.requestId === requestId);
    },
    close: async () => {
      if (ws.readyState !== WebSocket.CLOSED) {
        ws.close();
        await closed;
      }
    },
  };
}

/** The HTTP status of a refused /ws upgrade, or 101 when the socket opened (it is closed again at once). */
export function upgradeStatus(
  target: string,
  options: { origin?: string } = {},
  protocols: string[] = [],
): Promise<number> {
  return new Promise<number>((resolve) => {
    const ws = new WebSocket(target, protocols, options);
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('open', () => {
      resolve(101);
      ws.close();
    });
    ws.on('error', () => resolve(0));
  });
}
