/**
 * `lci` beside a running server on the embedded database, in real Chromium (issue 13 part 10): with the server
 * serving a data folder, `lci admin maintenance on` run as its own process (the real executable, same
 * LCI_DATA_DIR) sends the signed-in user to /maintenance without any navigation, and `off` takes them back to their page, signed in.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { PATHS } from '../../kernel/paths';
import { startTestServer, type TestServer } from '../helpers/server';
import { makeTenant, TEST_PASSWORD } from '../helpers/tenants';
import { makeCompany } from '../helpers/factories';
import { signInToShell } from './session';

const ROOT = PATHS.root;
let s: TestServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  s = await startTestServer({ engine: 'pglite', workspace: true, jobs: false });
});
test.afterAll(async () => {
  await s?.stop();
});

function lci(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', LCI_DATA_DIR: s.dataDir };
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(ROOT, 'bin', 'lci.mjs'), ...args],
      { cwd: ROOT, env, timeout: 120_000 },
      (err, stdout, stderr) => {
        resolve({
          code: err ? Number((err as { code?: unknown }).code) || 1 : 0,
          stdout: String(stdout),
          stderr: String(stderr),
        });
      },
    );
  });
}

test('lci admin maintenance on sends a signed-in browser to /maintenance; off lets it go', async ({ page }) => {
  test.setTimeout(150_000);
  const t = await makeTenant(s.k, s.url, {
    tenantAdmin: false,
    pages: [
      { url: '/dashboard', access_level: 'Read/Write' },
      { url: '/datamanagercompanies', access_level: 'Read/Write' },
    ],
  });
  await makeCompany(t); // a tenant without companies is sent to /noCompanies
  await signInToShell(page, t.email, TEST_PASSWORD, s.url);
  await page.goto(`${s.url}/dashboard`);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Realtime Connected')).toBeVisible({ timeout: 30_000 });

  const on = await lci(['admin', 'maintenance', 'on', '--message', 'Disk swap until 23:00 UTC']);
  expect(on.stderr).toBe('');
  expect(on.stdout).toMatch(/^Maintenance mode is ON/);
  await expect(page).toHaveURL(/\/maintenance$/, { timeout: 10_000 });
  await expect(page.getByText('Disk swap until 23:00 UTC')).toBeVisible();

  const off = await lci(['admin', 'maintenance', 'off']);
  expect(off.code).toBe(0);
  // Back on the page the user was on, still signed in (not the sign-in page).
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
});
