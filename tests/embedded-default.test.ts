/**
 * The default start (npm start, lci serve) without LCI_SECRET and HOST: the server signs with a random secret made in
 * its data directory (mode 0600) instead of a public one, an `lci` command beside it on the same folder uses the same
 * secret, and it listens on 127.0.0.1 only.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../config';
import { startKernel } from '../kernel/boot';
import { startTestServer, type TestServer } from './helpers/server';

let s: TestServer;
beforeAll(async () => {
  // The helper sets neither LCI_SECRET nor HOST, as npm start.
  s = await startTestServer({ plugins: [], jobs: false });
}, 180_000);
afterAll(async () => {
  await s?.stop();
});

test('without LCI_SECRET the server signs with a random secret kept in <dataDir>/secret (mode 0600)', () => {
  const file = path.join(s.dataDir, 'secret');
  const kept = fs.readFileSync(file, 'utf8').trim();
  expect(kept).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(kept).not.toBe('lifecycle-development-secret-change-me');
  if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  expect(s.k.config).toMatchObject({ secret: kept, secretSource: 'data-dir' });
  // Its storage links are signed with it: a link made with the former public secret's scheme does not verify.
  const url = new URL(s.k.storage.signedUrl('public/x.json'));
  expect(
    s.k.storage.verify('public/x.json', Number(url.searchParams.get('expires')), url.searchParams.get('signature')!),
  ).toBe(true);
});

test('an lci command beside the running server, on the same folder, uses the same secret', async () => {
  const c = s.k.config;
  const beside = await startKernel({
    config: loadConfig({
      NODE_ENV: 'test',
      LCI_DATA_DIR: s.dataDir,
      LCI_LOG_LEVEL: 'silent',
      LCI_SEED_DEMO: 'false',
      LCI_BASE_URL: c.baseUrl,
      ...(c.databaseUrl ? { DATABASE_URL: c.databaseUrl } : {}),
      ...(c.databaseSystemUrl ? { DATABASE_SYSTEM_URL: c.databaseSystemUrl } : {}),
    }),
    http: false,
    jobs: false,
    seed: false,
  });
  try {
    expect(beside.k.config.secret).toBe(c.secret);
    // A link the command makes downloads from the server.
    await s.k.storage.put('public/beside.txt', 'hello', 'text/plain');
    const res = await fetch(beside.k.storage.signedUrl('public/beside.txt', 60));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('hello');
  } finally {
    await beside.k.stop();
  }
});

test('it listens on 127.0.0.1 unless HOST says otherwise, and says so', async () => {
  expect(s.k.config.host).toBe('127.0.0.1');
  expect((s.server!.address() as AddressInfo).address).toBe('127.0.0.1');
  expect(s.listening).toEqual({ host: '127.0.0.1', port: (s.server!.address() as AddressInfo).port });
  // From another address of this machine the port is closed.
  const outside = Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
  if (outside) {
    const port = (s.server!.address() as AddressInfo).port;
    const err = await new Promise<string>((resolve) => {
      const sock = net.connect(port, outside);
      sock.once('connect', () => {
        sock.destroy();
        resolve('connected');
      });
      sock.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
    });
    expect(err).toBe('ECONNREFUSED');
  }
});
