/** The one place where sign-in challenges are decided, in order. */
import type { ChallengeRule, LoginState, LoginUser } from './types';

export const CHALLENGE_RULES: ChallengeRule[] = [
  // Unconfirmed sign-ups go to confirm sign-up; the sign-in ends there.
  { challenge: 'UserNotConfirmedException', terminal: true, applies: (u) => !u.confirmed },
  // An administrator (or an imported account) demands a new password first.
  { challenge: 'NEW_PASSWORD_REQUIRED', applies: (u) => u.forceNewPassword },
  // The user must enrol an authenticator app first (users.mfa_required); answering it enrols and counts as the second step.
  { challenge: 'MFA_SETUP', applies: (u) => !!u.mfaRequired && !u.mfaType },
  {
    challenge: 'SMS_MFA',
    applies: (u) => u.mfaType === 'SMS_MFA',
    parameters: (u) => ({ destination: maskPhone(u.phoneNumber) }),
  },
  {
    challenge: 'SOFTWARE_TOKEN_MFA',
    applies: (u, s) => u.mfaType === 'SOFTWARE_TOKEN_MFA' && !s.satisfied.includes('MFA_SETUP'),
  },
  // CUSTOM_CHALLENGE (social/partner) is added by the identity issue.
];

export function nextChallenge(rules: ChallengeRule[], user: LoginUser, state: LoginState): ChallengeRule | null {
  for (const rule of rules) {
    if (state.satisfied.includes(rule.challenge)) continue;
    if (rule.applies(user, state)) return rule;
  }
  return null;
}

export function maskPhone(phone: string | null): string | null {
  if (!phone) return null;
  return phone.length <= 4 ? '****' : `${'*'.repeat(phone.length - 4)}${phone.slice(-4)}`;
}
