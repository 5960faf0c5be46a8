/**
 * The sign-in challenge in progress (second step, authenticator set-up), kept
 * in sessionStorage between /signIn and the challenge screens: the provider
 * interaction uid and what the login call answered. Answers go to
 * POST /oidc/interaction/:uid/challenge.
 */
import { api } from '../runtime';

export const CHALLENGE_STORAGE_KEY = 'lci.challenge';

export interface PendingChallenge {
  uid: string;
  challenge: string;
  email?: string;
  username?: string;
  /** SMS_MFA: the masked phone number. */
  destination?: string | null;
  /** MFA_SETUP: the authenticator secret, its otpauth URI and a QR code of it. */
  secretCode?: string;
  otpauthUri?: string;
  qrCodeDataUrl?: string;
}

export type ChallengeReply = { redirectTo?: string; challenge?: string } & Record<string, unknown>;

/** Where the workspace answers each challenge (platform.md 4.1). */
export const CHALLENGE_ROUTES: Record<string, string> = {
  NEW_PASSWORD_REQUIRED: '/changePassword',
  SMS_MFA: '/confirmMFA',
  SOFTWARE_TOKEN_MFA: '/confirmMFA',
  MFA_SETUP: '/setupMFA',
  UserNotConfirmedException: '/confirmSignUp',
};

export function readPendingChallenge(uid?: string | null): PendingChallenge | null {
  try {
    const raw = sessionStorage.getItem(CHALLENGE_STORAGE_KEY);
    const p = raw ? (JSON.parse(raw) as PendingChallenge) : null;
    if (!p || typeof p.uid !== 'string' || typeof p.challenge !== 'string') return null;
    if (uid && p.uid !== uid) return null;
    return p;
  } catch {
    return null;
  }
}

export function savePendingChallenge(p: PendingChallenge): void {
  sessionStorage.setItem(CHALLENGE_STORAGE_KEY, JSON.stringify(p));
}

export function clearPendingChallenge(): void {
  sessionStorage.removeItem(CHALLENGE_STORAGE_KEY);
}

export function answerChallenge(
  uid: string,
  challenge: string,
  answer: Record<string, unknown>,
): Promise<ChallengeReply> {
  return api.post<ChallengeReply>(
    `/oidc/interaction/${encodeURIComponent(uid)}/challenge`,
    { challenge, answer },
    { public: true },
  );
}

/** The screen of a challenge, carrying the interaction. */
export function challengeUrl(challenge: string, uid: string): string | null {
  const to = CHALLENGE_ROUTES[challenge];
  return to ? `${to}?interaction=${encodeURIComponent(uid)}` : null;
}
