/**
 * The test SDK: the one module plugin tests import from tests/ (jest suites and Playwright specs).
 *
 * - Servers: `startTestServer(opts)` starts the real server on an ephemeral port on a copy of the run's migrated
 *   template database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set); `startE2EKernel()` for Playwright.
 * - Scoped servers: `startTestServer({ plugins: [id] })` loads only that plugin and its dependencies (faster start);
 *   `plugins: []` the kernel alone.
 * - Records: `makeCompany`, `makeContact`, `makeAsset`, `makeUser` (a user in a group with given page access).
 * - Tenants and sign-in: `makeTenant(k, opts)` (tenant, security group, admin user, access token), `apiCall`,
 *   `signInThroughProvider` (authorization code + PKCE through the real identity service), `signInToShell(page)`.
 * - CLI: `cliSandbox()` runs `lci` commands in-process (or as the executable) against a sandbox database.
 * - Realtime: `openSocket(url, token)` a test socket client.
 * - Stand-ins: `startStripeStandIn()` speaks Stripe's REST protocol on loopback.
 * - Config and demo data: `loadConfig`, `describeConfig`, `ConfigError`; the demo tenant and its users (`DEMO_ADMIN`, ...).
 */
export * from './helpers/server';
export * from './helpers/tenants';
export * from './helpers/factories';
export * from './helpers/auth';
export * from './helpers/plugins';
export * from './helpers/stripe-standin';
export * from './e2e/session';
export * from './e2e/chromium';
export * from './e2e/kernel-server';
export * from '../cli/test-support';
export * from '../kernel/realtime/testing/client';
export { ConfigError, describeConfig, loadConfig } from '../config';
export { DEMO_ACCOUNT_MANAGER, DEMO_ADMIN, DEMO_MFA_USER, DEMO_TENANT } from '../fixtures/demo';
