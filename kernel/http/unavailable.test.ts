/**
 * PostgreSQL down: a request fails within the acquire timeout with 503, Retry-After and
 * the one error shape (it used to wait as long as the outage and answer 500), /readyz
 * answers 503 naming the database, and both recover when the database is back.
 * The outage is a TCP proxy between the server and PostgreSQL that the test stops.
 */
import { postgresUrl, startTestServer, type TestServer } from '../../tests/helpers/server';
import { startTcpProxy, type TcpProxy } from '../../tests/helpers/tcp-proxy';
import { makeTenant, type TestTenant } from '../../tests/helpers/tenants';
import { MSG_DATABASE_UNAVAILABLE, fromDatabaseError, isDatabaseUnavailable, outageReporter } from './db-errors';

describe('which errors mean "database unavailable"', () => {
  test('connection refused, terminated, shutting down and pool timeouts are; data errors and other failures are not', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([refused, refused], ''))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isDatabaseUnavailable(
        new Error('select * from "users" where "user_id" = $1 - Connection terminated unexpectedly'),
      ),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      ),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(Object.assign(new Error('the database system is starting up'), { code: '57P03' })),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error('Knex: Timeout acquiring a connection.'), { name: 'KnexTimeoutError' }),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('fetch failed', { cause: refused }))).toBe(false);
    expect(fromDatabaseError(Object.assign(new Error('x'), { code: '57P01' }))).toBeNull();
  });
});

test('an outage is logged once per interval with the number of 503s, not once per request', () => {
  const logged: object[] = [];
  const report = outageReporter({ warn: (o) => logged.push(o) }, 60_000);
  for (let i = 0; i < 50; i++) report(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
  expect(logged).toEqual([{ err: 'connect ECONNREFUSED 127.0.0.1:5432', answered503: 1 }]);
});

const run = postgresUrl() ? describe : describe.skip;

run('PostgreSQL down (through a proxy the test stops)', () => {
  let s: TestServer;
  let proxy: TcpProxy;
  let t: TestTenant;
  const timeoutMs = 1500;

  beforeAll(async () => {
    s = await startTestServer({
      engine: 'postgres',
      env: { LCI_DB_ACQUIRE_TIMEOUT_MS: String(timeoutMs) },
      routeDatabase: async (url) => {
        const u = new URL(url);
        proxy = await startTcpProxy({ host: u.hostname, port: Number(u.port || 5432) });
        u.hostname = '127.0.0.1';
        u.port = String(proxy.port);
        return u.toString();
      },
    });
    t = await makeTenant(s.k, s.url);
  }, 120_000);
  afterAll(async () => {
    await proxy?.start();
    await s?.stop();
    await proxy?.close();
  });

  test('reads and writes answer 503 with Retry-After within seconds; /readyz names the database; all recover', async () => {
    expect((await t.api('GET', '/v3/manager/session')).status).toBe(200);
    const ready = await fetch(`${s.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', checks: { database: 'ok' } });

    await proxy.stop();
    s.k.access.invalidate(); // the caller is resolved from the database again
    for (const [method, path, body] of [
      ['GET', '/v3/manager/session', undefined],
      ['PUT', `/v3/tenant/${t.tenantId}/flags/lci-darkly-test`, { value: true }],
    ] as const) {
      const started = Date.now();
      const res = await fetch(`${s.url}${path}`, {
        method,
        headers: {
          'x-api-key': s.k.config.apiKey,
          authorization: `Bearer ${t.token}`,
          'content-type': 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const took = Date.now() - started;
      expect({ method, status: res.status }).toEqual({ method, status: 503 });
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await res.json()).toEqual({
        error: {
          status: 503,
          code: 'unavailable',
          message: MSG_DATABASE_UNAVAILABLE,
          dependency: 'database',
          retry_after: 5,
        },
      });
      expect(took).toBeLessThan(timeoutMs + 2500);
    }
    const down = await fetch(`${s.url}/readyz`);
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('5');
    const downBody = await down.json();
    expect(downBody).toMatchObject({
      status: 'unavailable',
      failed: expect.arrayContaining(['database']),
      message: expect.stringContaining('the database (PostgreSQL)'),
    });
    expect(downBody.checks.database).toMatch(/^down: /);

    await proxy.start();
    const deadline = Date.now() + 15_000;
    let status = 0;
    while (Date.now() < deadline && (status = (await t.api('GET', '/v3/manager/session')).status) !== 200)
      await new Promise((r) => setTimeout(r, 200));
    expect(status).toBe(200);
    expect((await fetch(`${s.url}/readyz`)).status).toBe(200);
  }, 60_000);
});
