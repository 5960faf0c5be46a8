/**
 * Guard steps 13-15 (platform.md 4.7) on the subscription session data, run through the shell's runGuard.
 * The SDK is replaced by the pure guard module it re-exports from (the SDK itself pulls the browser runtime).
 */
jest.mock('../../../workspace/sdk', () => ({
  ...jest.requireActual('../../../workspace/guard'),
  defineWorkspacePlugin: (p: unknown) => p,
}));

import { noTenantStep, runGuard, type GuardInput } from '../../../workspace/sdk';
import type { Company } from '../../../workspace/sdk';
import { maxCompaniesLimitStep, noSubscriptionStep, statusNotActiveStep, subscriptionGuardSteps } from './guard-steps';
import { data, input, MAX, NO_SUB, NOT_ACTIVE, row, session } from './guard-fixtures';
import { SUBSCRIPTIONS_KEY } from './subscription-state';

const STEPS = [noTenantStep, ...subscriptionGuardSteps];

const companies = (active: number, inactive = 0): Company[] => [
  ...Array.from({ length: active }, (_, n) => ({
    tenant_company_id: n + 1,
    name: `A${n}`,
    is_active: true,
    assessment_only_flag: false,
    air_only_flag: false,
  })),
  ...Array.from({ length: inactive }, (_, n) => ({
    tenant_company_id: 100 + n,
    name: `I${n}`,
    is_active: false,
    assessment_only_flag: false,
    air_only_flag: false,
  })),
];

describe('13: no active subscription', () => {
  const none = data([]);

  test('a tenant admin goes to /subscription, another user to the noSubscription violation', () => {
    expect(runGuard(input('/dashboard', none, { session: session({ isTenantAdmin: true }) }), STEPS)).toMatchObject({
      action: 'redirect',
      to: '/subscription',
      step: 13,
    });
    expect(runGuard(input('/dashboard', none), STEPS)).toMatchObject({ action: 'redirect', to: NO_SUB, step: 13 });
  });

  test('a user of another identity provider (admins too) goes to the violation, which says to sign in again', () => {
    for (const idProviderName of ['google', 'ms', 'scalepad'])
      expect(
        runGuard(input('/dashboard', none, { session: session({ isTenantAdmin: true, idProviderName }) }), STEPS),
      ).toMatchObject({ action: 'redirect', to: NO_SUB, step: 13 });
    expect(
      runGuard(
        input('/dashboard', none, { session: session({ isTenantAdmin: true, idProviderName: 'lifecycle' }) }),
        STEPS,
      ),
    ).toMatchObject({ to: '/subscription' });
  });

  test('an open checkout (recovery URL) wins for everyone', () => {
    const d = data([], { recoveryUrl: 'http://localhost:3000/billing/checkout/cs_1' });
    expect(runGuard(input('/dashboard', d, { session: session({ isTenantAdmin: true }) }), STEPS)).toMatchObject({
      action: 'redirect',
      to: 'http://localhost:3000/billing/checkout/cs_1',
      step: 13,
    });
    expect(runGuard(input('/contracts', d), STEPS)).toMatchObject({
      action: 'redirect',
      to: 'http://localhost:3000/billing/checkout/cs_1',
    });
  });

  test('complimentary modules count as a subscription', () => {
    expect(runGuard(input('/dashboard', data([], { complimentary_modules: ['Core'] })), STEPS)).toMatchObject({
      action: 'allow',
    });
  });

  test('the subscription pages, /signOut and the internal areas stay reachable', () => {
    for (const p of ['/subscription', '/subscriptionViolation', '/subscriptionviolation/']) {
      expect(runGuard(input(p, none), STEPS)).toMatchObject({ action: 'allow' });
    }
    // (the guard itself skips plugin steps on /signOut; internal areas are for LCI admins, whom step 9 lets in)
    for (const p of ['/signOut', '/lciadmin/adminsummary', '/lcisupport'])
      expect(noSubscriptionStep.run(input(p, none))).toBeNull();
  });

  test('LCI admins are not redirected', () => {
    expect(runGuard(input('/dashboard', none, { session: session({ isLciAdmin: true }) }), STEPS)).toMatchObject({
      action: 'allow',
    });
  });
});

describe('14: subscription not active', () => {
  test('rows but none active -> statusNotActive', () => {
    for (const status of ['canceled', 'unpaid', 'incomplete_expired']) {
      expect(runGuard(input('/dashboard', data([row({ subscription_status: status })])), STEPS)).toMatchObject({
        action: 'redirect',
        to: NOT_ACTIVE,
        step: 14,
      });
    }
    // Tenant admins too: the violation page offers the payment update.
    expect(
      runGuard(
        input('/dashboard', data([row({ subscription_status: 'canceled' })]), {
          session: session({ isTenantAdmin: true }),
        }),
        STEPS,
      ).to,
    ).toBe(NOT_ACTIVE);
  });

  test('active, trialing and past_due count as active; one active row is enough', () => {
    for (const status of ['active', 'trialing', 'past_due']) {
      expect(runGuard(input('/dashboard', data([row({ subscription_status: status })])), STEPS)).toMatchObject({
        action: 'allow',
      });
    }
    expect(
      runGuard(
        input('/dashboard', data([row({ subscription_status: 'canceled' }), row({ stripe_subscription_id: 'sub_2' })])),
        STEPS,
      ).action,
    ).toBe('allow');
  });

  test('reachable pages and LCI admins', () => {
    const d = data([row({ subscription_status: 'canceled' })]);
    expect(runGuard(input('/subscription', d), STEPS).action).toBe('allow');
    expect(runGuard(input('/subscriptionViolation', d), STEPS).action).toBe('allow');
    expect(runGuard(input('/dashboard', d, { session: session({ isLciAdmin: true }) }), STEPS).action).toBe('allow');
    expect(statusNotActiveStep.run(input('/signOut', d))).toBeNull();
  });
});

describe('15: active companies above the plan maximum', () => {
  const basic = data([row({ limit_max_companies: 5, module_active_companies: 5 })]);

  test('a sixth active company on Basic (5) -> maxCompanies; five or fewer is fine', () => {
    expect(runGuard(input('/dashboard', basic, { companies: companies(6) }), STEPS)).toMatchObject({
      action: 'redirect',
      to: MAX,
      step: 15,
    });
    expect(runGuard(input('/dashboard', basic, { companies: companies(5, 3) }), STEPS)).toMatchObject({
      action: 'allow',
    });
  });

  test('without the live company list the server count decides', () => {
    expect(
      runGuard(input('/dashboard', data([row({ limit_max_companies: 5, module_active_companies: 6 })])), STEPS).to,
    ).toBe(MAX);
    expect(runGuard(input('/dashboard', basic), STEPS).action).toBe('allow');
  });

  test('limit 0 is unlimited; the largest active Core limit counts; other modules and inactive rows do not', () => {
    expect(
      runGuard(input('/dashboard', data([row({ limit_max_companies: 0 })]), { companies: companies(500) }), STEPS)
        .action,
    ).toBe('allow');
    const upgraded = data([
      row({ limit_max_companies: 5 }),
      row({ stripe_plan_id: 'plan_professional_usd_month', limit_max_companies: 25 }),
    ]);
    expect(runGuard(input('/dashboard', upgraded, { companies: companies(20) }), STEPS).action).toBe('allow');
    const csOnly = data([
      row({ limit_max_companies: 50 }),
      row({ module_moniker: 'Customer Success', stripe_plan_id: 'plan_cs_basic_usd_month', limit_max_companies: 5 }),
    ]);
    expect(runGuard(input('/dashboard', csOnly, { companies: companies(20) }), STEPS).action).toBe('allow');
    const oldCanceled = data([
      row({ subscription_status: 'canceled', limit_max_companies: 5 }),
      row({ limit_max_companies: 25 }),
    ]);
    expect(runGuard(input('/dashboard', oldCanceled, { companies: companies(20) }), STEPS).action).toBe('allow');
  });

  test('the exempt pages of 4.7 and the subscription pages stay reachable', () => {
    for (const p of [
      '/support',
      '/subscriptionViolation',
      '/accountsettings',
      '/integrations',
      '/connectwise',
      '/itglue',
      '/profile',
      '/datamanager',
      '/datamanagercompanies',
      '/subscription',
    ]) {
      expect(runGuard(input(p, basic, { companies: companies(6) }), STEPS)).toMatchObject({ action: 'allow' });
    }
    expect(maxCompaniesLimitStep.run(input('/lcisupport', basic, { companies: companies(6) }))).toBeNull();
    expect(runGuard(input('/contracts', basic, { companies: companies(6) }), STEPS).to).toBe(MAX);
  });

  test('complimentary access (module grants) has no company limit, as in the API write guard', () => {
    expect(
      runGuard(
        input('/dashboard', data([row({ limit_max_companies: 5 })], { complimentary_modules: ['Core'] }), {
          companies: companies(9),
        }),
        STEPS,
      ).action,
    ).toBe('allow');
  });

  test('LCI admins are not redirected', () => {
    expect(
      maxCompaniesLimitStep.run(
        input('/dashboard', basic, { companies: companies(9), session: session({ isLciAdmin: true }) }),
      ),
    ).toBeNull();
  });
});

describe('no data, no decision', () => {
  test('billing off or the request failed (key absent), or a malformed value', () => {
    for (const extra of [{}, { [SUBSCRIPTIONS_KEY]: null }, { [SUBSCRIPTIONS_KEY]: { error: 'x' } }]) {
      expect(runGuard(input('/dashboard', undefined, { extra, companies: companies(50) }), STEPS)).toMatchObject({
        action: 'allow',
      });
    }
    expect(runGuard(input('/dashboard', undefined, { extra: undefined }), STEPS)).toMatchObject({ action: 'allow' });
  });

  test('a user without a tenant is step 12, not a subscription step', () => {
    const r = runGuard(input('/dashboard', data([]), { session: session({}, { tenant: null }) }), STEPS);
    expect(r).toMatchObject({
      action: 'redirect',
      to: '/subscriptionViolation?violationType=userHasNoTenant',
      step: 12,
    });
  });

  test('the steps run in order: no subscription (13) before the company limit (15)', () => {
    expect(subscriptionGuardSteps.map((s) => s.step)).toEqual([13, 14, 15]);
  });
});
