import {
  companiesForView,
  firstAccessiblePath,
  isMaxCompaniesExempt,
  maxCompaniesStep,
  MAX_COMPANIES_EXEMPT_PAGES,
  noCompaniesStep,
  noTenantStep,
  runGuard,
  type GuardInput,
  type GuardStep,
} from './guard';
import { MSG_DIRTY_PAGE, MSG_LCI_ADMIN, MSG_TENANT_ADMIN } from './constants';
import type { Company, Session } from './types';

function session(over: Partial<Session> = {}, user: Partial<Session['user']> = {}): Session {
  return {
    user: {
      username: 'a@b.c',
      name: 'A B',
      firstName: 'A',
      lastName: 'B',
      phoneNumber: null,
      phoneNumberVerified: false,
      companyName: null,
      regionCode: 'ue1',
      pic: null,
      authenticatedUserId: 1,
      isLciAdmin: false,
      isTenantAdmin: false,
      isSandboxTenant: false,
      isInternal: false,
      allowImpersonationFlag: false,
      securityGroupId: 1,
      originalSecurityGroupId: 1,
      currentTenantId: 5,
      currentSpTenantId: null,
      userNotificationUuid: null,
      unifiedUserId: null,
      unifiedTenantId: null,
      mfaType: null,
      idProviderName: null,
      ...user,
    },
    tenant: { tenantId: 5, name: 'Demo MSP', currency: 'USD', dateFormat: 'yyyy-mm-dd', regionCode: 'ue1' },
    tacAcceptance: true,
    userAccessPages: [
      { url: '/dashboard', access_level: 'Read/Write' },
      { url: '/contracts', access_level: 'Read Only' },
    ],
    inMaintenance: false,
    maintenanceMessage: '',
    modules: ['Core'],
    pageModules: {},
    flags: {},
    impersonation: null,
    plugins: [],
    ...over,
  };
}

function input(over: Partial<GuardInput> = {}): GuardInput {
  return {
    path: '/contracts',
    from: '/dashboard',
    route: { title: 'Contracts' },
    signedIn: true,
    session: session(),
    invalidLogin: false,
    inMaintenance: false,
    dirty: false,
    firstAccessiblePath: '/dashboard',
    ...over,
  };
}

const company = (id: number, over: Partial<Company> = {}): Company => ({
  tenant_company_id: id,
  name: `C${id}`,
  is_active: true,
  assessment_only_flag: false,
  air_only_flag: false,
  ...over,
});

describe('each step', () => {
  test('allows a permitted page and reports track and title (steps 1 and 8)', () => {
    expect(runGuard(input())).toEqual({ action: 'allow', step: 0, track: '/contracts', title: 'Contracts' });
  });

  test('2: dirty page prompts when leaving, not when staying or after confirmation', () => {
    expect(runGuard(input({ dirty: true }))).toMatchObject({ action: 'prompt', message: MSG_DIRTY_PAGE, step: 2 });
    expect(MSG_DIRTY_PAGE).toBe('You have pending changes - are you sure you want to leave this page?');
    expect(runGuard(input({ dirty: true, from: '/contracts' })).action).toBe('allow');
    expect(runGuard(input({ dirty: true, leaveConfirmed: true })).action).toBe('allow');
    expect(runGuard(input({ dirty: true, from: null })).action).toBe('allow');
  });

  test('3: invalid login blocks', () => {
    expect(runGuard(input({ invalidLogin: true }))).toMatchObject({ action: 'block', step: 3 });
  });

  test('4: maintenance redirects except signIn and signOut', () => {
    expect(runGuard(input({ inMaintenance: true }))).toMatchObject({ action: 'redirect', to: '/maintenance', step: 4 });
    expect(runGuard(input({ inMaintenance: true, path: '/signIn', route: { public: true } })).action).toBe('allow');
    expect(runGuard(input({ inMaintenance: true, path: '/signOut', route: { page: false } })).action).toBe('allow');
    expect(runGuard(input({ inMaintenance: true, path: '/maintenance', route: { public: true } })).action).toBe(
      'allow',
    );
  });

  test('5: unauthenticated on an authenticated route goes to signIn with invalidLocalLogin', () => {
    const r = runGuard(input({ signedIn: false, session: null, search: '?x=1' }));
    expect(r).toMatchObject({ action: 'redirect', step: 5 });
    const u = new URL(r.to!, 'http://h');
    expect(u.pathname).toBe('/signIn');
    expect(u.searchParams.get('invalidLocalLogin')).toBe('true');
    expect(u.searchParams.get('path')).toBe('/contracts?x=1');
    expect(runGuard(input({ signedIn: false, session: null, path: '/signIn', route: { public: true } })).action).toBe(
      'allow',
    );
  });

  test('5b: signed in without a loaded session goes through the initializer', () => {
    const r = runGuard(input({ session: null }));
    expect(r).toMatchObject({ action: 'redirect', to: '/initializer?path=%2Fcontracts', step: 5 });
    expect(runGuard(input({ session: null, path: '/initializer', route: { page: false } })).action).toBe('allow');
  });

  test('6: terms not accepted go to /userTerms', () => {
    expect(runGuard(input({ session: session({ tacAcceptance: false }) }))).toMatchObject({
      action: 'redirect',
      to: '/userTerms',
      step: 6,
    });
    expect(
      runGuard(input({ session: session({ tacAcceptance: false }), path: '/userTerms', route: { page: false } }))
        .action,
    ).toBe('allow');
    expect(
      runGuard(input({ session: session({ tacAcceptance: false }), path: '/signOut', route: { page: false } })).action,
    ).toBe('allow');
  });

  test('7: an authenticated user on /initializer is blocked', () => {
    expect(runGuard(input({ path: '/initializer', route: { page: false } }))).toMatchObject({
      action: 'block',
      step: 7,
    });
  });

  test('9: internal admin pages need an LCI admin', () => {
    const r = runGuard(input({ path: '/lciadmin/adminsummary', route: { title: 'Admin' } }));
    expect(r).toMatchObject({ action: 'block', alert: MSG_LCI_ADMIN, step: 9 });
    expect(MSG_LCI_ADMIN).toBe('This page requires LCI Admin Access');
    expect(runGuard(input({ path: '/x', route: { internalOnly: true } })).alert).toBe(MSG_LCI_ADMIN);
    expect(
      runGuard(input({ path: '/lcisupport/currency', route: {}, session: session({}, { isLciAdmin: true }) })).action,
    ).toBe('allow');
  });

  test('9: admin pages need a tenant admin or an LCI admin', () => {
    const route = { requiresAdmin: true };
    expect(runGuard(input({ path: '/contracts', route }))).toMatchObject({
      action: 'block',
      alert: MSG_TENANT_ADMIN,
      step: 9,
    });
    expect(MSG_TENANT_ADMIN).toBe(
      'This page requires Admin Access - please contact your company administrator if you feel like should have access to this page.',
    );
    expect(runGuard(input({ route, session: session({}, { isTenantAdmin: true }) })).action).toBe('allow');
    expect(runGuard(input({ route, session: session({}, { isLciAdmin: true }) })).action).toBe('allow');
  });

  test('10: pages outside the access list redirect to the first accessible page unless neverHide', () => {
    expect(runGuard(input({ path: '/budget', route: {} }))).toMatchObject({
      action: 'redirect',
      to: '/dashboard',
      step: 10,
    });
    expect(runGuard(input({ path: '/budget', route: { neverHide: true } })).action).toBe('allow');
    expect(runGuard(input({ path: '/budget', route: { page: false } })).action).toBe('allow');
    expect(runGuard(input({ path: '/meeting/7', route: { page: '/contracts' } })).action).toBe('allow');
    expect(runGuard(input({ path: '/budget', route: {}, session: session({}, { isLciAdmin: true }) })).action).toBe(
      'allow',
    );
    // No loop when the first accessible page itself is not listed.
    expect(
      runGuard(
        input({
          path: '/dashboard',
          route: {},
          firstAccessiblePath: '/dashboard',
          session: session({ userAccessPages: [] }),
        }),
      ).action,
    ).toBe('allow');
  });

  test('11: plans, pricing and signup paths send signed-in users to signIn', () => {
    for (const path of ['/signUp', '/signUpWithTenant', '/signup/sp']) {
      expect(runGuard(input({ path, route: { public: true } }))).toMatchObject({
        action: 'redirect',
        to: '/signIn',
        step: 11,
      });
    }
    // Plans and pricing: on to /subscription, where a signed-in tenant changes its plan.
    // The cart too: its checkout would start a new-tenant sign-up.
    for (const path of ['/plans', '/Plans/partner', '/pricing', '/cart', '/Cart']) {
      expect(runGuard(input({ path, route: { public: true } }))).toMatchObject({
        action: 'redirect',
        to: '/signIn?path=%2Fsubscription',
        step: 11,
      });
    }
    // A public page opened by its address has no session loaded yet: the tokens decide.
    expect(runGuard(input({ path: '/plans', route: { public: true }, session: null }))).toMatchObject({
      action: 'redirect',
      to: '/signIn?path=%2Fsubscription',
      step: 11,
    });
    // A signed-in user known to have no tenant may still sign one up.
    expect(
      runGuard(input({ path: '/signUpWithTenant', route: { public: true }, session: session({ tenant: null }) })).step,
    ).not.toBe(11);
    // Straight from /authed, before any session is loaded: the token's tid says so (platform.md 2.3 Initialising).
    for (const path of ['/signUp', '/signUpWithTenant'])
      expect(runGuard(input({ path, route: { public: true }, session: null, tokenWithoutTenant: true })).step).not.toBe(
        11,
      );
    expect(
      runGuard(input({ path: '/signUp', route: { public: true }, session: null, tokenWithoutTenant: false })).step,
    ).toBe(11);
    expect(runGuard(input({ path: '/plans', route: { public: true }, signedIn: false, session: null })).action).toBe(
      'allow',
    );
    expect(runGuard(input({ path: '/cart', route: { public: true }, signedIn: false, session: null })).action).toBe(
      'allow',
    );
  });

  test('12: no tenant goes to the subscription violation', () => {
    const s = session({ tenant: null });
    expect(runGuard(input({ session: s }), [noTenantStep])).toMatchObject({
      action: 'redirect',
      to: '/subscriptionViolation?violationType=userHasNoTenant',
      step: 12,
    });
    expect(
      runGuard(input({ session: s, path: '/subscriptionViolation', route: { page: false } }), [noTenantStep]).action,
    ).toBe('allow');
    expect(runGuard(input(), [noTenantStep]).action).toBe('allow');
  });

  test('13/14: without subscription steps the guard allows', () => {
    expect(runGuard(input(), []).action).toBe('allow');
  });

  test('15: active companies above the plan maximum, except the exempt pages', () => {
    const step = maxCompaniesStep(() => ({ active: 6, max: 5 }));
    expect(runGuard(input(), [step])).toMatchObject({
      action: 'redirect',
      to: '/subscriptionViolation?violationType=maxCompanies',
      step: 15,
    });
    expect(runGuard(input(), [maxCompaniesStep(() => ({ active: 5, max: 5 }))]).action).toBe('allow');
    expect(MAX_COMPANIES_EXEMPT_PAGES).toEqual([
      'support',
      'subscriptionViolation',
      'accountsettings',
      'integrations',
      'connectwise',
      'itglue',
      'profile',
      'datamanager',
      'datamanagercompanies',
    ]);
    for (const p of MAX_COMPANIES_EXEMPT_PAGES) {
      expect(isMaxCompaniesExempt(`/${p}`)).toBe(true);
      expect(runGuard(input({ path: `/${p}`, route: { page: false } }), [step]).action).toBe('allow');
    }
    expect(isMaxCompaniesExempt('/integrations/connectwise')).toBe(true);
    expect(isMaxCompaniesExempt('/supporting')).toBe(false);
  });

  test('16: no companies for the module view go to /noCompanies', () => {
    const step = noCompaniesStep();
    expect(runGuard(input({ companies: [] }), [step])).toMatchObject({
      action: 'redirect',
      to: '/noCompanies',
      step: 16,
    });
    expect(runGuard(input({ companies: [company(1, { is_active: false })] }), [step]).to).toBe('/noCompanies');
    expect(runGuard(input({ companies: [company(1)] }), [step]).action).toBe('allow');
    expect(runGuard(input({ companies: null }), [step]).action).toBe('allow');
    const view = { text: 'Assessment Only', modules: ['Assessment'], icon: null, disabled: false };
    expect(runGuard(input({ companies: [company(1)], moduleView: view }), [step]).to).toBe('/noCompanies');
    expect(
      runGuard(input({ companies: [company(1, { assessment_only_flag: true })], moduleView: view }), [step]).action,
    ).toBe('allow');
    expect(runGuard(input({ path: '/noCompanies', route: { page: false }, companies: [] }), [step]).action).toBe(
      'allow',
    );
  });
});

describe('order', () => {
  test('dirty prompt comes before invalid login, maintenance and sign-in', () => {
    expect(
      runGuard(input({ dirty: true, invalidLogin: true, inMaintenance: true, signedIn: false, session: null })).step,
    ).toBe(2);
  });
  test('invalid login before maintenance', () => {
    expect(runGuard(input({ invalidLogin: true, inMaintenance: true })).step).toBe(3);
  });
  test('maintenance before the sign-in check', () => {
    expect(runGuard(input({ inMaintenance: true, signedIn: false, session: null })).step).toBe(4);
  });
  test('sign-in before terms', () => {
    expect(runGuard(input({ signedIn: false, session: null })).step).toBe(5);
  });
  test('terms before the initializer block and admin checks', () => {
    const s = session({ tacAcceptance: false });
    expect(runGuard(input({ session: s, path: '/lciadmin/x' })).step).toBe(6);
    expect(runGuard(input({ session: s, path: '/initializer', route: { page: false } })).step).toBe(6);
  });
  test('admin check before the access list', () => {
    expect(runGuard(input({ path: '/notlisted', route: { requiresAdmin: true } })).step).toBe(9);
  });
  test('access list before plugin steps, plugin steps run by step number', () => {
    const calls: number[] = [];
    const mk = (n: 12 | 13 | 14 | 15 | 16, decide: boolean): GuardStep => ({
      step: n,
      id: `s${n}`,
      run: () => {
        calls.push(n);
        return decide ? { action: 'redirect', to: `/s${n}` } : null;
      },
    });
    expect(runGuard(input({ path: '/notlisted', route: {} }), [mk(12, true)]).step).toBe(10);
    expect(calls).toEqual([]);
    const r = runGuard(input(), [mk(16, true), mk(14, true), mk(12, false), mk(13, false)]);
    expect(r).toMatchObject({ step: 14, to: '/s14' });
    expect(calls).toEqual([12, 13, 14]);
  });
  test('plugin steps do not run on public routes or before sign-in', () => {
    const step: GuardStep = { step: 12, id: 'x', run: () => ({ action: 'redirect', to: '/nope' }) };
    expect(runGuard(input({ path: '/authed', route: { public: true } }), [step]).action).toBe('allow');
  });
});

describe('helpers', () => {
  test('first accessible page prefers /dashboard, then menu order, then the access list', () => {
    const pages = [
      { url: '/contracts', access_level: 'Read Only' as const },
      { url: '/budget', access_level: 'Read/Write' as const },
    ];
    expect(firstAccessiblePath(['/budget', '/contracts'], pages, false)).toBe('/budget');
    expect(firstAccessiblePath([], pages, false)).toBe('/contracts');
    expect(firstAccessiblePath([], [], false)).toBe('/dashboard');
    expect(firstAccessiblePath(['/budget'], [{ url: '/dashboard', access_level: 'Read Only' }, ...pages], false)).toBe(
      '/dashboard',
    );
  });
  test('companies for a view', () => {
    const list = [
      company(1),
      company(2, { air_only_flag: true }),
      company(3, { assessment_only_flag: true }),
      company(4, { is_active: false }),
    ];
    expect(companiesForView(list, null).map((c) => c.tenant_company_id)).toEqual([1, 2, 3]);
    expect(
      companiesForView(list, { text: 'Asset Insights (AIR)', modules: ['AIR'], icon: null, disabled: false }).map(
        (c) => c.tenant_company_id,
      ),
    ).toEqual([2]);
  });
});
