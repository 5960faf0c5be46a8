/** The one place where sign-in challenges are decided, in order. */
import type { ChallengeRule, LoginState, LoginUser } from './types';

export const CHALLENGE_RULES: ChallengeRule[] = [
  // Unconfirmed sign-ups go to confirm sign-up; the sign-in ends there.
  { challenge: 'UserNotConfirmedException', terminal: true, applies: (u) => !u.confirmed },
  // An administrator (or an imported account) demands a new password first.
  { challenge: 'NEW_PASSWORD_REQUIRED', applies: (u) => u.forceNewPassword },
  { challenge: 'SMS_MFA', applies: (u) => u.mfaType === 'SMS_MFA', parameters: (u) => ({ destination: maskPhone(u.phoneNumber) }) },
  { challenge: 'SOFTWARE_TOKEN_MFA', applies: (u) => u.mfaType === 'SOFTWARE_TOKEN_MFA' },
  // MFA_SETUP (tenant requires MFA, user has none) and CUSTOM_CHALLENGE (social/partner) are added by the identity issue.
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
