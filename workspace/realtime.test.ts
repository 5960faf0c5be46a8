import { RealtimeClient, reconnectDelay, type RealtimeOptions, type WebSocketLike } from './realtime';

test('reconnect schedule: 3 s plus 7 s per attempt, capped at 120 s, 10 attempts', () => {
  const delays = Array.from({ length: 11 }, (_, i) => reconnectDelay(i));
  expect(delays).toEqual([3000, 10000, 17000, 24000, 31000, 38000, 45000, 52000, 59000, 66000, null]);
  expect(reconnectDelay(9)).toBe(66000);
  expect(reconnectDelay(10)).toBeNull();
  // The cap (reached only with a higher attempt limit): 3 + 7 * 17 = 122 s -> 120 s.
  expect(reconnectDelay(16, 100)).toBe(115000);
  expect(reconnectDelay(17, 100)).toBe(120000);
  expect(reconnectDelay(50, 100)).toBe(120000);
});

class FakeSocket implements WebSocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: WebSocketLike['onopen'] = null;
  onclose: WebSocketLike['onclose'] = null;
  onmessage: WebSocketLike['onmessage'] = null;
  onerror: WebSocketLike['onerror'] = null;
  constructor(public url: string) {
    FakeSocket.all.push(this);
  }
  send(d: string) {
    this.sent.push(d);
  }
  close() {
    this.readyState = 3;
  }
  auth: unknown = null;
  /** The socket opens; the client's first message (authenticate) is kept apart from `sent`. */
  serverOpenOnly() {
    this.readyState = 1;
    this.onopen?.({});
    this.auth = JSON.parse(this.sent.shift()!);
  }
  /** Open and authenticated, as the server answers once the socket is in its rooms. */
  serverOpen() {
    this.serverOpenOnly();
    this.serverSend({ action: 'authenticated', userId: 1, tenantId: 5 });
  }
  serverClose(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  serverSend(m: unknown) {
    this.onmessage?.({ data: JSON.stringify(m) });
  }
}

function client(over: Partial<RealtimeOptions> = {}) {
  const statuses: string[] = [];
  const stores: [string, unknown][] = [];
  const messages: unknown[] = [];
  const http: [number, string, unknown][] = [];
  const c = new RealtimeClient({
    url: 'ws://h/ws',
    getToken: () => 'tok en',
    getTenant: () => ({ tenantId: 5, impersonatedTenantId: null }),
    httpInvoke: async (t, f, p) => {
      http.push([t, f, p]);
      return { via: 'http' };
    },
    fetchRerouted: async (u) => ({ fetched: u.url }),
    onStore: (t, d) => stores.push([t, d]),
    onMessage: (m) => messages.push(m),
    onStatus: (s) => statuses.push(s),
    createSocket: (u) => new FakeSocket(u),
    ...over,
  });
  return { c, statuses, stores, messages, http };
}

beforeEach(() => {
  FakeSocket.all = [];
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

test('sends the token in the first message (not the URL) and is open only once the server says authenticated', async () => {
  const { c, statuses, http } = client();
  c.start();
  const ws = FakeSocket.all[0];
  expect(ws.url).toBe('ws://h/ws');
  ws.serverOpenOnly();
  expect(ws.auth).toEqual({ action: 'authenticate', token: 'tok en' });
  expect(statuses).toEqual(['connecting']);
  expect(c.isOpen).toBe(false);
  // Until then calls take the HTTP fallback.
  await expect(c.invoke('f', { a: 1 })).resolves.toEqual({ via: 'http' });
  expect(http).toEqual([[5, 'f', { a: 1 }]]);
  expect(ws.sent).toEqual([]);
  ws.serverSend({ action: 'authenticated', userId: 1, tenantId: 5 });
  expect(statuses).toEqual(['connecting', 'open']);
  expect(c.isOpen).toBe(true);
  c.stop();
});

test('pings every 120 s once open', () => {
  const { c, statuses } = client();
  c.start();
  const ws = FakeSocket.all[0];
  ws.serverOpen();
  expect(statuses).toEqual(['connecting', 'open']);
  jest.advanceTimersByTime(119_999);
  expect(ws.sent).toEqual([]);
  jest.advanceTimersByTime(1);
  expect(ws.sent.map((s) => JSON.parse(s))).toEqual([{ action: 'ping' }]);
  c.stop();
});

test('reconnects on the schedule and gives up after 10 attempts', () => {
  const { c, statuses } = client();
  c.start();
  FakeSocket.all[0].serverClose();
  const expected = [3000, 10000, 17000, 24000, 31000, 38000, 45000, 52000, 59000, 66000];
  for (let i = 0; i < expected.length; i++) {
    const before = FakeSocket.all.length;
    jest.advanceTimersByTime(expected[i] - 1);
    expect(FakeSocket.all.length).toBe(before);
    jest.advanceTimersByTime(1);
    expect(FakeSocket.all.length).toBe(before + 1);
    FakeSocket.all[FakeSocket.all.length - 1].serverClose();
  }
  expect(statuses[statuses.length - 1]).toBe('failed');
  jest.advanceTimersByTime(600_000);
  expect(FakeSocket.all.length).toBe(11);
  c.stop();
});

test('a successful open resets the attempt count', () => {
  const { c } = client();
  c.start();
  FakeSocket.all[0].serverClose();
  jest.advanceTimersByTime(3000);
  FakeSocket.all[1].serverClose();
  jest.advanceTimersByTime(10000);
  FakeSocket.all[2].serverOpen();
  FakeSocket.all[2].serverClose();
  jest.advanceTimersByTime(2999);
  expect(FakeSocket.all.length).toBe(3);
  jest.advanceTimersByTime(1);
  expect(FakeSocket.all.length).toBe(4);
  c.stop();
});

test('the watchdog reconnects a closed channel with nothing scheduled', () => {
  const { c } = client();
  c.start();
  FakeSocket.all[0].serverClose();
  jest.advanceTimersByTime(3000);
  expect(FakeSocket.all.length).toBe(2);
  // Simulate a lost close handler: socket gone, no timer.
  (c as unknown as { ws: unknown }).ws = null;
  jest.advanceTimersByTime(10_000);
  jest.advanceTimersByTime(10_000);
  expect(FakeSocket.all.length).toBeGreaterThan(2);
  c.stop();
});

test('apiinvoke over the socket resolves with the apiresult; errors reject', async () => {
  const { c } = client();
  c.start();
  const ws = FakeSocket.all[0];
  ws.serverOpen();
  const p = c.invoke('userManager', { page: 1 });
  const sent = JSON.parse(ws.sent[0]);
  expect(sent).toMatchObject({ action: 'apiinvoke', function: 'userManager', payload: { page: 1 } });
  expect(sent.tenantId).toBeUndefined();
  ws.serverSend({ action: 'apiresult', requestId: sent.requestId, ok: true, data: { users: [] } });
  await expect(p).resolves.toEqual({ users: [] });
  const q = c.invoke('x');
  const sent2 = JSON.parse(ws.sent[1]);
  ws.serverSend({
    action: 'apiresult',
    requestId: sent2.requestId,
    ok: false,
    error: { status: 403, message: 'nope' },
  });
  await expect(q).rejects.toThrow('nope');
  c.stop();
});

test('apiinvoke falls back to HTTP when the channel is not open; tenantId added under impersonation', async () => {
  const { c, http } = client({ getTenant: () => ({ tenantId: 5, impersonatedTenantId: 9 }) });
  await expect(c.invoke('f', { a: 1 })).resolves.toEqual({ via: 'http' });
  expect(http).toEqual([[9, 'f', { a: 1 }]]);
  c.start();
  const ws = FakeSocket.all[0];
  ws.serverOpen();
  void c.invoke('g', {}).catch(() => {});
  expect(JSON.parse(ws.sent[0]).tenantId).toBe(9);
  c.stop();
});

test('store targets update state (rerouted ones fetched), other messages go to the list', async () => {
  const { c, stores, messages } = client();
  c.start();
  const ws = FakeSocket.all[0];
  ws.serverOpen();
  ws.serverSend({ store_target: 'companies', data: [1, 2] });
  ws.serverSend({ store_target: 'big', reroute_to_s3: true, key: 'k', url: '/v3/storage/k' });
  ws.serverSend({ msg_type: 'info', msg: 'Export ready', display_type: 'toast', download_url: '/d' });
  ws.serverSend({ action: 'pong', ts: 1 });
  await Promise.resolve();
  await Promise.resolve();
  expect(stores).toEqual([
    ['companies', [1, 2]],
    ['big', { fetched: '/v3/storage/k' }],
  ]);
  expect(messages).toEqual([expect.objectContaining({ msg_type: 'info', msg: 'Export ready', download_url: '/d' })]);
  c.stop();
});

test('close code 4401 reports an auth rejection', () => {
  const rejected = jest.fn();
  const { c } = client({ onAuthRejected: rejected });
  c.start();
  FakeSocket.all[0].serverClose(4401);
  expect(rejected).toHaveBeenCalledTimes(1);
  c.stop();
});

test('close code 4008 (the user opened more sockets elsewhere): no reconnect, calls go over HTTP; a new start connects', async () => {
  const { c, statuses, http } = client();
  c.start();
  FakeSocket.all[0].serverOpen();
  FakeSocket.all[0].serverClose(4008);
  jest.advanceTimersByTime(600_000); // neither the schedule nor the watchdog reconnects (no ping-pong between tabs)
  expect(FakeSocket.all.length).toBe(1);
  expect(statuses[statuses.length - 1]).toBe('closed');
  c.retryNow();
  expect(FakeSocket.all.length).toBe(1);
  expect(await c.invoke('f', { a: 1 })).toEqual({ via: 'http' });
  expect(http).toEqual([[5, 'f', { a: 1 }]]);
  c.stop();
  c.start();
  expect(FakeSocket.all.length).toBe(2);
  c.stop();
});
