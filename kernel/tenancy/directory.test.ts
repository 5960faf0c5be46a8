/**
 * The kernel's directory (directory.ts) and identity writes (identity-writes.ts), the API plugins use instead of
 * their own SQL on kernel tables: each function runs in the caller's scope, so a tenant scope sees its own
 * tenant, members and groups only and the system scope sees every tenant; users come without credentials.
 */
import { startTestServer, type TestServer } from '../../tests/helpers/server';
import { makeTenant, type TestTenant } from '../../tests/helpers/tenants';
import {
  countTenantsLike,
  findMembership,
  findTenant,
  findUser,
  isActiveMember,
  listMembers,
  listSecurityGroups,
  listTenants,
  membershipCounts,
  tenantActivity,
  userNotificationStamp,
  userRowsForExport,
  withTenantNames,
} from './directory';
import { removeUsersWithoutMembership, setTenantFormats, stampUserNotifications } from './identity-writes';
import { addTenantUser, createUser } from './provision';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
let tag: string;
let guest: { userId: number; tenantUserId: number }; // a member of A and B
let aTenantUserId: number;

beforeAll(async () => {
  s = await startTestServer({ jobs: false });
  tag = Date.now().toString(36);
  a = await makeTenant(s.k, s.url, { name: `Directory A ${tag}` });
  b = await makeTenant(s.k, s.url, { name: `Directory B ${tag}` });
  guest = await s.k.db.withSystem(async (trx) => {
    const userId = await createUser(trx, {
      email: `Guest-${tag}@Guest.example.com`,
      firstName: 'Gus',
      lastName: 'Guest',
      passwordHash: 'secret-hash',
    });
    await addTenantUser(trx, b.tenantId, { userId, securityGroupId: b.securityGroupId });
    const tenantUserId = await addTenantUser(trx, a.tenantId, { userId, securityGroupId: a.securityGroupId });
    return { userId, tenantUserId };
  });
  aTenantUserId = (await s.k.db.withSystem((trx) => findMembership(trx, { tenantId: a.tenantId, userId: a.userId })))!
    .tenantUserId;
}, 300_000);
afterAll(async () => s?.stop());

test('a tenant scope reads its own tenant only; the system scope reads any', async () => {
  const own = await s.k.db.withTenant(a.tenantId, (trx) => findTenant(trx, a.tenantId));
  expect(own).toMatchObject({ tenantId: a.tenantId, name: `Directory A ${tag}`, active: true, currency: 'USD' });
  expect(await s.k.db.withTenant(a.tenantId, (trx) => findTenant(trx, b.tenantId))).toBeNull();
  expect((await s.k.db.withTenant(a.tenantId, (trx) => listTenants(trx))).map((t) => t.tenantId)).toEqual([a.tenantId]);
  expect(await s.k.db.withSystem((trx) => findTenant(trx, b.tenantId))).toMatchObject({ name: `Directory B ${tag}` });
  const found = await s.k.db.withSystem((trx) =>
    listTenants(trx, { search: `directory b ${tag}`, customersOnly: true, orderBy: 'name' }),
  );
  expect(found.map((t) => t.tenantId)).toEqual([b.tenantId]);
  const labelled = await s.k.db.withSystem((trx) =>
    withTenantNames(trx, [{ tenant_id: b.tenantId }, { tenant_id: 999_999_999 }]),
  );
  expect(labelled.map((r) => r.tenant_name)).toEqual([`Directory B ${tag}`, null]);
});

test('users come without credentials; by username they are found lower case', async () => {
  const user = await s.k.db.withSystem((trx) => findUser(trx, { username: ` GUEST-${tag}@guest.example.com ` }));
  expect(user).toMatchObject({ userId: guest.userId, displayName: 'Gus Guest', active: true, isLciAdmin: false });
  expect(Object.keys(user!)).not.toContain('password_hash');
  expect(JSON.stringify(user)).not.toContain('secret-hash');
  const rows = await s.k.db.withSystem((trx) => userRowsForExport(trx, [guest.userId]));
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ user_id: expect.anything(), name_first: 'Gus' });
  for (const secret of ['password_hash', 'mfa_secret', 'mfa_setup_secret']) expect(rows[0]).not.toHaveProperty(secret);
});

test("memberships: a tenant scope sees its own tenant's members; the system scope filters by tenant", async () => {
  const inA = await s.k.db.withTenant(a.tenantId, (trx) => listMembers(trx));
  expect(inA.map((m) => m.userId).sort()).toEqual([a.userId, guest.userId].sort());
  expect(new Set(inA.map((m) => m.tenantId))).toEqual(new Set([a.tenantId]));
  expect(await s.k.db.withTenant(a.tenantId, (trx) => isActiveMember(trx, guest.tenantUserId))).toBe(true);
  // B's admin is no member of A: asked inside A's scope, not found.
  const bAdmin = (await s.k.db.withSystem((trx) => findMembership(trx, { tenantId: b.tenantId, userId: b.userId })))!;
  expect(await s.k.db.withTenant(a.tenantId, (trx) => isActiveMember(trx, bAdmin.tenantUserId))).toBe(false);
  const counts = await s.k.db.withSystem((trx) => membershipCounts(trx, [guest.userId, a.userId]));
  expect(counts.get(guest.userId)).toBe(2);
  expect(counts.get(a.userId)).toBe(1);
  const activity = await s.k.db.withSystem((trx) => tenantActivity(trx));
  expect(activity.get(a.tenantId)?.activeUsers).toBe(2);
  expect(aTenantUserId).toBeGreaterThan(0);
});

test("a tenant scope lists its own security groups, not another tenant's", async () => {
  const own = await s.k.db.withTenant(a.tenantId, (trx) => listSecurityGroups(trx, a.tenantId));
  expect(own.map((g) => g.securityGroupId)).toEqual([a.securityGroupId]);
  expect(await s.k.db.withTenant(a.tenantId, (trx) => listSecurityGroups(trx, b.tenantId))).toEqual([]);
});

test('the duplicate check counts names and e-mail domains case-insensitively', async () => {
  const n = await s.k.db.withSystem((trx) =>
    countTenantsLike(trx, { emailDomain: 'NO-SUCH.example.com', name: ` directory a ${tag.toUpperCase()} ` }),
  );
  expect(n).toEqual({ emailDomain: 0, name: 1 });
});

test("writes: formats, notification stamps of a tenant's members, removing users without membership", async () => {
  await s.k.db.withTenant(a.tenantId, (trx) => setTenantFormats(trx, a.tenantId, { dateFormat: 'dd/mm/yyyy' }));
  expect(await s.k.db.withSystem((trx) => findTenant(trx, a.tenantId))).toMatchObject({
    dateFormat: 'dd/mm/yyyy',
    currency: 'USD',
  });
  const stamp = '00000000-0000-4000-8000-' + Date.now().toString().padStart(12, '0').slice(-12);
  const n = await s.k.db.withSystem((trx) => stampUserNotifications(trx, { tenantId: b.tenantId }, stamp));
  expect(n).toBe(2);
  expect(await s.k.db.withSystem((trx) => userNotificationStamp(trx, guest.userId))).toBe(stamp);
  expect(await s.k.db.withSystem((trx) => userNotificationStamp(trx, a.userId))).not.toBe(stamp);
  // The guest still has memberships: not removed, and counted as left.
  expect(await s.k.db.withSystem((trx) => removeUsersWithoutMembership(trx, [guest.userId]))).toBe(1);
});
