/** The sign-in screen's inputs desiredPlan, internalLogin and code (platform.md 2.3; issue 15 B9). */
import { codeDestination, readSignInInputs, signUpUrl } from './signin-inputs';

const q = (s: string) => new URLSearchParams(s);

test('desiredPlan and internalLogin are read; an odd plan id is dropped; internalLogin=false is off', () => {
  expect(readSignInInputs(q('desiredPlan=plan_basic_usd_month&internalLogin=true'))).toEqual({
    desiredPlan: 'plan_basic_usd_month',
    internalLogin: true,
  });
  expect(readSignInInputs(q('internalLogin'))).toEqual({ desiredPlan: null, internalLogin: true });
  expect(readSignInInputs(q('internalLogin=false&desiredPlan=<script>'))).toEqual({
    desiredPlan: null,
    internalLogin: false,
  });
});

test('a code with our state is a sign-in return (/authed); without one it is the partner platform’s', () => {
  expect(codeDestination(q('code=abc&state=xyz'))).toBe('/authed?code=abc&state=xyz');
  expect(codeDestination(q('code=abc'))).toBe('/signUp/sp?code=abc');
  expect(codeDestination(q('desiredPlan=x'))).toBeNull();
});

test('sign-up: the desired plan pre-selected; a provider identity prefilled as autofillSSOData the wizard reads', () => {
  expect(signUpUrl(null)).toBe('/signUpWithTenant');
  expect(signUpUrl('plan_pro')).toBe('/signUpWithTenant?selPlanId=plan_pro');
  const url = new URL(
    signUpUrl('plan_pro', { email: 'zoë@example.com', firstName: 'Zoë', lastName: 'Ng' }),
    'http://x',
  );
  expect(url.searchParams.get('selPlanId')).toBe('plan_pro');
  // base64url JSON (UTF-8), as the wizard's autofillSSOData reader takes it.
  const raw = Buffer.from(url.searchParams.get('autofillSSOData')!, 'base64url').toString('utf8');
  expect(JSON.parse(raw)).toEqual({ email: 'zoë@example.com', firstName: 'Zoë', lastName: 'Ng' });
});
