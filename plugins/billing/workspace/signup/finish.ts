/**
 * Finish of the sign-up wizard (platform.md 4.4, 7.1, 8): create the identity
 * user once, the user and tenant once, then ask for the payment checkout
 * session. Steps that succeeded are remembered (progress.ts), so a retry after
 * a failure skips them. The caller shows 'We are creating your account, this
 * should only take a moment' meanwhile, and redirects on the outcome.
 */
import type { AccountDetails, UserDetails } from '../../shared/signup-rules';
import { MSG_SIGNUP_PROBLEM } from '../../shared/signup-rules';
import type { SignupDraft, SignupProgress } from './progress';

export interface UserGeo {
  currency_code?: string | null;
  time_zone?: string | null;
  country?: string | null;
  continent?: string | null;
  in_eu?: boolean | null;
  user_selected_region?: string | null;
}

export interface FinishInput {
  user: UserDetails;
  account: AccountDetails;
  /** External identity (autofillSSOData): the identity already exists, no password. */
  external: boolean;
  affiliate: string | null;
  planIds: string[];
  userGeo: UserGeo;
  signupSource: string;
}

export interface FinishDeps {
  post<T>(path: string, body: unknown): Promise<T>;
  readProgress(email: string): SignupProgress;
  writeProgress(p: SignupProgress): void;
}

export type FinishOutcome =
  { kind: 'checkout'; url: string; sessionId: string } | { kind: 'subscription'; email: string };

type SessionAnswer = { status?: number; data?: { object?: string; id?: string; url?: string | null; status?: string } };

export class SignupError extends Error {}

export function identityPayload(i: FinishInput) {
  const u = i.user;
  return {
    username: u.email.trim().toLowerCase(),
    password: u.password,
    attributes: {
      name: `${u.firstName.trim()} ${u.lastName.trim()}`.trim(),
      email: u.email.trim(),
      'custom:company_name': i.account.companyName.trim(),
      ...(u.phone.trim() ? { 'custom:phone_0': u.phone.trim() } : {}),
    },
  };
}

export function tenantPayload(i: FinishInput) {
  const u = i.user;
  return {
    email: u.email.trim(),
    firstName: u.firstName.trim(),
    lastName: u.lastName.trim(),
    fullName: `${u.firstName.trim()} ${u.lastName.trim()}`.trim(),
    tenantName: i.account.companyName.trim(),
    tenantEmailDomain: i.account.emailDomain.trim().toLowerCase(),
    tenantUrl: i.account.website.trim(),
    affiliate: i.affiliate,
    userGeo: i.userGeo,
    signupSource: i.signupSource,
  };
}

/** The fields to restore after a canceled checkout (never the password). */
export function draftOf(i: FinishInput): SignupDraft {
  const { password: _password, ...user } = i.user;
  return { user, account: { ...i.account } };
}

export async function finishSignup(i: FinishInput, deps: FinishDeps): Promise<FinishOutcome> {
  const email = i.user.email.trim();
  const progress = deps.readProgress(email);
  const save = () => deps.writeProgress({ ...progress, draft: draftOf(i) });
  if (!i.external && !progress.identityCreated) {
    await deps.post('/v3/manager/identity/signup', identityPayload(i));
    progress.identityCreated = true;
    save();
  }
  if (!progress.tenant) {
    const r = await deps.post<{ userId: number; tenantId: number }>('/v3/manager/account/signup', {
      operation: 'insertUserAndTenant',
      payload: tenantPayload(i),
    });
    progress.tenant = { userId: r.userId, tenantId: r.tenantId };
    save();
  }
  const answer = await deps.post<SessionAnswer>('/v3/manager/signup/session', {
    email,
    userId: progress.tenant.userId,
    tenantId: progress.tenant.tenantId,
    ...(i.affiliate ? { affiliate: i.affiliate } : {}),
    planIds: i.planIds,
  });
  const data = answer?.data;
  if (data?.object === 'checkout.session' && data.url)
    return { kind: 'checkout', url: data.url, sessionId: data.id ?? '' };
  if (data?.object === 'subscription') return { kind: 'subscription', email };
  throw new SignupError(MSG_SIGNUP_PROBLEM);
}
