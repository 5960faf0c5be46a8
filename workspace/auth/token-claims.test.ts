import { runGuard, type GuardInput } from '../guard';
import type { Session } from '../types';
import { inMaintenance, readTokenFlags, signOutDestination } from './token-claims';

const jwt = (claims: Record<string, unknown>) =>
  `eyJhbGciOiJSUzI1NiJ9.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;
const session = (over: Partial<Session['user']> = {}, s: Partial<Session> = {}) =>
  ({ user: { isInternal: false, isLciAdmin: false, ...over }, inMaintenance: false, ...s }) as unknown as Session;

test('readTokenFlags reads lci_maintenance, lci_invalid_login, lci_internal and tid; anything else is off/unknown', () => {
  const unknown = { maintenance: false, invalidLogin: false, internal: null, hasTenant: null };
  expect(
    readTokenFlags(jwt({ sub: '1', lci_maintenance: true, lci_invalid_login: true, lci_internal: false, tid: 4 })),
  ).toEqual({ maintenance: true, invalidLogin: true, internal: false, hasTenant: true });
  expect(readTokenFlags(jwt({ sub: '1' }))).toEqual(unknown);
  // A user with no current tenant (signed up, tenant not made yet): /authed sends them to /signUp.
  expect(readTokenFlags(jwt({ sub: '1', tid: null })).hasTenant).toBe(false);
  expect(readTokenFlags(jwt({ lci_maintenance: 'yes' })).maintenance).toBe(false);
  expect(readTokenFlags('garbage')).toEqual(unknown);
  expect(readTokenFlags(null)).toEqual(unknown);
});

test('sign-out goes to /signIn for internal users and LCI admins, /clients/signin for others', () => {
  const none = readTokenFlags(null);
  expect(signOutDestination(session({ isInternal: true }), none)).toBe('/signIn');
  expect(signOutDestination(session({ isLciAdmin: true }), none)).toBe('/signIn');
  expect(signOutDestination(session(), none)).toBe('/clients/signin');
  // Without a loaded session (e.g. /signOut opened after a reload) the token decides; unknown goes to /signIn.
  expect(signOutDestination(null, readTokenFlags(jwt({ lci_internal: false })))).toBe('/clients/signin');
  expect(signOutDestination(null, readTokenFlags(jwt({ lci_internal: true })))).toBe('/signIn');
  expect(signOutDestination(null, none)).toBe('/signIn');
});

test("maintenance: the token snapshot until the session is loaded, then the session's live state; a 503 hint always counts", () => {
  const on = readTokenFlags(jwt({ lci_maintenance: true }));
  const off = readTokenFlags(jwt({}));
  expect(inMaintenance(null, on, null)).toBe(true);
  expect(inMaintenance(null, off, null)).toBe(false);
  expect(inMaintenance(session({}, { inMaintenance: false }), on, null)).toBe(false); // ended since the token was issued
  expect(inMaintenance(session({}, { inMaintenance: true }), off, null)).toBe(true);
  expect(inMaintenance(session(), off, 'Under Maintenance')).toBe(true);
});

test('guard step 3: an invalid login blocks signed-in pages with the notice, but /signOut and public screens stay open', () => {
  const base: GuardInput = {
    path: '/dashboard',
    from: null,
    route: {},
    signedIn: true,
    session: null,
    invalidLogin: true,
    inMaintenance: false,
    dirty: false,
    firstAccessiblePath: '/dashboard',
  };
  expect(runGuard(base)).toMatchObject({
    action: 'block',
    step: 3,
    alert: 'You are not authorized, please log in again',
  });
  expect(runGuard({ ...base, path: '/signOut', route: { page: false } }).step).not.toBe(3);
  expect(runGuard({ ...base, path: '/signIn', route: { public: true } })).toMatchObject({ action: 'allow' });
});
