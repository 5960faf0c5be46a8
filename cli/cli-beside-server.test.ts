/**
 * `lci` beside a running server on the embedded database (issue 13 part 10): the server holds LCI_DATA_DIR and
 * offers its database; commands use it (never a second PGlite on the same files) and their changes reach the
 * server's users as the same change made in the workspace does. A second server refuses the folder.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOCK_FILE, type LockRecord } from '../kernel/db/embedded';
import { DataDirLock } from '../kernel/db/embedded/lock';
import { openSocket } from '../kernel/realtime/testing/client';
import { freePort, startTestServer, type TestServer } from '../tests/helpers/server';
import { makeTenant } from '../tests/helpers/tenants';
import { runInProcess } from './in-process';

jest.setTimeout(240_000);

const ROOT = path.resolve(__dirname, '..');
let s: TestServer;
let env: Record<string, string>;

beforeAll(async () => {
  s = await startTestServer({ engine: 'pglite', jobs: false });
  env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'test',
    LCI_DATA_DIR: s.dataDir,
    LCI_ROOT: ROOT,
  };
});
afterAll(async () => {
  await s?.stop();
});

const lci = (args: string[]) => runInProcess(args, env);
function child(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(ROOT, 'bin', 'lci.mjs'), ...args],
      { cwd: ROOT, env, timeout: 180_000 },
      (err, stdout, stderr) => {
        resolve({
          code: err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : 1) : 0,
          stdout: String(stdout),
          stderr: String(stderr),
        });
      },
    );
  });
}
const lock = (): LockRecord => JSON.parse(fs.readFileSync(path.join(s.dataDir, LOCK_FILE), 'utf8')) as LockRecord;

test('the server holds the data directory: its lock (mode 0600) names it; a second lci serve and db reset refuse', async () => {
  const port = Number(new URL(s.url).port);
  expect(lock()).toMatchObject({
    pid: process.pid,
    command: 'lci serve',
    http: { port },
    offers: { db: { host: '127.0.0.1' }, bus: { host: '127.0.0.1' } },
  });
  expect(fs.statSync(path.join(s.dataDir, LOCK_FILE)).mode & 0o777).toBe(0o600);

  const second = await child(['serve', '--port', String(await freePort())]);
  expect(second.code).toBe(1);
  expect(second.stderr.trim()).toMatch(
    new RegExp(
      `^error: the embedded database in ${s.dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is in use by a running server \\(lci serve, pid ${process.pid}, http port ${port}\\) since \\S+; stop it first`,
    ),
  );

  const reset = await lci(['db', 'reset', '--yes']);
  expect(reset.code).toBe(1);
  expect(reset.stderr).toMatch(/in use by a running server .*; stop it before resetting/);
  expect(fs.existsSync(path.join(s.dataDir, 'pg'))).toBe(true);
  // The server still works on its files.
  expect((await fetch(`${s.url}/readyz`)).status).toBe(200);
});

test('lci admin maintenance on/off reaches a signed-in socket at once, and the server refuses writes meanwhile', async () => {
  const user = await makeTenant(s.k, s.url, { tenantAdmin: true });
  const sock = openSocket(s.url, user.token);
  await sock.ready;
  try {
    const on = await lci(['admin', 'maintenance', 'on', '--message', 'Upgrade until 22:00']);
    expect(on).toMatchObject({ code: 0, stderr: '' });
    expect(on.stdout).toMatch(/^Maintenance mode is ON since \S+: Upgrade until 22:00/);
    // The server's own users: the message that sends the browser to /maintenance (the server's watcher polls every 2 s; this is sooner).
    const msg = await sock.next((m) => m.msg_type === 'maintenance', 1500);
    expect(msg).toMatchObject({ msg_type: 'maintenance', on: true, msg: 'Upgrade until 22:00' });
    // The server reads the same database: a write answers 503.
    await new Promise((r) => setTimeout(r, 2100)); // the kernel's maintenance cache lives 2 s
    const write = await user.api('POST', `/v3/tenantadmin/${user.tenantId}/securitygroups`, {
      name: 'During maintenance',
      included_modules: ['Core'],
      pages: [],
    });
    expect(write.status).toBe(503);

    const off = await lci(['admin', 'maintenance', 'off']);
    expect(off.code).toBe(0);
    expect(await sock.next((m) => m.msg_type === 'maintenance' && m.on === false, 1500)).toMatchObject({ on: false });
    await new Promise((r) => setTimeout(r, 2100));
    expect(
      (
        await user.api('POST', `/v3/tenantadmin/${user.tenantId}/securitygroups`, {
          name: 'After maintenance',
          included_modules: ['Core'],
          pages: [],
        })
      ).status,
    ).toBe(200);
  } finally {
    await sock.close();
  }
});

test('lci db migrate on a running system: its users see the migration banner while it runs, and it goes when it ends', async () => {
  const user = await makeTenant(s.k, s.url);
  const sock = openSocket(s.url, user.token);
  try {
    await sock.ready;
    // Nothing pending: nothing to say.
    expect((await lci(['db', 'migrate'])).stdout).toMatch(/Nothing to migrate/);
    // A plugin the server has not migrated yet (the test probe plugin): its migration is pending.
    const run = await runInProcess(['db', 'migrate'], env, { pluginDirs: [path.join(ROOT, 'tests', 'plugins')] });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Applied 1 migration\(s\)/);
    expect(await sock.next((m) => m.msg_type === 'migration' && m.on === true, 3000)).toMatchObject({
      msg: 'Your data is being migrated; some pages may be slow or read-only until it ends.',
    });
    expect(await sock.next((m) => m.msg_type === 'migration' && m.on === false, 3000)).toMatchObject({
      msg: 'The data migration is finished.',
    });
  } finally {
    await sock.close();
  }
});

test("lci user create finds a group just made in the workspace; a flag set by lci is the server's; lci user disable ends the session on the server at once", async () => {
  const admin = await makeTenant(s.k, s.url, {
    tenantAdmin: true,
    pages: [{ url: '/securitygroups', access_level: 'Read/Write' }],
  });
  const made = await admin.api('POST', `/v3/tenantadmin/${admin.tenantId}/securitygroups`, {
    name: 'Night Shift',
    included_modules: ['Core'],
    pages: [],
  });
  expect(made.status).toBe(200);

  const email = `night-${Date.now()}@example.com`;
  const created = await lci([
    'user',
    'create',
    email,
    '--tenant',
    String(admin.tenantId),
    '--security-group',
    'Night Shift',
    '--first-name',
    'Nia',
    '--last-name',
    'Night',
  ]);
  expect(created.stderr).toBe('');
  expect(created.code).toBe(0);
  const row = await s.k.db.withSystem((trx) =>
    trx('users as u')
      .join('tenant_users as tu', 'tu.user_id', 'u.user_id')
      .join('security_groups as g', 'g.security_group_id', 'tu.security_group_id')
      .where('u.username', email)
      .first('g.name'),
  );
  expect(row).toEqual({ name: 'Night Shift' });

  // A flag switched by lci is the server's value at once.
  expect((await lci(['flags', 'set', 'user-manager-changes', 'on', '--tenant', String(admin.tenantId)])).code).toBe(0);
  const flags = await admin.api('GET', `/v3/tenant/${admin.tenantId}/flags`);
  expect(flags.status).toBe(200);
  expect(JSON.stringify(flags.body)).toContain('"user-manager-changes":true');

  // A signed-in user disabled by lci: the server refuses their token (its caller cache is told through its bus).
  expect((await admin.api('GET', `/v3/tenantadmin/${admin.tenantId}/securitygroups`)).status).toBe(200);
  const disabled = await lci(['user', 'disable', admin.email]);
  expect(disabled.code).toBe(0);
  expect((await admin.api('GET', `/v3/tenantadmin/${admin.tenantId}/securitygroups`)).status).toBe(401);
});

test("an lci child process uses the running server's database (a tenant made through the server is listed)", async () => {
  const t = await makeTenant(s.k, s.url, {});
  const listed = await child(['tenant', 'list', '--json']);
  expect(listed.stderr).toBe('');
  expect(listed.code).toBe(0);
  expect((JSON.parse(listed.stdout) as { tenant_id: number }[]).map((r) => r.tenant_id)).toContain(t.tenantId);
  // The server is still the only holder.
  expect(lock().pid).toBe(process.pid);
});

test('the job queue too: a command asks the server to open its queue and uses it (not the files); it lists a job the server queued', async () => {
  // The server opens its queue on first use: not yet.
  expect(lock().offers?.jobs).toBeUndefined();
  expect(fs.existsSync(path.join(s.dataDir, 'jobs'))).toBe(false);
  const first = await lci(['admin', 'jobs', '--json']);
  expect(first.stderr).toBe('');
  expect(first.code).toBe(0);
  expect(lock().offers?.jobs).toMatchObject({ host: '127.0.0.1' });
  const queues = await s.k.jobs.stats();
  const id = await s.k.jobs.send(queues[0].queue, {}, { startAfterSeconds: 3600 });
  const listed = await lci(['admin', 'jobs', '--state', 'created', '--json']);
  expect(listed.stderr).toBe('');
  expect(listed.code).toBe(0);
  expect((JSON.parse(listed.stdout) as { jobs: { id: string }[] }).jobs.map((j) => j.id)).toContain(id);
});

test('lci refuses, naming the holder, when the holder offers nothing it can use; the files are not opened', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lci-held-'));
  try {
    // Another command holds the folder (it offers nothing).
    const held = DataDirLock.acquire(dir, 'lci db seed');
    const busy = await runInProcess(['tenant', 'list'], { ...env, LCI_DATA_DIR: dir });
    expect(busy.code).toBe(1);
    expect(busy.stderr.trim()).toMatch(
      new RegExp(
        `^error: the embedded database in \\S+ is in use by lci db seed \\(pid ${process.pid}\\) since \\S+; it does not offer its database to other processes: wait for it to finish`,
      ),
    );
    // A server whose offer does not answer (hung, or stopping).
    held.update({ http: { port: 1 }, token: 'x', offers: { db: { host: '127.0.0.1', port: await freePort() } } });
    const silent = await runInProcess(['tenant', 'list'], { ...env, LCI_DATA_DIR: dir });
    expect(silent.code).toBe(1);
    expect(silent.stderr).toMatch(
      /in use by a running server \(lci db seed, pid \d+, http port 1\).*did not answer .*the files were not opened/,
    );
    held.release();
    expect(fs.readdirSync(dir)).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
