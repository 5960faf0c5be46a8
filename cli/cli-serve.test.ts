/**
 * `lci serve` as a child process: first start seeds and prints the credentials once; SIGTERM stops it cleanly. Without
 * LCI_SECRET the first start makes the secret in the data directory (mode 0600) and the second reuses it; without
 * HOST it listens on 127.0.0.1 and says so.
 */
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../tests/helpers/server';
import { cliSandbox, type CliSandbox } from './test-support';

jest.setTimeout(300_000);

let cli: CliSandbox;
beforeAll(async () => {
  cli = await cliSandbox();
});
afterAll(async () => {
  await cli?.cleanup();
});

async function serveOnce(env: Record<string, string>) {
  const port = await freePort();
  const s = cli.spawn(['serve', '--port', String(port)], {
    env: { LCI_LOG_LEVEL: 'warn', LCI_BASE_URL: `http://localhost:${port}`, ...env },
  });
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (s.child.exitCode !== null) throw new Error(`serve exited ${s.child.exitCode}: ${s.out.stderr.slice(0, 500)}`);
    const ok = await fetch(`http://localhost:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok && s.out.stdout.includes('is serving at')) break;
    if (Date.now() > deadline) throw new Error('serve did not come up');
    await new Promise((r) => setTimeout(r, 500));
  }
  const session = await fetch(`http://localhost:${port}/v3/public/config`, {
    headers: { 'x-api-key': 'lci-public-key' },
  }).then((r) => r.json());
  s.child.kill('SIGTERM');
  const code = await s.exited;
  return { code, stdout: s.out.stdout, stderr: s.out.stderr, port, session };
}

test('serve: seeds an empty database, prints the credentials once, stops on SIGTERM', async () => {
  // As `npm start | tee log` runs it: piped, no LCI_LOG_LEVEL.
  const first = await serveOnce({ LCI_LOG_LEVEL: '' });
  expect(first.code).toBe(0);
  expect(first.session).toMatchObject({ version: '2024.12.10', oidc: { clientId: 'lci-workspace' } });
  expect(first.stdout).toContain(`Demo tenant "Demo MSP" is ready. Sign in at http://localhost:${first.port}`);
  const password = /password:\s+(\S+)\s+\(shown once/.exec(first.stdout)?.[1];
  expect(password).toMatch(/^\S{19}$/);
  expect(first.stdout).toContain(`Lifecycle is serving at http://localhost:${first.port}`);
  // The Node it runs on is named, and it is one oidc-provider supports (no "Unsupported runtime" at start).
  expect(first.stdout).toContain(`Node ${process.version})`);
  expect(first.stdout + first.stderr).not.toContain('Unsupported runtime');
  // The banner comes last, after the start-up lines (a newcomer sees the password).
  expect(first.stdout.indexOf('Demo tenant')).toBeGreaterThan(first.stdout.indexOf('is serving at'));
  // Piped, the log keeps to INFO (JSON lines, no debug), and every start-up line comes before the banner.
  const lines = first.stdout.split('\n');
  const json = lines.map((l, i) => [i, l] as const).filter(([, l]) => l.startsWith('{'));
  expect(json.length).toBeGreaterThan(3);
  expect(json.filter(([, l]) => (JSON.parse(l) as { level: number }).level < 30)).toEqual([]);
  const serving = lines.findIndex((l) => l.startsWith('Lifecycle is serving at'));
  expect(json.filter(([i]) => i > serving)).toEqual([]);
  expect(first.stdout).toMatch(/SIGTERM: stopping\.\.\.\nStopped\./);
  expect(first.stdout).toContain(`Listening on 127.0.0.1:${first.port}: this machine only (HOST=0.0.0.0`);
  const secretFile = path.join(cli.dataDir, 'secret');
  const secret = fs.readFileSync(secretFile, 'utf8');
  expect(secret).toMatch(/^[A-Za-z0-9_-]{43}\n$/);
  expect(fs.statSync(secretFile).mode & 0o777).toBe(0o600);

  const second = await serveOnce({});
  expect(second.code).toBe(0);
  expect(second.stdout).not.toContain('Demo tenant');
  expect(second.stdout).not.toContain(password!);
  expect(second.stdout).toContain('is serving at');
  expect(fs.readFileSync(secretFile, 'utf8')).toBe(secret);
});
