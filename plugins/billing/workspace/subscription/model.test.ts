/** Rules of the /subscription page against the real catalogue (section 9 figures). */
import { CATALOGUE, flattenCatalogue } from '../../shared/catalogue';
import type { SubscriptionRow } from '../../shared/types';
import type { TenantSubscriptions } from '../subscription-state';
import {
  bySubscription,
  choosablePlans,
  companiesText,
  customerSuccessToAdd,
  day,
  emailError,
  moduleStatuses,
  overLimit,
  pageUpgradeOptions,
  preselected,
  readQuery,
  tenantPlanCurrency,
  toInvoiceView,
  upcomingOrNull,
} from './model';

const PLANS = flattenCatalogue(CATALOGUE);

function row(over: Partial<SubscriptionRow> = {}): SubscriptionRow {
  return {
    stripe_subscription_id: 'sub_1',
    stripe_plan_id: 'plan_basic_usd_month',
    subscription_status: 'active',
    module_moniker: 'Core',
    product_name: 'Basic Edition',
    plan_name: 'Basic Edition USD Monthly',
    plan_interval: 'month',
    current_start_date: '2024-12-01',
    current_end_date: '2025-01-01',
    original_start_date: '2024-11-01',
    limit_max_companies: 5,
    module_active_companies: 4,
    affiliate_code: null,
    ...over,
  };
}
const csBasic = (over: Partial<SubscriptionRow> = {}) =>
  row({
    stripe_plan_id: 'plan_cs_basic_usd_month',
    module_moniker: 'Customer Success',
    product_name: 'Customer Success Basic',
    ...over,
  });

test('query inputs of the page', () => {
  expect(
    readQuery('?selPlanId=plan_plus_usd_month&updatePayment=true&couponId=%20SAVE10%20&upgradeTrial=1&verbose=true'),
  ).toEqual({
    returnedFrom: null,
    selPlanId: 'plan_plus_usd_month',
    selProductId: null,
    updatePayment: true,
    couponId: 'SAVE10',
    upgradeTrial: true,
    verbose: true,
  });
  expect(readQuery('updatePayment=false&verbose=0&selProductId=prod_plus')).toMatchObject({
    updatePayment: false,
    verbose: false,
    selProductId: 'prod_plus',
    upgradeTrial: false,
  });
  expect(readQuery('checkout=success').returnedFrom).toBe('checkout');
  expect(readQuery('checkout=canceled').returnedFrom).toBe('checkoutCanceled');
  expect(readQuery('paymentUpdated=true').returnedFrom).toBe('paymentUpdated');
});

test('upgrade options from Basic USD monthly: more customers, visible, same currency and interval, cheapest first', () => {
  const ids = pageUpgradeOptions([row()], PLANS).map((p) => p.stripe_plan_id);
  expect(ids).toEqual([
    'plan_professional_usd_month',
    'plan_plus_usd_month',
    'plan_premium_usd_month',
    'plan_enterprise_usd_month',
  ]);
  expect(
    pageUpgradeOptions(
      [row({ stripe_plan_id: 'plan_plus_cad_year', limit_max_companies: 50, plan_interval: 'year' })],
      PLANS,
    ).map((p) => p.stripe_plan_id),
  ).toEqual(['plan_premium_cad_year', 'plan_enterprise_cad_year']);
});

test('no upgrade from 999 customers, unlimited or without an active Core plan', () => {
  expect(
    pageUpgradeOptions([row({ stripe_plan_id: 'plan_nfr_unlimited_usd_month', limit_max_companies: 999 })], PLANS),
  ).toEqual([]);
  expect(
    pageUpgradeOptions([row({ stripe_plan_id: 'plan_free_beta_usd_month', limit_max_companies: 0 })], PLANS),
  ).toEqual([]);
  expect(pageUpgradeOptions([row({ subscription_status: 'canceled' })], PLANS)).toEqual([]);
});

test('with Core and Customer Success the upgrade combines both: summed cost, no trial, both plan ids', () => {
  const [first] = pageUpgradeOptions([row(), csBasic()], PLANS);
  expect(first.combined!.map((p) => p.stripe_plan_id)).toEqual([
    'plan_professional_usd_month',
    'plan_cs_professional_usd_month',
  ]);
  expect(first.plan_cost_per_period).toBe(17500 * 2);
  expect(first.plan_trial_days).toBe(0);
});

test('Customer Success to add matches the Core plan; none when the tenant has it or has no Core', () => {
  expect(customerSuccessToAdd([row()], PLANS)?.stripe_plan_id).toBe('plan_cs_basic_usd_month');
  expect(
    customerSuccessToAdd(
      [row({ stripe_plan_id: 'plan_professional_cad_year', limit_max_companies: 25, plan_interval: 'year' })],
      PLANS,
    )?.stripe_plan_id,
  ).toBe('plan_cs_professional_cad_year');
  expect(customerSuccessToAdd([row(), csBasic()], PLANS)).toBeNull();
  expect(customerSuccessToAdd([], PLANS)).toBeNull();
});

test('selPlanId and selProductId preselect an option (also one plan of a combined option)', () => {
  const plain = pageUpgradeOptions([row()], PLANS);
  expect(preselected(plain, { selPlanId: 'plan_plus_usd_month', selProductId: null })?.stripe_plan_id).toBe(
    'plan_plus_usd_month',
  );
  expect(preselected(plain, { selPlanId: null, selProductId: 'prod_premium' })?.stripe_plan_id).toBe(
    'plan_premium_usd_month',
  );
  expect(preselected(plain, { selPlanId: 'plan_plus_cad_month', selProductId: null })).toBeNull();
  const combined = pageUpgradeOptions([row(), csBasic()], PLANS);
  expect(
    preselected(combined, { selPlanId: 'plan_professional_usd_month', selProductId: null })?.combined,
  ).toHaveLength(2);
});

test('plans to choose without a subscription: the five visible Core editions in the currency and interval', () => {
  const list = choosablePlans(PLANS, 'cad', 'year');
  expect(list.map((p) => [p.product_name, p.plan_cost_per_period])).toEqual([
    ['Basic Edition', 107300],
    ['Professional Edition', 247500],
    ['Plus Edition', 346500],
    ['Premium Edition', 528000],
    ['Enterprise Edition', 770000],
  ]);
  expect(tenantPlanCurrency('CAD')).toBe('cad');
  expect(tenantPlanCurrency('ZAR')).toBe('usd');
  expect(tenantPlanCurrency('USD', [row({ stripe_plan_id: 'plan_basic_cad_month' })])).toBe('cad');
});

test('module statuses, with complimentary modules', () => {
  const d: TenantSubscriptions = {
    subscriptions: [],
    status_by_module: { Core: 'trialing', AIR: 'no subscription' },
    overall_status: 'trialing',
    complimentary_modules: ['Customer Success'],
    provider: 'embedded',
    has_customer: false,
  };
  expect(moduleStatuses(d)).toEqual([
    { module: 'Core', status: 'trialing' },
    { module: 'AIR', status: 'no subscription' },
    { module: 'Customer Success', status: 'complimentary' },
  ]);
});

test('customers: limit 0 is unlimited; above the limit is flagged', () => {
  expect(companiesText(row())).toBe('4 active · Up to 5 customers');
  expect(companiesText(row({ limit_max_companies: 0, module_active_companies: 40 }))).toBe(
    '40 active · Unlimited customers',
  );
  expect(overLimit(row({ module_active_companies: 6 }))).toBe(true);
  expect(overLimit(row({ module_active_companies: 5 }))).toBe(false);
  expect(overLimit(row({ limit_max_companies: 0, module_active_companies: 600 }))).toBe(false);
});

test('rows grouped by subscription', () => {
  const g = bySubscription([
    row(),
    csBasic({ subscription_status: 'trialing' }),
    row({ stripe_subscription_id: 'sub_2', subscription_status: 'canceled' }),
  ]);
  expect(g.map((s) => [s.id, s.rows.length, s.trialing, s.active])).toEqual([
    ['sub_1', 2, true, true],
    ['sub_2', 1, false, false],
  ]);
});

test("the upcoming invoice or the 'No upcoming invoice' placeholder; both invoice shapes", () => {
  expect(upcomingOrNull({ message: 'No upcoming invoice', total: 0 })).toBeNull();
  const provider = upcomingOrNull({
    id: null,
    currency: 'usd',
    total: 17500,
    amountDue: 17500,
    created: 1733011200,
    periodEnd: 1735689600,
    nextPaymentAttempt: 1735689600,
    hostedInvoiceUrl: null,
    invoicePdf: null,
    lines: [{ description: 'Professional', amount: 17500 }],
    discount: null,
    number: null,
    status: 'draft',
  });
  expect(provider).toMatchObject({
    total: 17500,
    amountDue: 17500,
    nextPaymentAttempt: '2025-01-01',
    lines: [{ description: 'Professional', amount: 17500 }],
  });
  const stripe = toInvoiceView({
    id: 'in_1',
    number: 'A-1',
    status: 'paid',
    currency: 'cad',
    total: 9800,
    amount_due: 9800,
    created: 1733011200,
    hosted_invoice_url: 'https://x/i',
    invoice_pdf: 'https://x/p',
    lines: { data: [{ description: 'Basic', amount: 9800 }] },
  });
  expect(stripe).toMatchObject({
    number: 'A-1',
    hostedInvoiceUrl: 'https://x/i',
    invoicePdf: 'https://x/p',
    created: '2024-12-01',
    lines: [{ description: 'Basic', amount: 9800 }],
  });
  expect(day('2025-01-31T10:00:00Z')).toBe('2025-01-31');
  expect(day(null)).toBe('');
});

test('billing e-mail validation', () => {
  expect(emailError('')).toBe('Required.');
  expect(emailError('no-at')).toBe('Invalid e-mail.');
  expect(emailError(`${'a'.repeat(75)}@b.com`)).toBe('Max 80 characters');
  expect(emailError(' billing@msp.example ')).toBeNull();
});
