/**
 * The optional inputs of the sign-in screen (platform.md 2.3; issue 15 B9) besides sso and qemail:
 * - desiredPlan: the plan a visitor came to buy; the sign-up the screen leads to (its "Sign up" link, or a
 *   social sign-in without a tenant) pre-selects it (/signUpWithTenant?selPlanId=...);
 * - internalLogin: provider staff sign in with e-mail and password even where the new two-card view
 *   (flag user-manager-changes) replaces the form;
 * - code: an authorization code that lands on /signIn: with our `state` it is a sign-in return (to /authed,
 *   which exchanges it), without one it is the partner platform's (to its landing /signUp/sp).
 * desiredPlan and internalLogin live through the authorization round trip in sessionStorage.
 */
export const SIGNIN_INPUTS_KEY = 'lci.signInInputs';

export interface SignInInputs {
  desiredPlan: string | null;
  internalLogin: boolean;
}

const PLAN_ID = /^[A-Za-z0-9_.:-]{1,100}$/;
const truthy = (v: string | null) => v !== null && !['0', 'false', 'no', 'off'].includes(v.trim().toLowerCase());

/** The inputs of a /signIn query; an odd plan id is dropped. Pure. */
export function readSignInInputs(q: URLSearchParams): SignInInputs {
  const plan = q.get('desiredPlan')?.trim() ?? '';
  return { desiredPlan: PLAN_ID.test(plan) ? plan : null, internalLogin: truthy(q.get('internalLogin')) };
}

/** Where a /signIn?code=... goes (null: no code). Pure. */
export function codeDestination(q: URLSearchParams): string | null {
  const code = q.get('code');
  if (!code) return null;
  const state = q.get('state');
  if (state) return `/authed?${new URLSearchParams({ code, state }).toString()}`;
  return `/signUp/sp?${new URLSearchParams({ code }).toString()}`;
}

/** The sign-up wizard for a visitor (plan pre-selected) or an identity a provider vouched for (prefilled). Pure. */
export function signUpUrl(desiredPlan: string | null, identity?: Record<string, unknown> | null): string {
  const q = new URLSearchParams();
  if (desiredPlan) q.set('selPlanId', desiredPlan);
  if (identity && typeof identity.email === 'string') {
    const json = JSON.stringify({
      email: identity.email,
      firstName: identity.firstName ?? '',
      lastName: identity.lastName ?? '',
    });
    const b64 = btoa(String.fromCharCode(...new TextEncoder().encode(json)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    q.set('autofillSSOData', b64);
  }
  const s = q.toString();
  return `/signUpWithTenant${s ? `?${s}` : ''}`;
}

/** Keeps the inputs of /signIn across the authorization request (merged: a later visit without them keeps them). */
export function rememberSignInInputs(i: SignInInputs): void {
  try {
    const prev = storedSignInInputs();
    sessionStorage.setItem(
      SIGNIN_INPUTS_KEY,
      JSON.stringify({
        desiredPlan: i.desiredPlan ?? prev.desiredPlan,
        internalLogin: i.internalLogin || prev.internalLogin,
      }),
    );
  } catch {
    /* no storage */
  }
}
export function storedSignInInputs(): SignInInputs {
  try {
    const v = JSON.parse(sessionStorage.getItem(SIGNIN_INPUTS_KEY) ?? 'null') as Partial<SignInInputs> | null;
    return {
      desiredPlan: typeof v?.desiredPlan === 'string' ? v.desiredPlan : null,
      internalLogin: !!v?.internalLogin,
    };
  } catch {
    return { desiredPlan: null, internalLogin: false };
  }
}
