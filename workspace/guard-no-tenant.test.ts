/** A signed-in user with no tenant (e.g. after social sign-in) goes to userHasNoTenant, not to /userTerms they cannot accept. */
import { noTenantStep, runGuard, type GuardInput } from './guard';
import type { Session } from './types';

const session = {
  tacAcceptance: false,
  tenant: null,
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

test('no tenant: step 12 (userHasNoTenant) decides, step 6 (terms) does not', () => {
  expect(runGuard(input('/dashboard'), [noTenantStep])).toMatchObject({
    action: 'redirect',
    to: '/subscriptionViolation?violationType=userHasNoTenant',
    step: 12,
  });
  expect(runGuard(input('/subscriptionViolation'), [noTenantStep])).toMatchObject({ action: 'allow' });
});
