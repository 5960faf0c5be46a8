/**
 * The wizard's pure parts: validation of section 5 with its messages, the
 * auto-fill of domain, website and company name, the duplicate-tenant warning,
 * the plans signed up for, autofillSSOData, the remembered progress and Finish
 * (identity and tenant once, then the checkout session).
 */
import { CATALOGUE, flattenCatalogue } from '../../shared/catalogue';
import { parseAutofillSSOData } from './autofill';
import { emailDomainOf, guessCompanyName, NON_COMPANY_DOMAINS, websiteFor } from './domains';
import { finishSignup, SignupError, type FinishInput } from './finish';
import { cartTotal, customerLimit, periodPrice } from './plan-lines';
import { PROGRESS_KEY, readLatestProgress, readProgress, writeProgress, type SignupProgress } from './progress';
import {
  accountDetailsErrors,
  duplicateTenantMessages,
  MSG_ASK_ADMIN,
  MSG_DUP_COMPANY,
  MSG_DUP_DOMAIN,
  msgUserExists,
  userDetailsErrors,
  validateWizardName,
} from '../../shared/signup-rules';
import { affiliateCode, selectedPlanIds, SEVEN_FIGURE_MSP } from './selected-plans';

const PLANS = flattenCatalogue(CATALOGUE);
const GOOD_USER = {
  firstName: 'Ada',
  lastName: 'Lovelace-King',
  email: 'ada@acme-it.com',
  phone: '',
  password: 'Wizard#Signup1',
};

describe('validation (section 5)', () => {
  test('names: required, letters, digits, hyphen and space, fewer than 80', () => {
    expect(validateWizardName('')).toBe('Required.');
    expect(validateWizardName('  ')).toBe('Required.');
    expect(validateWizardName("O'Brien")).toBe('Use letters, digits, hyphens and spaces only.');
    expect(validateWizardName('Zoë-Ann 2')).toBeNull();
    expect(validateWizardName('x'.repeat(80))).toBe('Must be less than 80 characters');
  });

  test('tab 1: e-mail messages of the sign-in form, password rules; external identities skip names and password', () => {
    expect(userDetailsErrors(GOOD_USER, false)).toEqual({});
    expect(
      userDetailsErrors({ firstName: '', lastName: 'a@b', email: 'nope', phone: 'abc', password: 'Abcdefg1+-' }, false),
    ).toEqual({
      firstName: 'Required.',
      lastName: 'Use letters, digits, hyphens and spaces only.',
      email: 'Invalid e-mail.',
      phone: 'Enter a phone number with digits, spaces and + ( ) - only.',
      password: expect.stringMatching(/^Password must have a special character/),
    });
    expect(userDetailsErrors({ ...GOOD_USER, email: '' }, false)).toEqual({ email: 'Required.' });
    expect(userDetailsErrors({ ...GOOD_USER, email: `${'a'.repeat(75)}@b.com` }, false)).toEqual({
      email: 'Max 80 characters',
    });
    expect(userDetailsErrors({ ...GOOD_USER, password: 'short1!' }, false).password).toBe(
      'Password must have at least 8 characters.',
    );
    expect(userDetailsErrors({ ...GOOD_USER, password: `Aa1!${'x'.repeat(96)}` }, false).password).toBe(
      'Password must have at most 99 characters.',
    );
    expect(userDetailsErrors({ ...GOOD_USER, firstName: '', lastName: "O'Hara", password: '' }, true)).toEqual({});
    // A retry once the identity user exists: no password asked, the names still checked.
    expect(userDetailsErrors({ ...GOOD_USER, firstName: '', password: '' }, false, true)).toEqual({
      firstName: 'Required.',
    });
  });

  test('tab 2: company and domain required, website optional but an http(s) address', () => {
    expect(accountDetailsErrors({ companyName: 'Acme IT', emailDomain: 'acme-it.com', website: '' })).toEqual({});
    expect(accountDetailsErrors({ companyName: ' ', emailDomain: '', website: 'ftp://acme.com' })).toEqual({
      companyName: 'Required.',
      emailDomain: 'Required.',
      website: 'Enter a web address such as https://example.com.',
    });
    expect(
      accountDetailsErrors({ companyName: 'A', emailDomain: 'not a domain', website: 'https://acme-it.com/about' }),
    ).toEqual({ emailDomain: 'Enter a domain such as example.com.' });
  });

  test('duplicate messages', () => {
    expect(msgUserExists('ada@acme-it.com')).toBe('User Email Already Exists: ada@acme-it.com');
    expect(duplicateTenantMessages({ countEmailDomain: 0, countCompanyName: 0 })).toEqual([]);
    expect(duplicateTenantMessages({ countEmailDomain: 1, countCompanyName: 0 })).toEqual([
      MSG_DUP_DOMAIN,
      MSG_ASK_ADMIN,
    ]);
    expect(duplicateTenantMessages({ countEmailDomain: 0, countCompanyName: 2 })).toEqual([
      MSG_DUP_COMPANY,
      MSG_ASK_ADMIN,
    ]);
    // A failed check counts 99 of each: it blocks with both.
    expect(duplicateTenantMessages({ countEmailDomain: 99, countCompanyName: 99 })).toEqual([
      'Email Domain Already Exists.',
      'Company Name Already Exists.',
      'You should check with your company administrator and ask to have your account created.',
    ]);
  });
});

describe('auto-fill', () => {
  test('domain and website from the e-mail; company guessed from the domain', () => {
    expect(emailDomainOf(' Ada@Acme-IT.com ')).toBe('acme-it.com');
    expect(emailDomainOf('no-at-sign')).toBe('');
    expect(websiteFor('acme-it.com')).toBe('https://acme-it.com');
    expect(guessCompanyName('acme-it.com')).toBe('Acme It');
    expect(guessCompanyName('mail.northwind.co.uk')).toBe('Northwind');
    expect(guessCompanyName('blue_sky.io')).toBe('Blue Sky');
  });

  test('no guess for consumer, provider and partner domains', () => {
    for (const d of [
      'gmail.com',
      'outlook.com',
      'hotmail.com',
      'yahoo.com',
      'icloud.com',
      'scalepad.com',
      'lifecycleinsights.io',
      'eu.scalepad.com',
    ])
      expect(guessCompanyName(d)).toBe('');
    expect(NON_COMPANY_DOMAINS).toEqual(
      expect.arrayContaining([
        'gmail.com',
        'outlook.com',
        'hotmail.com',
        'yahoo.com',
        'icloud.com',
        'scalepad.com',
        'lifecycleinsights.io',
      ]),
    );
  });
});

describe('plans signed up for', () => {
  test('cart ids, selPlanId and selProductId (monthly in the currency), unknown ids dropped', () => {
    expect(
      selectedPlanIds({ cart: 'plan_basic_usd_month, plan_cs_basic_usd_month,plan_nope' }, PLANS, { currency: 'usd' }),
    ).toEqual(['plan_basic_usd_month', 'plan_cs_basic_usd_month']);
    expect(selectedPlanIds({ selPlanId: 'plan_plus_cad_year' }, PLANS, { currency: 'usd' })).toEqual([
      'plan_plus_cad_year',
    ]);
    expect(selectedPlanIds({ selProductId: 'prod_professional' }, PLANS, { currency: 'cad' })).toEqual([
      'plan_professional_cad_month',
    ]);
    // With a cart, the product's plan follows the cart's currency.
    expect(
      selectedPlanIds({ cart: 'plan_basic_usd_month', selProductId: 'prod_custom_reporting' }, PLANS, {
        currency: 'cad',
      }),
    ).toEqual(['plan_basic_usd_month', 'plan_custom_reporting_usd_month']);
  });

  test('without a selection: the cart of the plans pages, else (affiliate) the free affiliate plan, else none', () => {
    expect(selectedPlanIds({}, PLANS, { currency: 'usd', storedCart: ['plan_premium_usd_year'] })).toEqual([
      'plan_premium_usd_year',
    ]);
    expect(selectedPlanIds({}, PLANS, { currency: 'cad', affiliate: SEVEN_FIGURE_MSP })).toEqual([
      'plan_affiliate_cad_month',
    ]);
    expect(selectedPlanIds({}, PLANS, { currency: 'usd' })).toEqual([]);
  });

  test("affiliate code: the route's, or a code in the query that is not a plan filter", () => {
    expect(affiliateCode(SEVEN_FIGURE_MSP, null)).toBe('sevenfiguremsp');
    expect(affiliateCode(null, 'SevenFigureMSP')).toBe('sevenfiguremsp');
    expect(affiliateCode(null, 'AIR')).toBeNull();
    expect(affiliateCode(null, 'basicCS')).toBeNull();
    expect(affiliateCode(null, '<script>')).toBeNull();
    expect(affiliateCode(null, null)).toBeNull();
  });

  test('plan lines: price per period from minor units, limits, total', () => {
    const basic = PLANS.find((p) => p.stripe_plan_id === 'plan_basic_usd_month')!;
    const cs = PLANS.find((p) => p.stripe_plan_id === 'plan_cs_basic_usd_month')!;
    const affiliate = PLANS.find((p) => p.stripe_plan_id === 'plan_affiliate_usd_month')!;
    expect(periodPrice(basic)).toBe('$75 USD / month');
    expect(periodPrice(affiliate)).toBe('Free');
    expect(customerLimit(basic)).toBe('Up to 5 customers');
    expect(customerLimit({ limit_max_companies: 0 })).toBe('Unlimited customers');
    expect(cartTotal([basic, cs])).toBe('$150 USD / month');
    expect(cartTotal([basic, PLANS.find((p) => p.stripe_plan_id === 'plan_basic_usd_year')!])).toBeNull();
  });
});

test('autofillSSOData: JSON or base64url JSON with an e-mail', () => {
  const data = { email: 'sso@acme-it.com', given_name: 'Sam', family_name: 'Lee', company: 'Acme IT' };
  expect(parseAutofillSSOData(JSON.stringify(data))).toEqual({
    email: 'sso@acme-it.com',
    firstName: 'Sam',
    lastName: 'Lee',
    companyName: 'Acme IT',
    phone: '',
  });
  expect(parseAutofillSSOData(Buffer.from(JSON.stringify(data)).toString('base64url'))).toMatchObject({
    email: 'sso@acme-it.com',
    firstName: 'Sam',
  });
  expect(parseAutofillSSOData('{"firstName":"x"}')).toBeNull();
  expect(parseAutofillSSOData('garbage')).toBeNull();
  expect(parseAutofillSSOData(null)).toBeNull();
});

class MemoryStorage {
  private m = new Map<string, string>();
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.m.set(k, v);
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
}

test('progress is kept per e-mail (case-insensitive); the latest one with its fields for a canceled checkout', () => {
  const store = new MemoryStorage() as unknown as Storage;
  expect(readLatestProgress(store)).toBeNull();
  const draft = {
    user: { firstName: 'Ada', lastName: 'L', email: 'ada@acme-it.com', phone: '' },
    account: { companyName: 'Acme IT', emailDomain: 'acme-it.com', website: '' },
  };
  writeProgress({ email: 'ada@acme-it.com', identityCreated: true, tenant: { userId: 4, tenantId: 9 }, draft }, store);
  expect(readProgress('ADA@acme-it.com ', store)).toEqual({
    email: 'ada@acme-it.com',
    identityCreated: true,
    tenant: { userId: 4, tenantId: 9 },
    draft,
  });
  expect(readProgress('other@acme-it.com', store)).toEqual({
    email: 'other@acme-it.com',
    identityCreated: false,
    tenant: null,
  });
  expect(readLatestProgress(store)?.draft).toEqual(draft);
  store.setItem(PROGRESS_KEY, '{"email":"x@y.z","tenant":{"userId":"1; drop","tenantId":2}}');
  expect(readLatestProgress(store)).toEqual({ email: 'x@y.z', identityCreated: false, tenant: null });
});

describe('Finish', () => {
  const input: FinishInput = {
    user: GOOD_USER,
    account: { companyName: 'Acme IT', emailDomain: 'acme-it.com', website: 'https://acme-it.com' },
    external: false,
    affiliate: null,
    planIds: ['plan_basic_usd_month'],
    userGeo: { currency_code: 'USD', time_zone: 'America/New_York' },
    signupSource: 'signUpWithTenant',
  };
  function deps(answers: Record<string, (body: any) => unknown>) {
    const calls: { path: string; body: any }[] = [];
    let saved: SignupProgress | null = null;
    return {
      calls,
      d: {
        post: async <T>(path: string, body: unknown): Promise<T> => {
          calls.push({ path, body });
          const a = answers[path];
          if (!a) throw new Error(`unexpected ${path}`);
          return a(body) as T;
        },
        readProgress: (email: string) =>
          saved && saved.email === email.toLowerCase()
            ? { ...saved }
            : { email: email.toLowerCase(), identityCreated: false, tenant: null },
        writeProgress: (p: SignupProgress) => {
          saved = { ...p };
        },
      },
    };
  }
  const checkout = () => ({
    status: 200,
    data: { object: 'checkout.session', id: 'cs_1', url: '/billing/checkout/cs_1' },
  });

  test('identity, then user and tenant, then the checkout session with the plan ids', async () => {
    const { calls, d } = deps({
      '/v3/manager/identity/signup': () => ({ status: 'SUCCESS' }),
      '/v3/manager/account/signup': () => ({ userId: 7, tenantId: 70 }),
      '/v3/manager/signup/session': checkout,
    });
    expect(await finishSignup(input, d)).toEqual({
      kind: 'checkout',
      url: '/billing/checkout/cs_1',
      sessionId: 'cs_1',
    });
    expect(calls.map((c) => c.path)).toEqual([
      '/v3/manager/identity/signup',
      '/v3/manager/account/signup',
      '/v3/manager/signup/session',
    ]);
    expect(calls[0].body).toEqual({
      username: 'ada@acme-it.com',
      password: 'Wizard#Signup1',
      attributes: { name: 'Ada Lovelace-King', email: 'ada@acme-it.com', 'custom:company_name': 'Acme IT' },
    });
    expect(calls[1].body).toEqual({
      operation: 'insertUserAndTenant',
      payload: {
        email: 'ada@acme-it.com',
        firstName: 'Ada',
        lastName: 'Lovelace-King',
        fullName: 'Ada Lovelace-King',
        tenantName: 'Acme IT',
        tenantEmailDomain: 'acme-it.com',
        tenantUrl: 'https://acme-it.com',
        affiliate: null,
        userGeo: { currency_code: 'USD', time_zone: 'America/New_York' },
        signupSource: 'signUpWithTenant',
      },
    });
    expect(calls[2].body).toEqual({
      email: 'ada@acme-it.com',
      userId: 7,
      tenantId: 70,
      planIds: ['plan_basic_usd_month'],
    });
    // What is kept for a retry or a canceled checkout: the ids and the fields, never the password.
    const kept = d.readProgress('ada@acme-it.com');
    expect(kept).toEqual({
      email: 'ada@acme-it.com',
      identityCreated: true,
      tenant: { userId: 7, tenantId: 70 },
      draft: {
        user: { firstName: 'Ada', lastName: 'Lovelace-King', email: 'ada@acme-it.com', phone: '' },
        account: input.account,
      },
    });
    expect(JSON.stringify(kept)).not.toContain('Wizard#Signup1');
  });

  test('a retry after a failed tenant step does not create the identity again; after a failed session, neither the tenant', async () => {
    let tenantFails = true;
    let sessionFails = true;
    const { calls, d } = deps({
      '/v3/manager/identity/signup': () => ({ status: 'SUCCESS' }),
      '/v3/manager/account/signup': () => {
        if (tenantFails) throw new Error('tenant down');
        return { userId: 7, tenantId: 70 };
      },
      '/v3/manager/signup/session': () => {
        if (sessionFails) throw new Error('provider down');
        return checkout();
      },
    });
    await expect(finishSignup(input, d)).rejects.toThrow('tenant down');
    tenantFails = false;
    await expect(finishSignup(input, d)).rejects.toThrow('provider down');
    sessionFails = false;
    expect((await finishSignup(input, d)).kind).toBe('checkout');
    expect(calls.map((c) => c.path)).toEqual([
      '/v3/manager/identity/signup',
      '/v3/manager/account/signup',
      '/v3/manager/account/signup',
      '/v3/manager/signup/session',
      '/v3/manager/signup/session',
    ]);
  });

  test('a subscription result goes to confirm sign-up; an external identity skips the identity step; the affiliate is passed on', async () => {
    const { calls, d } = deps({
      '/v3/manager/account/signup': () => ({ userId: 8, tenantId: 80 }),
      '/v3/manager/signup/session': () => ({
        status: 200,
        data: { object: 'subscription', id: 'sub_1', status: 'active' },
      }),
    });
    expect(
      await finishSignup(
        { ...input, external: true, affiliate: 'sevenfiguremsp', planIds: ['plan_affiliate_usd_month'] },
        d,
      ),
    ).toEqual({ kind: 'subscription', email: 'ada@acme-it.com' });
    expect(calls.map((c) => c.path)).toEqual(['/v3/manager/account/signup', '/v3/manager/signup/session']);
    expect(calls[0].body.payload.affiliate).toBe('sevenfiguremsp');
    expect(calls[1].body).toEqual({
      email: 'ada@acme-it.com',
      userId: 8,
      tenantId: 80,
      affiliate: 'sevenfiguremsp',
      planIds: ['plan_affiliate_usd_month'],
    });
  });

  test('an answer that is neither a checkout nor a subscription is a sign-up problem', async () => {
    const { d } = deps({
      '/v3/manager/identity/signup': () => ({}),
      '/v3/manager/account/signup': () => ({ userId: 1, tenantId: 2 }),
      '/v3/manager/signup/session': () => ({ status: 200, data: {} }),
    });
    await expect(finishSignup(input, d)).rejects.toEqual(new SignupError('There was a problem signing you up.'));
  });
});

test('Finish failures: a refused field shows its own message, else the server message, else the general one', async () => {
  const { finishErrorMessage } = await import('../../shared/signup-rules');
  const common =
    'This password is too common (it appears in lists of breached passwords). Please choose a different password.';
  const refused = {
    message: `Invalid body: body.password ${common}`,
    fields: [{ path: 'body.password', message: common }],
  };
  expect(finishErrorMessage(refused, true)).toBe(common);
  expect(finishErrorMessage({ message: 'Your card was declined.' }, true)).toBe('Your card was declined.');
  expect(finishErrorMessage(new TypeError('Failed to fetch'), false)).toBe('There was a problem signing you up.');
});
