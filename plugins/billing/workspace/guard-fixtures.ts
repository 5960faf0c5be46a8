/**
 * For tests of the subscription guard steps (guard-steps.test.ts and the cross-plugin tests/guard-plugins.test.ts):
 * a signed-in session, subscription rows, the session data the steps read, and a guard input carrying them.
 */
import type { GuardInput } from '../../../workspace/sdk';
import type { Session } from '../../../workspace/sdk';
import type { SubscriptionRow } from '../shared/types';
import { SUBSCRIPTIONS_KEY, type SubscriptionGuardData } from './subscription-state';

export const NO_SUB = '/subscriptionViolation?violationType=noSubscription';
export const NOT_ACTIVE = '/subscriptionViolation?violationType=statusNotActive';
export const MAX = '/subscriptionViolation?violationType=maxCompanies';

export function session(user: Partial<Session['user']> = {}, over: Partial<Session> = {}): Session {
  return {
    user: { isLciAdmin: false, isTenantAdmin: false, ...user } as Session['user'],
    tenant: { tenantId: 5, name: 'MSP', currency: 'USD', dateFormat: 'yyyy-mm-dd', regionCode: 'ue1' },
    tacAcceptance: true,
    userAccessPages: [{ url: '/dashboard', access_level: 'Read/Write' }],
    inMaintenance: false,
    maintenanceMessage: '',
    modules: ['Core'],
    pageModules: {},
    flags: {},
    impersonation: null,
    plugins: ['billing'],
    ...over,
  };
}

export function row(over: Partial<SubscriptionRow> = {}): SubscriptionRow {
  return {
    stripe_subscription_id: 'sub_1',
    stripe_plan_id: 'plan_basic_usd_month',
    subscription_status: 'active',
    module_moniker: 'Core',
    product_name: 'Basic',
    plan_name: 'Basic monthly',
    plan_interval: 'month',
    current_start_date: '2024-12-01',
    current_end_date: '2025-01-01',
    original_start_date: '2024-12-01',
    limit_max_companies: 5,
    module_active_companies: 3,
    affiliate_code: null,
    ...over,
  };
}

export function data(rows: SubscriptionRow[], over: Partial<SubscriptionGuardData> = {}): SubscriptionGuardData {
  return {
    subscriptions: rows,
    status_by_module: {},
    overall_status: 'active',
    complimentary_modules: [],
    provider: 'embedded',
    has_customer: true,
    recoveryUrl: null,
    ...over,
  };
}

export function input(path: string, d: SubscriptionGuardData | undefined, over: Partial<GuardInput> = {}): GuardInput {
  return {
    path,
    from: '/dashboard',
    route: { title: 't', page: false },
    signedIn: true,
    session: session(),
    invalidLogin: false,
    inMaintenance: false,
    dirty: false,
    firstAccessiblePath: '/dashboard',
    companies: null,
    extra: d === undefined ? {} : { [SUBSCRIPTIONS_KEY]: d },
    ...over,
  };
}
