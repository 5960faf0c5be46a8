import { noCompaniesStep, type GuardInput } from './guard';
import { isSupportAtHome, landingPath } from './landing';
import type { Session } from './types';

const session = (isLciAdmin: boolean, impersonating: boolean) =>
  ({
    user: { isLciAdmin } as Session['user'],
    impersonation: impersonating
      ? { tenantId: 9, tenantName: 'Client MSP', securityGroupId: null, securityGroupName: null }
      : null,
  }) as Pick<Session, 'user' | 'impersonation'>;

test('support staff land on /lcisupport; tenant users, and support impersonating a tenant, on the dashboard', () => {
  expect(landingPath(session(true, false))).toBe('/lcisupport');
  expect(isSupportAtHome(session(true, false))).toBe(true);
  expect(landingPath(session(true, true))).toBe('/dashboard');
  expect(landingPath(session(false, false))).toBe('/dashboard');
  expect(landingPath(null)).toBe('/dashboard');
});

test('guard step 16: without companies a tenant user goes to /noCompanies, support in their own tenant to /lcisupport', () => {
  const step = noCompaniesStep(['/lcisupport']);
  const at = (s: Pick<Session, 'user' | 'impersonation'>, path = '/dashboard') =>
    step.run({ path, companies: [], session: s } as unknown as GuardInput);
  expect(at(session(false, false))).toEqual({ action: 'redirect', to: '/noCompanies' });
  expect(at(session(true, false))).toEqual({ action: 'redirect', to: '/lcisupport' });
  expect(at(session(true, true))).toEqual({ action: 'redirect', to: '/noCompanies' });
  // Their area stays open (no loop).
  expect(at(session(true, false), '/lcisupport')).toBeNull();
});
