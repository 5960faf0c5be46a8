/**
 * The API client during an outage: reads are retried (honouring Retry-After) while the reconnecting
 * state is shown, writes are not repeated, maintenance is not an outage, and the first good answer
 * (or /readyz) ends the state. Before, a 503 was rejected at once and the page showed an error.
 */
import { createApiClient } from './api';
import { MSG_WRITE_NOT_SENT, isUnavailable, retryDelayMs } from './reconnect';

type Reply = () => Response | Promise<Response>;
const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Reply =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const down = json(
  503,
  {
    error: {
      status: 503,
      code: 'unavailable',
      message: 'The database is not reachable right now; please try again in a few seconds.',
      dependency: 'database',
    },
  },
  { 'retry-after': '5' },
);
const networkError: Reply = () => {
  throw new TypeError('Failed to fetch');
};

function client(replies: Reply[]) {
  const calls: string[] = [];
  const states: boolean[] = [];
  const waits: number[] = [];
  let clock = 0;
  const api = createApiClient({
    apiKey: () => 'k',
    publicApiKey: () => 'p',
    token: () => 'T',
    random: () => 'r',
    log: () => {},
    fetch: (async (url: string) => {
      calls.push(String(url));
      const r = replies.shift();
      if (!r) throw new Error(`unexpected call ${url}`);
      return r();
    }) as unknown as typeof fetch,
    onReconnecting: (on) => states.push(on),
    sleep: async (ms) => {
      waits.push(ms);
      clock += ms;
    },
    now: () => clock,
  });
  return { api, calls, states, waits };
}

test('a read answered 503 (or failing on the network) is retried after Retry-After while reconnecting, then resolves', async () => {
  const c = client([down, networkError, json(200, { ok: true })]);
  await expect(c.api.get('/v3/manager/session')).resolves.toEqual({ ok: true });
  expect(c.calls).toEqual(['/v3/manager/session?_=r', '/v3/manager/session?_=r', '/v3/manager/session?_=r']);
  expect(c.waits).toEqual([5000, 2000]);
  expect(c.states).toEqual([true, false]);
});

test('a write answered 503 is not repeated: it fails with a clear message, and /readyz is polled until ready', async () => {
  const c = client([
    down,
    json(503, { status: 'unavailable' }, { 'retry-after': '5' }),
    json(200, { status: 'ready' }),
  ]);
  const err = await c.api.post('/v3/tenant/1/things', { name: 'x' }).catch((e) => e);
  expect(err).toMatchObject({ status: 503, code: 'unavailable', message: MSG_WRITE_NOT_SENT });
  await new Promise((r) => setTimeout(r, 0));
  await new Promise((r) => setTimeout(r, 0));
  expect(c.calls).toEqual(['/v3/tenant/1/things', '/readyz', '/readyz']);
  expect(c.states).toEqual([true, false]);
});

test('a write that fails on the network is not repeated and keeps its own error (the page shows its message)', async () => {
  const c = client([networkError, json(200, { status: 'ready' })]);
  const err = await c.api.post('/v3/tenant/1/things', { name: 'x' }).catch((e) => e);
  expect(err).toBeInstanceOf(TypeError);
  await new Promise((r) => setTimeout(r, 0));
  expect(c.calls).toEqual(['/v3/tenant/1/things', '/readyz']);
  expect(c.states).toEqual([true, false]);
});

test('maintenance is not an outage: no retry, no reconnecting state', async () => {
  const c = client([
    json(503, { error: { status: 503, code: 'maintenance', message: 'Back soon', maintenance: true } }),
  ]);
  await expect(c.api.put('/v3/tenant/1/x', {})).rejects.toMatchObject({ status: 503, message: 'Back soon' });
  expect(c.calls).toHaveLength(1);
  expect(c.states).toEqual([]);
});

test('a read gives up after two minutes with the server error', async () => {
  const c = client([...Array.from({ length: 25 }, () => down), json(200, { status: 'ready' })]);
  await expect(c.api.get('/v3/x')).rejects.toMatchObject({ status: 503, code: 'unavailable' });
  expect(c.waits.reduce((a, b) => a + b, 0)).toBe(120_000);
  expect(c.calls.filter((u) => u === '/v3/x?_=r')).toHaveLength(25); // every 5 s (Retry-After) for two minutes
});

test('rules: which answers are outages and how long to wait', () => {
  expect(isUnavailable(503, { error: { code: 'unavailable' } })).toBe(true);
  expect(isUnavailable(502, 'Bad Gateway')).toBe(true);
  expect(isUnavailable(503, { error: { code: 'maintenance', maintenance: true } })).toBe(false);
  expect(isUnavailable(500, {})).toBe(false);
  // The application's own failure of a partner or provider is an answer for the page, not an outage.
  expect(
    isUnavailable(502, {
      error: { status: 502, code: 'catalogue_unavailable', message: 'The plan catalogue is not available right now.' },
    }),
  ).toBe(false);
  expect(
    isUnavailable(502, { error: { status: 502, code: 'PartnerError', message: 'Partner platform is down' } }),
  ).toBe(false);
  expect(isUnavailable(504, '<html>Gateway Timeout</html>')).toBe(true);
  expect(retryDelayMs(0, '5')).toBe(5000);
  expect(retryDelayMs(0, '120')).toBe(10_000);
  expect([0, 1, 2, 3, 9].map((a) => retryDelayMs(a, null))).toEqual([1000, 2000, 4000, 8000, 10_000]);
});
