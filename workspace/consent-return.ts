/**
 * /{hash} (platform.md 2.1): the return from a consent flow (e.g. an
 * administrator granting an integration access at Microsoft), recognised by
 * its query (error, error_description, tenant) on a one-segment path that no
 * other route claims. Public: it needs no sign-in.
 */
import type { RegisteredRoute } from './registry';

export const CONSENT_RETURN_ROUTE: RegisteredRoute = {
  path: '/:hash',
  title: 'Consent',
  public: true,
  page: false,
  layout: 'bare',
  load: () => import('./screens/ConsentReturn'),
};

export function isConsentReturn(path: string, search: string): boolean {
  if (!/^\/[^/]+\/?$/.test(path)) return false;
  const q = new URLSearchParams(search);
  return q.has('error') || q.has('error_description') || q.has('tenant');
}

export interface ConsentOutcome {
  ok: boolean;
  error: string | null;
  description: string | null;
  tenant: string | null;
}

export function consentOutcome(search: string): ConsentOutcome {
  const q = new URLSearchParams(search);
  const error = q.get('error');
  return { ok: !error, error, description: q.get('error_description'), tenant: q.get('tenant') };
}
