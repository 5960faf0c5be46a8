/**
 * Two server processes on one PostgreSQL database and one Redis: a message
 * published in one reaches a socket connected to the other. Needs
 * TEST_DATABASE_URL (or DATABASE_URL) and Redis (REDIS_URL, default
 * redis://127.0.0.1:6379); skipped on the embedded engine, which is one process.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PATHS } from '../paths';
import { freePort, postgresUrl, startTestServer, type TestServer } from '../../tests/helpers/server';
import { makeTenant, type TestTenant } from '../../tests/helpers/tenants';
import { openSocket, type TestSocket } from './testing/client';

const PROBE_PLUGINS = path.join(__dirname, 'testing', 'plugins');
const run = postgresUrl() ? describe : describe.skip;

run('realtime across two server processes (PostgreSQL + Redis)', () => {
  let s1: TestServer;
  let child: ChildProcessWithoutNullStreams;
  let url2: string;
  let out = '';
  let t: TestTenant;
  let other: TestTenant;
  const dataDir2 = fs.mkdtempSync(path.join(os.tmpdir(), 'lci-rt2-'));
  const sockets: TestSocket[] = [];

  const ready = async (url: string, token: string) => {
    const sock = openSocket(url, token);
    sockets.push(sock);
    await sock.ready;
    return sock;
  };
  const waitOut = (pattern: RegExp, ms = 60000) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`second server did not print ${pattern}; output: ${out.slice(-2000)}`)),
        ms,
      );
      const check = () => {
        const m = out.match(pattern);
        if (m) {
          clearTimeout(timer);
          child.stdout.off('data', check);
          resolve(m);
        }
      };
      child.stdout.on('data', check);
      check();
    });

  beforeAll(async () => {
    process.env.REDIS_URL ||= 'redis://127.0.0.1:6379';
    s1 = await startTestServer({ pluginDirs: [PROBE_PLUGINS], env: { REDIS_URL: process.env.REDIS_URL } });
    t = await makeTenant(s1.k, s1.url);
    other = await makeTenant(s1.k, s1.url);
    const port = await freePort();
    child = spawn(path.join(PATHS.root, 'node_modules', '.bin', 'tsx'), [path.join(__dirname, 'testing', 'serve.ts')], {
      cwd: PATHS.root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        DATABASE_URL: s1.databaseUrl!,
        REDIS_URL: process.env.REDIS_URL,
        LCI_DATA_DIR: dataDir2,
        LCI_SEED_DEMO: 'false',
        LCI_LOG_LEVEL: 'warn',
        LCI_JOBS: 'false',
        // One deployment behind one address: tokens name it as issuer and audience.
        LCI_BASE_URL: s1.url,
        LCI_TEST_PLUGIN_DIRS: PROBE_PLUGINS,
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
    await waitOut(/READY (\S+)/);
    url2 = `http://localhost:${port}`;
  }, 180000);

  afterAll(async () => {
    await Promise.all(sockets.splice(0).map((x) => x.close()));
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.stdin.end();
      child.kill('SIGTERM');
      await exited;
    }
    await s1?.stop();
    fs.rmSync(dataDir2, { recursive: true, force: true });
  });

  it('delivers a message published in process 1 to a socket connected to process 2', async () => {
    const on2 = await ready(url2, t.token);
    const on1 = await ready(s1.url, t.token);
    const bystander = await ready(url2, other.token);
    expect(s1.k.realtime.sockets()).toEqual([
      { tenantId: t.tenantId, userId: t.userId, connectedAt: expect.any(String) },
    ]);

    await s1.k.realtime.serverMessage(`tenant:${t.tenantId}`, {
      msg_type: 'download_pending',
      msg: 'Preparing your export',
    });
    expect(await on2.next((m) => m.msg_type === 'download_pending')).toEqual({
      msg_type: 'download_pending',
      msg: 'Preparing your export',
      display_type: null,
      download_url: null,
    });
    await on1.next((m) => m.msg_type === 'download_pending');
    await s1.k.realtime.storeUpdate(`user:${t.userId}`, 'stackList', { stacks: ['a'] });
    expect(await on2.next((m) => m.store_target === 'stackList')).toEqual({
      store_target: 'stackList',
      data: { stacks: ['a'] },
    });
    expect(bystander.messages.filter((m) => m.msg_type || m.store_target)).toEqual([]);
  });

  it('delivers a message published in process 2 to a socket connected to process 1, and apiinvoke works on both', async () => {
    const on1 = await ready(s1.url, t.token);
    child.stdin.write(
      `${JSON.stringify({ room: `tenant:${t.tenantId}`, message: { msg_type: 'migration', msg: 'From process two' } })}\n`,
    );
    expect(await on1.next((m) => m.msg_type === 'migration')).toEqual({
      msg_type: 'migration',
      msg: 'From process two',
    });

    const on2 = await ready(url2, t.token);
    const r = await on2.invoke('rtProbeNotes');
    expect(r).toMatchObject({ ok: true, data: { tenantId: t.tenantId, notes: [] } });
  });
});
