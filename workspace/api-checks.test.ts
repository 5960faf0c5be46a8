/** The api client's invalid-return check, its report of failures to the shared error state, and the region base. */
import { ApiError, createApiClient, type ApiClientOptions } from './api';

function client(responses: (() => Response)[], over: Partial<ApiClientOptions> = {}) {
  const urls: string[] = [];
  const errors: { status: number; message: string; request: string }[] = [];
  const api = createApiClient({
    apiKey: () => 'k',
    publicApiKey: () => 'p',
    token: () => 't',
    random: () => 'r',
    log: () => {},
    fetch: (async (url: string) => {
      urls.push(String(url));
      const r = responses.shift();
      if (!r) throw new Error('unexpected call');
      return r();
    }) as unknown as typeof fetch,
    onError: (e, req) => errors.push({ status: e.status, message: e.message, request: `${req.method} ${req.path}` }),
    ...over,
  });
  return { api, urls, errors };
}
const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const html = () =>
  new Response('<!doctype html><html></html>', { status: 200, headers: { 'content-type': 'text/html' } });

test('every call: an HTML answer fails with invalid return and lands in the error state', async () => {
  const { api, errors } = client([html]);
  const e = (await api.get('/v3/tenant/4/things').catch((x: unknown) => x)) as ApiError;
  expect(e).toBeInstanceOf(ApiError);
  expect(e).toMatchObject({ status: 200, code: 'invalid_return' });
  expect(e.message).toBe('invalid return found for request: 200 - GET /v3/tenant/4/things');
  expect(errors).toEqual([
    {
      status: 200,
      message: 'invalid return found for request: 200 - GET /v3/tenant/4/things',
      request: 'GET /v3/tenant/4/things',
    },
  ]);
});

test('expect names the field the answer must carry', async () => {
  const { api } = client([json(200, { goals: [1] }), json(200, { nope: 1 })]);
  await expect(api.get('/v3/g', { expect: 'goals' })).resolves.toEqual({ goals: [1] });
  await expect(api.post('/v3/g', {}, { expect: 'records_updated' })).rejects.toThrow(
    'invalid return found for request: 200 - POST /v3/g',
  );
});

test('a non-2xx answer is reported once; an aborted call is not', async () => {
  const { api, errors } = client([json(500, { error: { message: 'down' } })]);
  await expect(api.post('/v3/tenant/1/x', {})).rejects.toThrow('down');
  expect(errors).toEqual([{ status: 500, message: 'down', request: 'POST /v3/tenant/1/x' }]);
  const ac = new AbortController();
  ac.abort();
  const c2 = client([], {
    fetch: (async () => {
      throw new DOMException('aborted', 'AbortError');
    }) as unknown as typeof fetch,
  });
  await expect(c2.api.get('/v3/x', { signal: ac.signal })).rejects.toThrow();
  expect(c2.errors).toEqual([]);
});

test('base sends the calls to another origin (the tenant region)', async () => {
  const { api, urls } = client([json(200, { ok: true })], { base: () => 'https://eu.example.com' });
  await api.get('/v3/manager/session');
  expect(urls).toEqual(['https://eu.example.com/v3/manager/session?_=r']);
});
