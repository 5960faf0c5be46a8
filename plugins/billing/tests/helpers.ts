/** Test tenants for billing suites: subscribers without complimentary access, plain members, sign-up tenants. */
import crypto from 'node:crypto';
import type { Kernel } from '../../../kernel/index';
import { addTenantUser, createSecurityGroup, createTenant, createUser, grantModules } from '../../../kernel/index';
import { apiCall, makeTenant, TEST_PASSWORD, type TestTenant, type TestTenantOptions } from '../../../tests/sdk';
import { BILLING_MODULES } from '../shared/status';

/** A tenant admin whose tenant has no grant of Core, AIR or Customer Success: its modules come from subscriptions. */
export async function makeSubscriber(k: Kernel, url: string, opts: TestTenantOptions = {}): Promise<TestTenant> {
  const t = await makeTenant(k, url, { modules: ['Core', 'AIR', 'Customer Success', 'Admin'], ...opts });
  await k.db.withSystem((trx) =>
    trx('tenant_module_grants')
      .where({ tenant_id: t.tenantId })
      .whereIn('module', BILLING_MODULES as string[])
      .delete(),
  );
  k.access.invalidate(t.tenantId);
  return t;
}

/** Another user of the tenant, not a tenant admin, in a group with the given pages. */
export async function makeMember(
  k: Kernel,
  url: string,
  t: TestTenant,
  pages: { url: string; access_level: 'Read Only' | 'Read/Write' }[] = [],
): Promise<TestTenant> {
  const tag = crypto.randomBytes(4).toString('hex');
  const email = `member-${tag}@member.example.com`;
  const passwordHash = await k.identity.hashPassword(TEST_PASSWORD);
  const userId = await k.db.withSystem(async (trx) => {
    const groupId = await createSecurityGroup(trx, t.tenantId, {
      name: `Members ${tag}`,
      modules: ['Core', 'AIR', 'Customer Success'],
      isAdminGroup: false,
      pages,
    });
    const id = await createUser(trx, {
      email,
      passwordHash,
      firstName: 'Mem',
      lastName: 'Ber',
      currentTenantId: t.tenantId,
    });
    await addTenantUser(trx, t.tenantId, {
      userId: id,
      securityGroupId: groupId,
      tenantAdmin: false,
      acceptTerms: true,
    });
    return id;
  });
  const token = await k.identity.issueAccessToken(userId);
  return {
    tenantId: t.tenantId,
    userId,
    securityGroupId: 0,
    email,
    password: TEST_PASSWORD,
    token,
    api: (m, p, b, h) => apiCall(url, k.config.apiKey, token, m, p, b, h),
  };
}

/** A tenant as the sign-up wizard leaves it (insertUserAndTenant): Assessment and Admin granted, its admin, a tenant_signups row. */
export async function makeSignupTenant(
  k: Kernel,
  opts: { affiliate?: string } = {},
): Promise<{ tenantId: number; userId: number; email: string }> {
  const tag = crypto.randomBytes(4).toString('hex');
  const email = `owner-${tag}@signup-${tag}.example.com`;
  return k.db.withSystem(async (trx) => {
    const tenantId = await createTenant(trx, { name: `Signup ${tag}`, emailDomain: `signup-${tag}.example.com` });
    await grantModules(trx, tenantId, ['Assessment', 'Admin'], 'signup');
    const groupId = await createSecurityGroup(trx, tenantId, {
      name: 'Administrators',
      modules: ['Core', 'AIR', 'Customer Success', 'Assessment', 'Admin'],
      isAdminGroup: true,
      pages: [],
    });
    const userId = await createUser(trx, { email, firstName: 'Sign', lastName: 'Up', currentTenantId: tenantId });
    await addTenantUser(trx, tenantId, { userId, securityGroupId: groupId, tenantAdmin: true, acceptTerms: false });
    await trx('tenant_signups').insert({
      tenant_id: tenantId,
      user_id: userId,
      email,
      payload_hash: 'test',
      affiliate: opts.affiliate ?? null,
    });
    return { tenantId, userId, email };
  });
}
