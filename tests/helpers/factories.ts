/**
 * Factories for the records most tests need, made the way a user makes them: companies, contacts and assets through
 * their plugins' public routes (so a scoped server needs those plugins), users through the kernel's provisioning, as
 * `makeTenant` does. Each returns the new record's id (a user: a TestTenant-like handle with its own token).
 */
import crypto from 'node:crypto';
import type { Kernel } from '../../kernel/kernel';
import { addTenantUser, createSecurityGroup, createUser } from '../../kernel/tenancy/provision';
import type { AccessLevel, ModuleName } from '../../kernel/types';
import { apiCall, TEST_PASSWORD, type TestTenant } from './tenants';

function created(what: string, r: { status: number; body: any }): any {
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** A company of the tenant (POST /companies, the companies plugin), `fields` as the route takes them; returns its tenant_company_id. */
export async function makeCompany(
  t: TestTenant,
  moniker = `Company ${crypto.randomBytes(3).toString('hex')}`,
  fields: Record<string, unknown> = {},
) {
  const body = created(
    'makeCompany',
    await t.api('POST', `/v3/tenant/${t.tenantId}/companies`, { moniker, ...fields }),
  );
  return body.company.tenant_company_id as number;
}

/** A contact of a company (the contacts plugin's route); `fields` as the route takes them. Returns its contact_id. */
export async function makeContact(
  t: TestTenant,
  companyId: number,
  fields: Record<string, unknown> = {},
): Promise<number> {
  const body = created(
    'makeContact',
    await t.api('POST', `/v3/tenant/${t.tenantId}/company/${companyId}/contact`, { first_name: 'Pat', ...fields }),
  );
  return body.contact.contact_id as number;
}

/** An asset of a company (the assets plugin's route); `fields` as the route takes them. Returns its asset_id. */
export async function makeAsset(t: TestTenant, companyId: number, fields: Record<string, unknown> = {}) {
  const body = created(
    'makeAsset',
    await t.api('POST', `/v3/tenant/${t.tenantId}/assets`, {
      tenant_company_id: companyId,
      name: `Asset ${crypto.randomBytes(3).toString('hex')}`,
      ...fields,
    }),
  );
  return body.asset.asset_id as number;
}

export interface MakeUserOptions {
  /** The pages the user's (new) security group reaches, e.g. `[{ url: CONTACTS_PAGE, access_level: 'Read Only' }]`. */
  pages?: { url: string; access_level: AccessLevel }[];
  modules?: ModuleName[];
  tenantAdmin?: boolean;
  /**
   * An existing security group of the tenant to join (e.g. `t.securityGroupId`) instead of a new one, or null for a
   * member without a group; `pages` and `modules` are then not used.
   */
  securityGroupId?: number | null;
  /** Default 'Test' 'User' and a unique address. */
  firstName?: string;
  lastName?: string;
  email?: string;
  /** false: a deactivated member of the tenant (tenant_users.active_flag false). */
  active?: boolean;
}

/** A user of makeUser: a TestTenant-like handle (its own token) with its membership's tenant_user_id. */
export interface TestUser extends TestTenant {
  tenantUserId: number;
}

/**
 * A further user of `t`'s tenant, signed in (a token): in a security group of its own with the given page access, in
 * the existing group `opts.securityGroupId`, or (null) in none.
 */
export async function makeUser(
  k: Kernel,
  url: string,
  t: TestTenant,
  opts: MakeUserOptions & { securityGroupId: null },
): Promise<Omit<TestUser, 'securityGroupId'> & { securityGroupId: null }>;
export async function makeUser(
  k: Kernel,
  url: string,
  t: TestTenant,
  opts?: MakeUserOptions & { securityGroupId?: number },
): Promise<TestUser>;
export async function makeUser(
  k: Kernel,
  url: string,
  t: TestTenant,
  opts?: MakeUserOptions,
): Promise<Omit<TestUser, 'securityGroupId'> & { securityGroupId: number | null }>;
export async function makeUser(k: Kernel, url: string, t: TestTenant, opts: MakeUserOptions = {}) {
  if (opts.securityGroupId !== undefined && (opts.pages || opts.modules))
    throw new Error('makeUser: pages and modules belong to a new group, not to an existing securityGroupId');
  const tag = crypto.randomBytes(4).toString('hex');
  const email = opts.email ?? `user-${tag}@${tag}.example.com`;
  const passwordHash = await k.identity.hashPassword(TEST_PASSWORD);
  const ids = await k.db.withSystem(async (trx) => {
    const securityGroupId =
      opts.securityGroupId !== undefined
        ? opts.securityGroupId
        : await createSecurityGroup(trx, t.tenantId, {
            name: `Group ${tag}`,
            modules: opts.modules ?? ['Core', 'Customer Success'],
            isAdminGroup: opts.tenantAdmin ?? false,
            pages: opts.pages ?? [],
          });
    const userId = await createUser(trx, {
      email,
      passwordHash,
      firstName: opts.firstName ?? 'Test',
      lastName: opts.lastName ?? 'User',
      currentTenantId: t.tenantId,
    });
    const tenantUserId = await addTenantUser(trx, t.tenantId, {
      userId,
      securityGroupId,
      tenantAdmin: opts.tenantAdmin ?? false,
      acceptTerms: true,
    });
    if (opts.active === false)
      await trx('tenant_users').where({ tenant_user_id: tenantUserId }).update({ active_flag: false });
    return { userId, securityGroupId, tenantUserId };
  });
  const token = await k.identity.issueAccessToken(ids.userId);
  return {
    tenantId: t.tenantId,
    ...ids,
    email,
    password: TEST_PASSWORD,
    token,
    api: (m: string, p: string, b?: unknown, h?: Record<string, string>) =>
      apiCall(url, k.config.apiKey, token, m, p, b, h),
  };
}
