/** Guard step 6 with the plugin steps: a user who has not accepted the terms reaches /userTerms and stays there. */
import { noCompaniesStep, noTenantStep, runGuard, type GuardInput } from './guard';
import type { Session } from './types';

const session = {
  tacAcceptance: false,
  tenant: { tenantId: 5 },
  user: { isLciAdmin: false, isTenantAdmin: false },
  userAccessPages: [],
} as unknown as Session;
const input = (path: string): GuardInput => ({
  path,
  from: null,
  route: { title: 'x', page: false },
  signedIn: true,
  session,
  invalidLogin: false,
  inMaintenance: false,
  dirty: false,
  firstAccessiblePath: '/dashboard',
  companies: [],
});
const steps = [noTenantStep, noCompaniesStep()];

test('terms not accepted: every signed-in page goes to /userTerms, which no plugin step redirects (no loop with /noCompanies)', () => {
  expect(runGuard(input('/dashboard'), steps)).toMatchObject({ action: 'redirect', to: '/userTerms', step: 6 });
  expect(runGuard(input('/noCompanies'), steps)).toMatchObject({ action: 'redirect', to: '/userTerms', step: 6 });
  expect(runGuard(input('/userTerms'), steps)).toMatchObject({ action: 'allow' });
  expect(runGuard(input('/signOut'), steps)).toMatchObject({ action: 'allow' });
});
