/** Test tenants: a tenant, a security group, a user with a known password and a real access token. */
import crypto from 'node:crypto';
import type { Kernel } from '../../kernel/kernel';
import {
  addTenantUser,
  createSecurityGroup,
  createTenant,
  createUser,
  grantModules,
} from '../../kernel/tenancy/provision';
import type { AccessLevel, ModuleName } from '../../kernel/types';

export interface TestTenantOptions {
  name?: string;
  tenantAdmin?: boolean;
  lciAdmin?: boolean;
  allowImpersonation?: boolean;
  modules?: ModuleName[];
  pages?: { url: string; access_level: AccessLevel }[];
  acceptTerms?: boolean;
}

export interface TestTenant {
  tenantId: number;
  userId: number;
  securityGroupId: number;
  email: string;
  password: string;
  token: string;
  /** Calls the API as this user: JSON in, { status, body } out. */
  api(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: any }>;
}

export const TEST_PASSWORD = 'Lifecycle#2024';

export async function apiCall(
  base: string,
  apiKey: string,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      'x-api-key': apiKey,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed as any };
}

export async function makeTenant(k: Kernel, url: string, opts: TestTenantOptions = {}): Promise<TestTenant> {
  const tag = crypto.randomBytes(4).toString('hex');
  const name = opts.name ?? `Tenant ${tag}`;
  const email = `admin-${tag}@${tag}.example.com`;
  const modules = opts.modules ?? ['Core', 'Customer Success', 'Admin'];
  const passwordHash = await k.identity.hashPassword(TEST_PASSWORD);
  const ids = await k.db.withSystem(async (trx) => {
    const tenantId = await createTenant(trx, { name, emailDomain: `${tag}.example.com` });
    const securityGroupId = await createSecurityGroup(trx, tenantId, {
      name: 'Administrators',
      modules,
      isAdminGroup: opts.tenantAdmin ?? true,
      pages: opts.pages ?? [],
    });
    const userId = await createUser(trx, {
      email,
      passwordHash,
      firstName: 'Test',
      lastName: 'Admin',
      currentTenantId: tenantId,
      isLciAdmin: opts.lciAdmin,
      isInternal: opts.lciAdmin,
      allowImpersonation: opts.allowImpersonation,
    });
    await addTenantUser(trx, tenantId, {
      userId,
      securityGroupId,
      tenantAdmin: opts.tenantAdmin ?? true,
      acceptTerms: opts.acceptTerms ?? true,
    });
    await grantModules(trx, tenantId, modules);
    return { tenantId, userId, securityGroupId };
  });
  const token = await k.identity.issueAccessToken(ids.userId);
  return {
    ...ids,
    email,
    password: TEST_PASSWORD,
    token,
    api: (m, p, b, h) => apiCall(url, k.config.apiKey, token, m, p, b, h),
  };
}
