/**
 * insertUserAndTenant (platform.md 3 "Tenant signup payload", 7.1): the tenant of
 * a self sign-up, once per user.
 *
 *  - The user must exist (created by the identity sign-up, or by an external
 *    identity provider) and have no tenant yet.
 *  - Creates the tenant (region from the hidden selector, else EU 1 for the EU,
 *    else US 1; currency from the geo lookup), grants Assessment and Admin
 *    (Core, AIR and Customer Success come from subscriptions), its
 *    Administrators security group with Read/Write on every page that is not
 *    internal, and the user as tenant admin of it (terms asked at sign-in).
 *  - A retry with the same payload (userGeo aside: it is derived, not chosen)
 *    answers the same ids; any other payload for a user with a tenant is refused.
 *  - The tenant name and e-mail domain must be new (the wizard's duplicate
 *    tenant check, enforced here too).
 */
import crypto from 'node:crypto';
import {
  addTenantUser,
  countTenantsLike,
  createSecurityGroup,
  createTenant,
  DEFAULT_REGION,
  findUser,
  grantModules,
  HttpError,
  listNavItems,
  MODULES,
  setCurrentTenant,
  updateUserProfile,
  userMemberships,
  type AccessPage,
  type ModuleName,
  type RegionCode,
  type Trx,
} from '../../../../kernel/index';
import { MSG_DUP_COMPANY, MSG_DUP_DOMAIN } from '../../shared/signup-rules';
import { offlineGeo } from './geo/offline';
import type { GeoInfo } from './geo/types';
import type { TenantSignupPayload, UserGeoInput } from './schemas';

const ADMIN_GROUP_NAME = 'Administrators';
/** Modules a signed-up tenant has before any subscription; the subscription modules come from its subscriptions. */
const SIGNUP_GRANTED_MODULES: ModuleName[] = ['Assessment', 'Admin'];
const MSG_NO_SIGNUP_USER = 'No sign-up was found for this e-mail address. Please start the sign-up again.';
const MSG_USER_HAS_TENANT = 'This e-mail address already belongs to an account. Please sign in instead.';

interface SignupResult {
  userId: number;
  tenantId: number;
  replayed: boolean;
}
type ResolvedGeo = GeoInfo & { user_selected_region: RegionCode | null };

/** userGeo completed from the offline default; the region it leads to. */
function resolveGeo(geo: UserGeoInput | undefined): { geo: ResolvedGeo; region: RegionCode } {
  const g = geo ?? {};
  const fallback = offlineGeo({ timeZone: g.time_zone }, { country: g.country });
  const resolved: ResolvedGeo = {
    currency_code: g.currency_code ?? fallback.currency_code,
    time_zone: g.time_zone ?? fallback.time_zone,
    country: g.country ?? fallback.country,
    continent: g.continent ?? fallback.continent,
    in_eu: g.in_eu ?? fallback.in_eu,
    user_selected_region: g.user_selected_region ?? null,
  };
  const region: RegionCode =
    resolved.user_selected_region ?? (resolved.in_eu || resolved.continent === 'EU' ? 'ec1' : DEFAULT_REGION);
  return { geo: resolved, region };
}

/** Hash of what the user chose (the payload without the derived userGeo), to recognise a retry. */
function payloadHash(p: TenantSignupPayload): string {
  const canonical = {
    email: p.email.toLowerCase(),
    firstName: p.firstName,
    lastName: p.lastName,
    fullName: p.fullName ?? '',
    tenantName: p.tenantName,
    tenantEmailDomain: p.tenantEmailDomain,
    tenantUrl: p.tenantUrl ?? '',
    affiliate: (p.affiliate ?? '').toLowerCase(),
    signupSource: p.signupSource ?? '',
  };
  return crypto.createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/** Counts of tenants with this e-mail domain and this company name (case-insensitive). */
export async function duplicateTenantCounts(
  db: Trx,
  emailDomain: string,
  companyName: string,
): Promise<{ countEmailDomain: number; countCompanyName: number }> {
  const n = await countTenantsLike(db, { emailDomain, name: companyName });
  return { countEmailDomain: n.emailDomain, countCompanyName: n.name };
}

/** Read/Write on every page of the catalogue (kernel and plugins, synced at start) that is not internal. */
async function adminPages(db: Trx): Promise<AccessPage[]> {
  const urls = (await listNavItems(db, { internal: false })).map((n) => n.url).sort();
  return urls.map((url) => ({ url, access_level: 'Read/Write' as const }));
}

export async function insertUserAndTenant(db: Trx, p: TenantSignupPayload): Promise<SignupResult> {
  const username = p.email.trim().toLowerCase();
  // The user's row is locked: two concurrent tries for one user run one after the other.
  const user = await findUser(db, { username }, { lock: true });
  if (!user || !user.active) throw new HttpError(404, MSG_NO_SIGNUP_USER, 'UserNotFoundException');
  const userId = user.userId;
  const hash = payloadHash(p);

  const previous = await db('tenant_signups').where({ user_id: userId }).first('tenant_id', 'payload_hash');
  if (previous) {
    if (previous.payload_hash === hash) return { userId, tenantId: Number(previous.tenant_id), replayed: true };
    throw new HttpError(409, MSG_USER_HAS_TENANT, 'UserHasTenantException');
  }
  if ((await userMemberships(db, userId)).length)
    throw new HttpError(409, MSG_USER_HAS_TENANT, 'UserHasTenantException');

  const dup = await duplicateTenantCounts(db, p.tenantEmailDomain, p.tenantName);
  if (dup.countEmailDomain || dup.countCompanyName) {
    throw new HttpError(
      409,
      dup.countEmailDomain ? MSG_DUP_DOMAIN : MSG_DUP_COMPANY,
      'TenantExistsException',
      undefined,
      {
        countEmailDomain: Math.min(dup.countEmailDomain, 1),
        countCompanyName: Math.min(dup.countCompanyName, 1),
      },
    );
  }

  const { geo, region } = resolveGeo(p.userGeo);
  const tenantId = await createTenant(db, {
    name: p.tenantName,
    emailDomain: p.tenantEmailDomain,
    url: p.tenantUrl || undefined,
    regionCode: region,
    currency: geo.currency_code,
  });
  await grantModules(db, tenantId, SIGNUP_GRANTED_MODULES, 'signup');
  const securityGroupId = await createSecurityGroup(db, tenantId, {
    name: ADMIN_GROUP_NAME,
    description: 'Full access to every module and page',
    modules: [...MODULES],
    isAdminGroup: true,
    pages: await adminPages(db),
  });
  await updateUserProfile(db, userId, {
    nameFirst: p.firstName,
    nameLast: p.lastName,
    companyName: p.tenantName,
    regionCode: region,
  });
  await addTenantUser(db, tenantId, { userId, securityGroupId, tenantAdmin: true, acceptTerms: false });
  await setCurrentTenant(db, userId, tenantId);
  await db('tenant_signups').insert({
    tenant_id: tenantId,
    user_id: userId,
    email: username,
    payload_hash: hash,
    affiliate: p.affiliate ? p.affiliate.toLowerCase() : null,
    signup_source: p.signupSource || null,
    user_geo: JSON.stringify(geo),
  });
  return { userId, tenantId, replayed: false };
}
