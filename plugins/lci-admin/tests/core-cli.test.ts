/**
 * `lci admin maintenance|audit|impersonate` as a child process (the real CLI) against a sandbox database.
 */
import { cliSandbox, type CliSandbox } from '../../../tests/sdk';

jest.setTimeout(300_000);

let sb: CliSandbox;
beforeAll(async () => {
  sb = await cliSandbox();
  // The sandbox database: migrated, with an internal admin allowed to impersonate and a tenant (the demo seed).
  await sb.ok(['db', 'seed'], { env: { LCI_DEMO_PASSWORD: 'Demo#Lifecycle2024' } });
});
afterAll(async () => {
  await sb?.cleanup();
});

test('maintenance on, status, off (JSON and text), each change audited', async () => {
  const on = await sb.json(['admin', 'maintenance', 'on', '--message', 'Upgrade until 22:00 UTC']);
  expect(on.maintenance).toMatchObject({ on: true, message: 'Upgrade until 22:00 UTC', since: expect.any(String) });
  expect(await sb.ok(['admin', 'maintenance', 'status'])).toMatch(
    /^Maintenance mode is ON since .*: Upgrade until 22:00 UTC/,
  );
  expect((await sb.json(['admin', 'maintenance', 'status'])).maintenance.on).toBe(true);
  expect(await sb.ok(['admin', 'maintenance', 'off'])).toMatch(/Maintenance mode is OFF/);
  expect((await sb.json(['admin', 'maintenance', 'status'])).maintenance).toEqual({ on: false, message: '' });

  const audit = await sb.json(['admin', 'audit', '--action', 'maintenance', '--since', '2020-01-01']);
  expect(audit.map((e: any) => e.action)).toEqual(['maintenance.off', 'maintenance.on']);
  expect(audit[1].details).toMatchObject({ via: 'cli', message: 'Upgrade until 22:00 UTC' });
});

test('audit filters by tenant and rejects a bad date', async () => {
  const all = await sb.json(['admin', 'audit', '--tenant', '1', '--since', '2020-01-01']);
  expect(all.every((e: any) => e.tenantId === 1)).toBe(true);
  const bad = await sb.run(['admin', 'audit', '--since', 'last-week']);
  expect(bad.code).not.toBe(0);
  expect(bad.stderr).toMatch(/--since.*YYYY-MM-DD/);
  expect(await sb.json(['admin', 'audit', '--since', '2999-01-01'])).toEqual([]);
});

test('impersonate prints a short-lived token for an admin with allowImpersonationFlag, refuses others', async () => {
  const ok = await sb.json([
    'admin',
    'impersonate',
    '--tenant',
    '1',
    '--as',
    'support@lifecycle.example',
    '--minutes',
    '5',
  ]);
  expect(ok).toMatchObject({ tokenType: 'Bearer', tenantId: 1, expiresIn: 300 });
  const payload = JSON.parse(Buffer.from(ok.accessToken.split('.')[1], 'base64url').toString());
  expect(payload.exp - payload.iat).toBe(300);
  const plain = await sb.ok([
    'admin',
    'impersonate',
    '--tenant',
    '1',
    '--as',
    'support@lifecycle.example',
    '--minutes',
    '1',
  ]);
  expect(plain.trim().split('.')).toHaveLength(3);

  const audit = await sb.json(['admin', 'audit', '--tenant', '1', '--action', 'impersonation.start']);
  expect(audit[0]).toMatchObject({
    actor: 'support@lifecycle.example',
    impersonator: 'support@lifecycle.example',
    details: { via: 'cli', token: true },
  });

  const refused = await sb.run(['admin', 'impersonate', '--tenant', '1', '--as', 'admin@demo-msp.example']);
  expect(refused.code).not.toBe(0);
  expect(refused.stderr).toMatch(/not an internal \(LCI\) admin/);
  const tooLong = await sb.run([
    'admin',
    'impersonate',
    '--tenant',
    '1',
    '--as',
    'support@lifecycle.example',
    '--minutes',
    '600',
  ]);
  expect(tooLong.code).not.toBe(0);
  expect(tooLong.stderr).toMatch(/--minutes/);
});
