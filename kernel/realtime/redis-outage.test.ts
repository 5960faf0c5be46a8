/**
 * Redis down, with a private redis-server the test stops and starts:
 * - /readyz answers 503 naming Redis, and 200 once it is back (any engine);
 * - two server processes on one PostgreSQL database (this one and a child):
 *   a user disabled in process 1 while Redis is down is refused by process 2
 *   within seconds (the invalidation also goes through the database; over
 *   pub/sub alone it was lost and process 2 kept the user for the cache's 30 s),
 *   and a server message sent during the outage returns at once and reaches a
 *   socket on process 2 when Redis is back.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropCachedAccess } from '../auth/user-access';
import { PATHS } from '../paths';
import { startPrivateRedis, type PrivateRedis } from '../../tests/helpers/redis-server';
import { freePort, postgresUrl, startTestServer, type TestServer } from '../../tests/helpers/server';
import { apiCall, makeTenant } from '../../tests/helpers/tenants';
import { openSocket, type TestSocket } from './testing/client';

const until = async (cond: () => Promise<boolean> | boolean, ms: number, what: string) => {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};
const readyz = async (url: string) => {
  const r = await fetch(`${url}/readyz`);
  return { status: r.status, body: (await r.json()) as Record<string, any> };
};

let redis: PrivateRedis;
beforeAll(async () => {
  redis = await startPrivateRedis();
});
afterAll(async () => {
  await redis?.stop();
});

describe('/readyz with Redis down', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ env: { REDIS_URL: redis.url } });
  }, 120_000);
  afterAll(async () => {
    await redis.start();
    await s?.stop();
  });

  test('answers 503 naming Redis while it is down and 200 when it is back', async () => {
    expect((await readyz(s.url)).status).toBe(200);
    await redis.stop();
    await until(async () => (await readyz(s.url)).status === 503, 10_000, '/readyz 503');
    const down = await readyz(s.url);
    expect(down.body).toMatchObject({
      status: 'unavailable',
      failed: ['redis'],
      message: 'Not ready: Redis is not reachable',
      checks: { database: 'ok', redis: expect.stringMatching(/^down: /) },
    });
    await redis.start();
    await until(async () => (await readyz(s.url)).status === 200, 15_000, '/readyz 200');
  }, 60_000);
});

const run = postgresUrl() ? describe : describe.skip;

run('two server processes, Redis stopped and started', () => {
  let s1: TestServer;
  let child: ChildProcessWithoutNullStreams;
  let url2 = '';
  let out = '';
  const sockets: TestSocket[] = [];
  const dataDir2 = fs.mkdtempSync(path.join(os.tmpdir(), 'lci-outage-'));

  beforeAll(async () => {
    s1 = await startTestServer({ engine: 'postgres', env: { REDIS_URL: redis.url } });
    const port = await freePort();
    child = spawn(path.join(PATHS.root, 'node_modules', '.bin', 'tsx'), [path.join(__dirname, 'testing', 'serve.ts')], {
      cwd: PATHS.root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        DATABASE_URL: s1.databaseUrl!,
        REDIS_URL: redis.url,
        LCI_DATA_DIR: dataDir2,
        LCI_SEED_DEMO: 'false',
        LCI_LOG_LEVEL: 'warn',
        LCI_JOBS: 'false',
        LCI_BASE_URL: s1.url,
      },
    });
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (c: string) => {
      out += c;
    });
    child.stderr.on('data', (c: string) => {
      out += c;
    });
    await until(() => /READY /.test(out), 90_000, `second server start; output: ${out.slice(-1000)}`);
    url2 = `http://localhost:${port}`;
  }, 180_000);

  afterAll(async () => {
    await Promise.all(sockets.splice(0).map((x) => x.close()));
    await redis.start().catch(() => undefined);
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await s1?.stop();
    fs.rmSync(dataDir2, { recursive: true, force: true });
  });

  test('a disabled user is refused by the other process within seconds, and a server message sent meanwhile arrives when Redis is back', async () => {
    const t = await makeTenant(s1.k, s1.url);
    const victim = await makeTenant(s1.k, s1.url);
    const on2 = (token: string) => apiCall(url2, s1.k.config.apiKey, token, 'GET', '/v3/manager/session');
    expect((await on2(victim.token)).status).toBe(200); // process 2 now has the caller cached
    const sock = openSocket(url2, t.token);
    sockets.push(sock);
    sock.send({ action: 'ping' });
    await sock.next((m) => m.action === 'pong');

    await redis.stop();
    await until(async () => (await readyz(s1.url)).status === 503, 10_000, 'process 1 sees Redis down');

    await s1.k.db.withSystem((trx) => trx('users').where({ user_id: victim.userId }).update({ active_flag: false }));
    const sentAt = Date.now();
    await dropCachedAccess(s1.k, victim.userId);
    await s1.k.realtime.serverMessage(`tenant:${t.tenantId}`, {
      msg_type: 'download_ready',
      msg: 'Sent while Redis was down',
    });
    expect(Date.now() - sentAt).toBeLessThan(500);

    await until(async () => (await on2(victim.token)).status === 401, 5000, 'process 2 refuses the disabled user');
    expect((await on2(t.token)).status).toBe(200);

    await redis.start();
    const m = await sock.next((x) => x.msg_type === 'download_ready', 15_000);
    expect(m).toEqual({
      msg_type: 'download_ready',
      msg: 'Sent while Redis was down',
      display_type: null,
      download_url: null,
    });
    await until(
      async () => (await readyz(s1.url)).status === 200 && (await readyz(url2)).status === 200,
      15_000,
      'both ready again',
    );
  }, 90_000);
});
