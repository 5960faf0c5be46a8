/**
 * The plugins' guard steps together (billing 13-15, companies 16) through the shell's runGuard: whatever a new
 * tenant lacks, the redirects end on a page the user can act on (no loop between /subscription and /noCompanies).
 * A cross-cutting suite: it imports two plugins' workspace sides, which plugins may not do of each other.
 * The SDK is replaced by the pure guard module it re-exports from (the SDK itself pulls the browser runtime).
 */
jest.mock('../workspace/sdk', () => ({
  ...jest.requireActual('../workspace/guard'),
  defineWorkspacePlugin: (p: unknown) => p,
  provide: (point: unknown, value: unknown) => ({ point, value }),
  // Routes and nav icons are not what this suite checks.
  pageRoutes: () => [],
  pageNavIcons: () => ({}),
}));

import { noTenantStep, runGuard, type GuardInput } from '../workspace/guard';
import companiesPlugin from '../plugins/companies/workspace/index';
import { subscriptionGuardSteps } from '../plugins/billing/workspace/guard-steps';
import { data, input, NO_SUB, NOT_ACTIVE, row, session } from '../plugins/billing/workspace/guard-fixtures';
import type { SubscriptionGuardData } from '../plugins/billing/workspace/subscription-state';

const STEPS = [noTenantStep, ...subscriptionGuardSteps];

describe('with the companies step (16): the redirects end', () => {
  /** Follows redirects as the shell does (at most 12 hops); returns the page the user lands on. */
  function land(path: string, d: SubscriptionGuardData, over: Partial<GuardInput>): string {
    const steps = [...STEPS, ...(companiesPlugin.guardSteps ?? [])];
    let at = path;
    for (let hop = 0; hop < 12; hop++) {
      const r = runGuard(
        input(at.split('?')[0], d, { search: at.includes('?') ? at.slice(at.indexOf('?')) : '', ...over }),
        steps,
      );
      if (r.action !== 'redirect') return at;
      at = r.to!;
    }
    throw new Error(`redirect loop from ${path}`);
  }

  test('a new tenant (no companies, no subscription): the admin lands on /subscription, others on the violation', () => {
    expect(land('/dashboard', data([]), { companies: [], session: session({ isTenantAdmin: true }) })).toBe(
      '/subscription',
    );
    expect(land('/dashboard', data([]), { companies: [] })).toBe(NO_SUB);
  });

  test('a subscribed tenant without companies goes to /noCompanies; /subscription stays open', () => {
    expect(land('/dashboard', data([row()]), { companies: [] })).toBe('/noCompanies');
    expect(land('/subscription', data([row()]), { companies: [] })).toBe('/subscription');
    expect(land('/dashboard', data([row({ subscription_status: 'canceled' })]), { companies: [] })).toBe(NOT_ACTIVE);
  });
});
