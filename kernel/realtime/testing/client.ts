/** A test client of the realtime channel: collects messages and waits for the ones a test expects. */
import { WebSocket } from 'ws';

export interface TestSocket {
  ws: WebSocket;
  messages: Record<string, any>[];
  /** Resolves with the first message (already received or coming) that matches. */
  next(match: (m: Record<string, any>) => boolean, timeoutMs?: number): Promise<Record<string, any>>;
  /** Resolves when the socket closes. */
  closed: Promise<{ code: number; reason: string }>;
  send(message: unknown): void;
  invoke(fn: string, payload?: unknown, tenantId?: number): Promise<Record<string, any>>;
  close(): Promise<void>;
}

let seq = 0;

export function wsUrl(httpUrl: string, token: string | null): string {
  const u = new URL('/ws', httpUrl.replace(/^http/, 'ws'));
  if (token !== null) u.searchParams.set('token', token);
  return u.toString();
}

export function openSocket(httpUrl: string, token: string | null): TestSocket {
  const ws = new WebSocket(wsUrl(httpUrl, token));
  const messages: Record<string, any>[] = [];
  const waiters: { match: (m: Record<string, any>) => boolean; resolve: (m: Record<string, any>) => void }[] = [];
  ws.on('message', (data) => {
    const m = JSON.parse(data.toString()) as Record<string, any>;
    messages.push(m);
    for (const w of [...waiters]) if (w.match(m)) { waiters.splice(waiters.indexOf(w), 1); w.resolve(m); }
  });
  ws.on('error', () => { /* surfaces as close */ });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  const opened = new Promise<void>((resolve, reject) => { ws.once('open', () => resolve()); ws.once('error', reject); });
  const next = (match: (m: Record<string, any>) => boolean, timeoutMs = 10000) => {
    const seen = messages.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise<Record<string, any>>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(messages).slice(0, 500)}`)), timeoutMs);
      waiters.push({ match, resolve: (m) => { clearTimeout(t); resolve(m); } });
    });
  };
  const send = (message: unknown) => {
    void opened.then(() => ws.send(typeof message === 'string' ? message : JSON.stringify(message)));
  };
  return {
    ws, messages, next, closed, send,
    invoke: (fn, payload, tenantId) => {
      const requestId = `r${++seq}`;
      send({ action: 'apiinvoke', requestId, function: fn, payload, ...(tenantId !== undefined ? { tenantId } : {}) });
      return next((m) => m.action === 'apiresult' && m.requestId === requestId);
    },
    close: async () => { if (ws.readyState !== WebSocket.CLOSED) { ws.close(); await closed; } },
  };
}
