/** Shared steps of the browser walkthroughs: the demo password and signing in through /signIn. */
import { expect, type Page } from '@playwright/test';

/** The password tests/e2e/server.mjs gives the demo users (LCI_DEMO_PASSWORD). */
export const PASSWORD = process.env.E2E_DEMO_PASSWORD ?? 'Demo#Lifecycle2024';

/**
 * Opens the workspace, waits for the provider's interaction on /signIn and submits e-mail and password.
 * base: the origin of a server the test started itself (default: the shared e2e server).
 */
export async function signIn(page: Page, email: string, password: string = PASSWORD, base = ''): Promise<void> {
  await page.goto(`${base}/`);
  await page.waitForURL(/\/signIn\?.*interaction=/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
}

/** Signs in and waits for the signed-in shell (its Sign out button). */
export async function signInToShell(page: Page, email: string, password: string = PASSWORD, base = ''): Promise<void> {
  await signIn(page, email, password, base);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible({ timeout: 30_000 });
}

/**
 * Calls the API from the page with its own sign-in (api key, access token), as another session of the same user
 * would: `{tenantId}` in the path becomes the signed-in tenant. Answers { status, body } (body parsed, null when
 * empty).
 */
export async function pageApi(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const pub =
        document.querySelector('meta[name="lci-public-api-key"]')?.getAttribute('content') ?? 'lci-public-key';
      const cfg = await (await fetch('/v3/public/config', { headers: { 'x-api-key': pub } })).json();
      const token = JSON.parse(localStorage.getItem('lci.tokens') ?? '{}').v.accessToken;
      const h: Record<string, string> = { 'x-api-key': cfg.apiKey, authorization: `Bearer ${token}` };
      if (body !== undefined) h['content-type'] = 'application/json';
      const session = await (await fetch('/v3/manager/session', { headers: h })).json();
      const res = await fetch(path.replace('{tenantId}', String(session.tenant.tenantId)), {
        method,
        headers: h,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    },
    { method, path, body },
  );
}
