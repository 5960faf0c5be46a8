import { ApiError, createApiClient, type ApiClientOptions } from './api';

type Call = { url: string; init: RequestInit };
function fakeFetch(responses: ((c: Call) => Response)[]) {
  const calls: Call[] = [];
  const fn = (async (url: string, init: RequestInit) => {
    const c = { url: String(url), init };
    calls.push(c);
    const r = responses.shift();
    if (!r) throw new Error(`unexpected call ${url}`);
    return r(c);
  }) as unknown as typeof fetch;
  return { fn, calls };
}
const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function client(responses: ((c: Call) => Response)[], over: Partial<ApiClientOptions> = {}) {
  const f = fakeFetch(responses);
  let token = 'T1';
  const api = createApiClient({
    apiKey: () => 'app-key',
    publicApiKey: () => 'pub-key',
    token: () => token,
    fetch: f.fn,
    random: () => 'rnd',
    log: () => {},
    onTokenExpired: async () => {
      token = 'T2';
      return true;
    },
    ...over,
  });
  return { api, calls: f.calls };
}
const hdr = (c: Call, k: string) => (c.init.headers as Record<string, string>)[k];

test('GET sends the app key, bearer token and a cache-busting parameter', async () => {
  const { api, calls } = client([json(200, { ok: 1 })]);
  await expect(api.get('/v3/manager/session', { query: { a: 'b' } })).resolves.toEqual({ ok: 1 });
  expect(calls[0].url).toBe('/v3/manager/session?a=b&_=rnd');
  expect(hdr(calls[0], 'x-api-key')).toBe('app-key');
  expect(hdr(calls[0], 'authorization')).toBe('Bearer T1');
});

test('public calls send the public key and no token; POST has a JSON body and no cache buster', async () => {
  const { api, calls } = client([json(200, {})]);
  await api.post('/v3/manager/account/signup', { operation: 'x' }, { public: true });
  expect(calls[0].url).toBe('/v3/manager/account/signup');
  expect(hdr(calls[0], 'x-api-key')).toBe('pub-key');
  expect(hdr(calls[0], 'authorization')).toBeUndefined();
  expect(hdr(calls[0], 'content-type')).toBe('application/json');
  expect(calls[0].init.body).toBe('{"operation":"x"}');
});

test('non-2xx is rejected with the server message, status, code and fields', async () => {
  const { api } = client([
    json(400, {
      error: {
        status: 400,
        code: 'validation_failed',
        message: 'Bad input',
        fields: [{ path: 'body.name', message: 'Required' }],
      },
    }),
  ]);
  const err = await api.post('/v3/x', {}).catch((e) => e);
  expect(err).toBeInstanceOf(ApiError);
  expect(err).toMatchObject({
    status: 400,
    message: 'Bad input',
    code: 'validation_failed',
    fields: [{ path: 'body.name', message: 'Required' }],
  });
});

test('reroute_to_s3 is followed by fetching its url', async () => {
  const { api, calls } = client([
    json(200, {
      reroute_to_s3: true,
      key: 'tenants/5/r.json',
      url: '/v3/storage/tenants/5/r.json?expires=9&signature=abc',
    }),
    json(200, { big: true }),
  ]);
  await expect(api.get('/v3/tenant/5/big')).resolves.toEqual({ big: true });
  expect(calls[1].url).toBe('/v3/storage/tenants/5/r.json?expires=9&signature=abc');
});

test('an expired token refreshes once and retries with the new token', async () => {
  const { api, calls } = client([
    json(401, { error: { status: 401, message: 'The incoming token has expired' } }),
    json(200, { again: true }),
  ]);
  await expect(api.get('/v3/x')).resolves.toEqual({ again: true });
  expect(hdr(calls[1], 'authorization')).toBe('Bearer T2');
});

test('a second expiry after retry, or a refresh that fails, rejects', async () => {
  const expired = json(401, { error: { status: 401, message: 'The incoming token has expired' } });
  const a = client([expired, expired]);
  await expect(a.api.get('/v3/x')).rejects.toMatchObject({ status: 401 });
  expect(a.calls).toHaveLength(2);
  const b = client([expired], { onTokenExpired: async () => false });
  await expect(b.api.get('/v3/x')).rejects.toMatchObject({ status: 401 });
});

test('other 401/403 are logged, not refreshed', async () => {
  const logged: string[] = [];
  const refresh = jest.fn(async () => true);
  const { api, calls } = client([json(403, { error: { message: 'Forbidden here' } })], {
    log: (m) => logged.push(m),
    onTokenExpired: refresh,
  });
  await expect(api.get('/v3/x')).rejects.toMatchObject({ status: 403, message: 'Forbidden here' });
  expect(refresh).not.toHaveBeenCalled();
  expect(logged).toEqual(['You are not authorized, please log in again']);
  expect(calls).toHaveLength(1);
});

test('a maintenance 503 is reported', async () => {
  const seen: string[] = [];
  const { api } = client([json(503, { error: { status: 503, message: 'Down for upgrade', maintenance: true } })], {
    onMaintenance: (m) => seen.push(m),
  });
  await expect(api.post('/v3/x', {})).rejects.toMatchObject({ status: 503 });
  expect(seen).toEqual(['Down for upgrade']);
});

test('204 resolves undefined', async () => {
  const { api } = client([() => new Response(null, { status: 204 })]);
  await expect(api.del('/v3/x')).resolves.toBeUndefined();
});
