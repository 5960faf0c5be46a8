/**
 * The sign-up wizard's operations of POST /v3/manager/account/signup (platform.md 7.1):
 *
 *   insertUserAndTenant {tenant signup payload}        -> {userId, tenantId}          (tenant.ts)
 *   dupTenantCheck {emailDomain, companyName}          -> {countEmailDomain, countCompanyName}
 *   dupUserCheck {userEmail}                           -> {recoveryUrl, userExists, userHasSubscriptionUser}
 *   checktenantforrecoveryurl {tenantId}               -> {recoveryUrl}
 *
 * Public and throttled per client address (throttles.ts). They answer no more
 * than the spec's fields: counts are 0 or 1 (whether a match exists, not how
 * many); a recovery URL (billing's open checkout, through the Providers hook
 * recoveryUrl) is given only for a sign-up still in progress (its user not yet
 * confirmed) or to a signed-in member of the tenant (bearer token); otherwise null.
 */
import { z } from 'zod';
import type Koa from 'koa';
import type { Trx } from '../../db/database';
import type { Kernel } from '../../kernel';
import { normalizeEmail } from '../login/users';
import { recoveryUrlFor, tenantHasSubscription } from './billing-facts';
import { duplicateTenantCounts, insertUserAndTenant } from './tenant';
import { companyName, emailDomain, signupEmail, tenantSignupPayload } from './wizard-rules';

export const insertUserAndTenantOp = z.object({ operation: z.literal('insertUserAndTenant'), payload: tenantSignupPayload });
export const dupTenantCheckOp = z.object({ operation: z.literal('dupTenantCheck'), payload: z.object({ emailDomain, companyName }) });
export const dupUserCheckOp = z.object({ operation: z.literal('dupUserCheck'), payload: z.object({ userEmail: signupEmail }) });
export const checkTenantForRecoveryUrlOp = z.object({
  operation: z.literal('checktenantforrecoveryurl'),
  payload: z.object({ tenantId: z.coerce.number({ error: 'Required.' }).int().positive().max(Number.MAX_SAFE_INTEGER) }),
});

export const WIZARD_OPERATIONS = [insertUserAndTenantOp, dupTenantCheckOp, dupUserCheckOp, checkTenantForRecoveryUrlOp] as const;

export const wizardAnswers = [
  z.object({ userId: z.number(), tenantId: z.number() }),
  z.object({ countEmailDomain: z.number(), countCompanyName: z.number() }),
  z.object({ recoveryUrl: z.string().nullable(), userExists: z.boolean(), userHasSubscriptionUser: z.boolean() }),
  z.object({ recoveryUrl: z.string().nullable() }),
] as const;

export { insertUserAndTenant };

export async function dupTenantCheck(db: Trx, p: z.output<typeof dupTenantCheckOp>['payload']) {
  const c = await duplicateTenantCounts(db, p.emailDomain, p.companyName);
  return { countEmailDomain: Math.min(c.countEmailDomain, 1), countCompanyName: Math.min(c.countCompanyName, 1) };
}

/** The tenant a sign-up in progress created for this (unconfirmed) user, if any. */
async function signupTenantInProgress(db: Trx, userId: number): Promise<number | null> {
  const row = await db('tenant_signups as s').join('users as u', 'u.user_id', 's.user_id')
    .where('s.user_id', userId).where('u.confirmed_flag', false).first('s.tenant_id');
  return row ? Number(row.tenant_id) : null;
}

export async function dupUserCheck(k: Kernel, db: Trx, p: z.output<typeof dupUserCheckOp>['payload']) {
  const user = await db('users').where({ username: normalizeEmail(p.userEmail) }).first('user_id');
  if (!user) return { recoveryUrl: null, userExists: false, userHasSubscriptionUser: false };
  const userId = Number(user.user_id);
  const tenants = (await db('tenant_users as tu').join('tenants as t', 't.tenant_id', 'tu.tenant_id')
    .where({ 'tu.user_id': userId, 'tu.active_flag': true, 't.active_flag': true }).select('tu.tenant_id'))
    .map((r: { tenant_id: string | number }) => Number(r.tenant_id));
  let userHasSubscriptionUser = false;
  for (const t of tenants) if (await tenantHasSubscription(k, db, t)) { userHasSubscriptionUser = true; break; }
  const pending = await signupTenantInProgress(db, userId);
  const recoveryUrl = pending !== null && !userHasSubscriptionUser ? await recoveryUrlFor(k, db, pending) : null;
  return { recoveryUrl, userExists: true, userHasSubscriptionUser };
}

/** The user id of a valid bearer token on the request, or null (public routes carry no caller). */
async function bearerUserId(k: Kernel, koa: Koa.Context): Promise<number | null> {
  const m = /^Bearer\s+(.+)$/i.exec(koa.get('authorization'));
  if (!m) return null;
  try { return (await k.identity.verify(m[1].trim())).userId; } catch { return null; }
}

export async function checkTenantForRecoveryUrl(k: Kernel, db: Trx, koa: Koa.Context, p: z.output<typeof checkTenantForRecoveryUrlOp>['payload']) {
  const tenantId = p.tenantId;
  const callerId = await bearerUserId(k, koa);
  const member = callerId !== null && !!(await db('tenant_users as tu').join('users as u', 'u.user_id', 'tu.user_id')
    .where({ 'tu.tenant_id': tenantId, 'tu.user_id': callerId, 'tu.active_flag': true, 'u.active_flag': true }).first('tu.tenant_user_id'));
  const inProgress = !member && !!(await db('tenant_signups as s').join('users as u', 'u.user_id', 's.user_id')
    .where({ 's.tenant_id': tenantId, 'u.confirmed_flag': false }).first('s.user_id'));
  if (!member && !inProgress) return { recoveryUrl: null };
  return { recoveryUrl: await recoveryUrlFor(k, db, tenantId) };
}
