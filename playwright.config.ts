/**
 * Playwright drives Debian's Chromium (/usr/bin/chromium; never a downloaded
 * browser) against the real server, started by tests/e2e/server.mjs with the
 * CLI `serve` on a fresh data folder, the demo data and a known demo password.
 */
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_CHROMIUM } from './tests/e2e/chromium';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3197);
export const E2E_DEMO_PASSWORD = process.env.E2E_DEMO_PASSWORD ?? 'Demo#Lifecycle2024';
/** The shared server's data folder (one per port): `lci` runs beside the server on it (tests/e2e/shared-server.ts). */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `lci-e2e-${E2E_PORT}`);
/**
 * The shared server's PostgreSQL database when E2E_DATABASE_URL names a server (CI: scripts/test.mjs sets it, so the
 * walkthroughs run on the production engine while jest covers both); unset: the embedded database in E2E_DATA_DIR.
 */
export const E2E_SERVER_DATABASE_URL = (() => {
  if (!process.env.E2E_DATABASE_URL) return undefined;
  const url = new URL(process.env.E2E_DATABASE_URL);
  url.pathname = `/lci_e2e_${E2E_PORT}`;
  return url.href;
})();

export default defineConfig({
  testDir: '.',
  testMatch: ['tests/e2e/**/*.e2e.ts', 'plugins/*/tests/**/*.e2e.ts'],
  globalSetup: './tests/e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  outputDir: 'test-results',
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    headless: true,
    // As a user with the system's reduced motion setting: the workspace ends its transitions at once (styles.css).
    reducedMotion: 'reduce',
    // Recording a trace of every test (to keep the failures') cost ~40% of the browser's CPU; a failure still leaves
    // its screenshot and error-context.md (the page's snapshot). E2E_TRACE=retain-on-failure (or on) records them.
    trace: (process.env.E2E_TRACE as 'off' | 'on' | 'retain-on-failure' | undefined) ?? 'off',
    screenshot: 'only-on-failure',
    launchOptions: E2E_CHROMIUM,
  },
  webServer: {
    command: 'node tests/e2e/server.mjs',
    url: `http://localhost:${E2E_PORT}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      E2E_PORT: String(E2E_PORT),
      E2E_DEMO_PASSWORD,
      E2E_DATA_DIR,
      ...(process.env.E2E_DATABASE_URL ? { E2E_DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
  },
});
