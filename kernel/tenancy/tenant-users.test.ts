/**
 * listTenantUsers, the read-only list of a tenant's users plugins build user pickers on: the tenant's members in
 * name order, deactivated ones left out with activeOnly, never a user of another tenant (even asked for it by id
 * inside another tenant's transaction).
 */
import { startTestServer, type TestServer } from '../../tests/helpers/server';
import { makeTenant, type TestTenant } from '../../tests/helpers/tenants';
import { addTenantUser, createUser } from './provision';
import { listTenantUsers } from './tenant-users';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
let zed: number; // an active member of A named Zed
let gone: number; // a deactivated member of A

beforeAll(async () => {
  s = await startTestServer({ jobs: false });
  a = await makeTenant(s.k, s.url);
  b = await makeTenant(s.k, s.url);
  const tag = Date.now().toString(36);
  [zed, gone] = await s.k.db.withSystem(async (trx) => {
    const member = async (first: string, active: boolean) => {
      const userId = await createUser(trx, {
        email: `${first.toLowerCase()}-${tag}@member.example.com`,
        firstName: first,
        lastName: 'Member',
        currentTenantId: a.tenantId,
        passwordHash: 'x',
      });
      const tu = await addTenantUser(trx, a.tenantId, { userId, securityGroupId: a.securityGroupId });
      if (!active) await trx('tenant_users').where({ tenant_user_id: tu }).update({ active_flag: false });
      return tu;
    };
    return [await member('Zed', true), await member('Gone', false)];
  });
}, 300_000);
afterAll(async () => s?.stop());

test("a tenant's users in name order; activeOnly leaves the deactivated out", async () => {
  const all = await s.k.db.withTenant(a.tenantId, (trx) => listTenantUsers(trx, a.tenantId));
  expect(all.map((u) => [u.name, u.is_active])).toEqual([
    ['Gone Member', false],
    ['Test Admin', true],
    ['Zed Member', true],
  ]);
  expect(all.find((u) => u.tenant_user_id === zed)).toMatchObject({ user_id: expect.any(Number), is_external: false });
  const active = await s.k.db.withTenant(a.tenantId, (trx) => listTenantUsers(trx, a.tenantId, { activeOnly: true }));
  expect(active.map((u) => u.name)).toEqual(['Test Admin', 'Zed Member']);
  expect(active.some((u) => u.tenant_user_id === gone)).toBe(false);
});

test("never another tenant's users", async () => {
  const own = await s.k.db.withTenant(b.tenantId, (trx) => listTenantUsers(trx, b.tenantId));
  expect(own.map((u) => u.user_id)).toEqual([b.userId]);
  // Asking for A's users inside B's transaction: row-level security answers nothing.
  expect(await s.k.db.withTenant(b.tenantId, (trx) => listTenantUsers(trx, a.tenantId))).toEqual([]);
});
