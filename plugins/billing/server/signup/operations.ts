/**
 * The sign-up wizard's operations of POST /v3/manager/account/signup (platform.md 7.1):
 *
 *   insertUserAndTenant {tenant signup payload}        -> {userId, tenantId}          (tenant.ts)
 *   dupTenantCheck {emailDomain, companyName}          -> {countEmailDomain, countCompanyName}
 *   dupUserCheck {userEmail}                           -> {recoveryUrl, userExists, userHasSubscriptionUser}
 *   checktenantforrecoveryurl {tenantId}               -> {recoveryUrl}
 *
 * The kernel owns the path (its userRegistration, the registration-key lookup, lives there too); billing adds
 * these through the kernel's extension point accountSignupOperations. Public and throttled per client address
 * (throttles.ts). They answer no more than the spec's fields: counts are 0 or 1 (whether a match exists, not how
 * many); a recovery URL (the tenant's open checkout, access.ts recoveryUrl) is given only for a sign-up still in
 * progress (its user not yet confirmed) or to a signed-in member of the tenant (bearer token); otherwise null.
 */
import { z } from 'zod';
import type Koa from 'koa';
import {
  accountSignupOperationsPoint,
  contribute,
  findMembership,
  findUser,
  HttpError,
  listTenants,
  listUsers,
  normalizeEmail,
  reply,
  tooManyAttempts,
  userMemberships,
  type AccountSignupOperation,
  type Contribution,
  type Kernel,
  type Trx,
} from '../../../../kernel/index';
import * as api from '../../shared/api';
import { hasSubscription, recoveryUrl } from '../access';
import type { PlanFacts } from '../plans';
import { companyName, emailDomain, signupEmail, tenantSignupPayload, type TenantSignupPayload } from './schemas';
import { duplicateTenantCounts, insertUserAndTenant } from './tenant';
import { createSignupThrottles, overLimit, type SignupThrottles } from './throttles';

const dupTenantCheckPayload = z.object({ emailDomain, companyName });
const dupUserCheckPayload = z.object({ userEmail: signupEmail });
const recoveryPayload = z.object({
  tenantId: z.coerce.number({ error: 'Required.' }).int().positive().max(Number.MAX_SAFE_INTEGER),
});

async function dupTenantCheck(db: Trx, p: z.output<typeof dupTenantCheckPayload>) {
  const c = await duplicateTenantCounts(db, p.emailDomain, p.companyName);
  return { countEmailDomain: Math.min(c.countEmailDomain, 1), countCompanyName: Math.min(c.countCompanyName, 1) };
}

/** Whether a sign-up of this tenant is still in progress (its user is unconfirmed). */
async function signupsInProgress(db: Trx, tenantId: number): Promise<boolean> {
  const signups = await db('tenant_signups').where('tenant_id', tenantId).pluck('user_id');
  return (await listUsers(db, signups.map(Number))).some((u) => !u.confirmed);
}

/** The tenant a sign-up in progress created for this (unconfirmed) user, if any. */
async function signupTenantInProgress(db: Trx, userId: number): Promise<number | null> {
  if ((await findUser(db, userId))?.confirmed !== false) return null;
  const row = await db('tenant_signups').where('user_id', userId).first('tenant_id');
  return row ? Number(row.tenant_id) : null;
}

async function dupUserCheck(plans: PlanFacts, db: Trx, p: z.output<typeof dupUserCheckPayload>) {
  const user = await findUser(db, { username: normalizeEmail(p.userEmail) });
  if (!user) return { recoveryUrl: null, userExists: false, userHasSubscriptionUser: false };
  const userId = user.userId;
  const memberOf = (await userMemberships(db, userId)).filter((m) => m.active).map((m) => m.tenantId);
  const tenants = (await listTenants(db, { ids: memberOf, activeOnly: true })).map((t) => t.tenantId);
  let userHasSubscriptionUser = false;
  for (const t of tenants)
    if (await hasSubscription(db, t)) {
      userHasSubscriptionUser = true;
      break;
    }
  const pending = await signupTenantInProgress(db, userId);
  const url = pending !== null && !userHasSubscriptionUser ? await recoveryUrl(plans, db, pending) : null;
  return { recoveryUrl: url, userExists: true, userHasSubscriptionUser };
}

/** The user id of a valid bearer token on the request, or null (public routes carry no caller). */
async function bearerUserId(k: Kernel, koa: Koa.Context): Promise<number | null> {
  const m = /^Bearer\s+(.+)$/i.exec(koa.get('authorization'));
  if (!m) return null;
  try {
    return (await k.identity.verify(m[1].trim())).userId;
  } catch {
    return null;
  }
}

async function checkTenantForRecoveryUrl(
  k: Kernel,
  plans: PlanFacts,
  db: Trx,
  koa: Koa.Context,
  p: z.output<typeof recoveryPayload>,
) {
  const tenantId = p.tenantId;
  const callerId = await bearerUserId(k, koa);
  const member =
    callerId !== null &&
    !!(await findMembership(db, { tenantId, userId: callerId }))?.active &&
    !!(await findUser(db, callerId))?.active;
  const inProgress = !member && (await signupsInProgress(db, tenantId));
  if (!member && !inProgress) return { recoveryUrl: null };
  return { recoveryUrl: await recoveryUrl(plans, db, tenantId) };
}

/** insertUserAndTenant with its audit: refusals happen before anything is written and are answered committed, audited. */
async function insertWithAudit(k: Kernel, db: Trx, koa: Koa.Context, p: TenantSignupPayload) {
  let result;
  try {
    result = await insertUserAndTenant(db, p);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    await k.audit.write(db, {
      actorUserId: null,
      action: 'signup.tenant.refused',
      target: p.email.toLowerCase(),
      details: { reason: err.code, ip: koa.ip },
    });
    return reply(err.status, err.toJSON());
  }
  await k.audit.write(db, {
    tenantId: result.tenantId,
    actorUserId: result.userId,
    action: result.replayed ? 'signup.tenant.replayed' : 'signup.tenant.created',
    target: p.email.toLowerCase(),
    details: {
      tenantName: p.tenantName,
      emailDomain: p.tenantEmailDomain,
      affiliate: p.affiliate ?? null,
      signupSource: p.signupSource ?? null,
      ip: koa.ip,
    },
  });
  return { userId: result.userId, tenantId: result.tenantId };
}

/** The four operations, counted per client address against their own throttle (plan facts: the kernel's billing instance's). */
function wizardOperations(
  k: Kernel,
  plans: PlanFacts,
  throttles: SignupThrottles = createSignupThrottles(),
): AccountSignupOperation[] {
  const limited =
    <P>(throttle: keyof SignupThrottles, run: (db: Trx, koa: Koa.Context, payload: P) => Promise<unknown>) =>
    async ({ db, koa, payload }: { db: Trx; koa: Koa.Context; payload: P }) => {
      if (overLimit([[throttles[throttle], koa.ip]])) throw tooManyAttempts();
      return run(db, koa, payload);
    };
  return [
    {
      operation: 'insertUserAndTenant',
      payload: tenantSignupPayload,
      write: true,
      response: api.signupTenantAnswer,
      run: limited('tenantByAddress', (db, koa, p: TenantSignupPayload) => insertWithAudit(k, db, koa, p)),
    },
    {
      operation: 'dupTenantCheck',
      payload: dupTenantCheckPayload,
      response: api.dupTenantAnswer,
      run: limited('dupTenantByAddress', (db, _koa, p: z.output<typeof dupTenantCheckPayload>) =>
        dupTenantCheck(db, p),
      ),
    },
    {
      operation: 'dupUserCheck',
      payload: dupUserCheckPayload,
      response: api.dupUserAnswer,
      run: limited('dupUserByAddress', (db, _koa, p: z.output<typeof dupUserCheckPayload>) =>
        dupUserCheck(plans, db, p),
      ),
    },
    {
      operation: 'checktenantforrecoveryurl',
      payload: recoveryPayload,
      response: api.recoveryUrlAnswer,
      run: limited('recoveryByAddress', (db, koa, p: z.output<typeof recoveryPayload>) =>
        checkTenantForRecoveryUrl(k, plans, db, koa, p),
      ),
    },
  ];
}

/** Billing's registrations into kernel.accountSignupOperations (one throttle set per kernel). */
export function signupContributions(k: Kernel, plans: PlanFacts): Contribution[] {
  return wizardOperations(k, plans).map((op) => contribute(accountSignupOperationsPoint, op));
}
