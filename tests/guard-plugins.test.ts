/**
 * The plugins' guard steps together (billing 13-15, companies 16) through the shell's runGuard: whatever a new
 * tenant lacks, the redirects end on a page the user can act on (no loop between /subscription and /noCompanies).
 * A cross-cutting suite: it imports two plugins' workspace sides, which plugins may not do of each other.
 * The SDK is replaced by the pure guard module it re-exports from (the SDK itself pulls the browser runtime).
 */
jest.mock('../workspace/sdk', () => ({ ...jest.requireActual('../workspace/guard'), defineWorkspacePlugin: (p: unknown) => p }));

import { noTenantStep, runGuard, type GuardInput } from '../workspace/guard';
import companiesPlugin from '../plugins/companies/workspace/index';
import type { Session } from '../workspace/types';
import type { SubscriptionRow } from '../plugins/billing/shared/types';
import { subscriptionGuardSteps } from '../plugins/billing/workspace/guard-steps';
import { SUBSCRIPTIONS_KEY, type SubscriptionGuardData } from '../plugins/billing/workspace/subscription-state';

const STEPS = [noTenantStep, ...subscriptionGuardSteps];

function session(user: Partial<Session['user']> = {}, over: Partial<Session> = {}): Session {
  return {
    user: { isLciAdmin: false, isTenantAdmin: false, ...user } as Session['user'],
    tenant: { tenantId: 5, name: 'MSP', currency: 'USD', dateFormat: 'yyyy-mm-dd', regionCode: 'ue1' },
    tacAcceptance: true, userAccessPages: [{ url: '/dashboard', access_level: 'Read/Write' }], inMaintenance: false, maintenanceMessage: '',
    modules: ['Core'], flags: {}, impersonation: null, plugins: ['billing'], ...over,
  };
}

function row(over: Partial<SubscriptionRow> = {}): SubscriptionRow {
  return {
    stripe_subscription_id: 'sub_1', stripe_plan_id: 'plan_basic_usd_month', subscription_status: 'active', module_moniker: 'Core',
    product_name: 'Basic', plan_name: 'Basic monthly', plan_interval: 'month', current_start_date: '2024-12-01', current_end_date: '2025-01-01',
    original_start_date: '2024-12-01', limit_max_companies: 5, module_active_companies: 3, affiliate_code: null, ...over,
  };
}

function data(rows: SubscriptionRow[], over: Partial<SubscriptionGuardData> = {}): SubscriptionGuardData {
  return { subscriptions: rows, status_by_module: {}, overall_status: 'active', complimentary_modules: [], provider: 'embedded', has_customer: true, recoveryUrl: null, ...over };
}

function input(path: string, d: SubscriptionGuardData | undefined, over: Partial<GuardInput> = {}): GuardInput {
  return {
    path, from: '/dashboard', route: { title: 't', page: false }, signedIn: true, session: session(), invalidLogin: false, inMaintenance: false,
    dirty: false, firstAccessiblePath: '/dashboard', companies: null, extra: d === undefined ? {} : { [SUBSCRIPTIONS_KEY]: d }, ...over,
  };
}

const NO_SUB = '/subscriptionViolation?violationType=noSubscription';
const NOT_ACTIVE = '/subscriptionViolation?violationType=statusNotActive';

describe('with the companies step (16): the redirects end', () => {
  /** Follows redirects as the shell does (at most 12 hops); returns the page the user lands on. */
  function land(path: string, d: SubscriptionGuardData, over: Partial<GuardInput>): string {
    const steps = [...STEPS, ...(companiesPlugin.guardSteps ?? [])];
    let at = path;
    for (let hop = 0; hop < 12; hop++) {
      const r = runGuard(input(at.split('?')[0], d, { search: at.includes('?') ? at.slice(at.indexOf('?')) : '', ...over }), steps);
      if (r.action !== 'redirect') return at;
      at = r.to!;
    }
    throw new Error(`redirect loop from ${path}`);
  }

  test('a new tenant (no companies, no subscription): the admin lands on /subscription, others on the violation', () => {
    expect(land('/dashboard', data([]), { companies: [], session: session({ isTenantAdmin: true }) })).toBe('/subscription');
    expect(land('/dashboard', data([]), { companies: [] })).toBe(NO_SUB);
  });

  test('a subscribed tenant without companies goes to /noCompanies; /subscription stays open', () => {
    expect(land('/dashboard', data([row()]), { companies: [] })).toBe('/noCompanies');
    expect(land('/subscription', data([row()]), { companies: [] })).toBe('/subscription');
    expect(land('/dashboard', data([row({ subscription_status: 'canceled' })]), { companies: [] })).toBe(NOT_ACTIVE);
  });
});
