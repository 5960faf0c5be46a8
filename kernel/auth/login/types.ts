/**
 * The sign-in state machine's vocabulary. A sign-in is: one primary factor
 * (e-mail + password today; social or partner sign-in later) that names a
 * user, then zero or more challenges decided by rules, then completion of the
 * provider interaction. See kernel/auth/README.md.
 */

/** Challenge names as the workspace knows them (platform.md 4.1). */
export type ChallengeName =
  | 'SMS_MFA'
  | 'SOFTWARE_TOKEN_MFA'
  | 'MFA_SETUP'
  | 'NEW_PASSWORD_REQUIRED'
  | 'UserNotConfirmedException'
  | 'CUSTOM_CHALLENGE';

/** What the sign-in needs to know about a user. */
export interface LoginUser {
  userId: number;
  username: string;
  email: string;
  active: boolean;
  confirmed: boolean;
  forceNewPassword: boolean;
  mfaType: string | null;
  /** Must enrol an authenticator before signing in (MFA_SETUP). */
  mfaRequired?: boolean;
  idProviderName: string;
  phoneNumber: string | null;
}

/** Saved between the steps of one interaction (keyed by the interaction uid). */
export interface LoginState {
  userId: number;
  /** Authentication methods used so far (RFC 8176: pwd, otp, sms, fed...). */
  amr: string[];
  /** Challenges already answered in this sign-in. */
  satisfied: ChallengeName[];
  /** The challenge the user must answer next, if any. */
  pending: ChallengeName | null;
  /** Failed answers to the pending challenge. */
  attempts: number;
}

export interface LoginFailure {
  status: number;
  code: string;
  message: string;
}

/** Result of any step: the workspace either follows redirectTo or shows the challenge. */
export type LoginStep =
  | { kind: 'authenticated'; userId: number; amr: string[] }
  | {
      kind: 'challenge';
      challenge: ChallengeName;
      userId: number;
      parameters: Record<string, unknown>;
      terminal: boolean;
    }
  | { kind: 'failed'; failure: LoginFailure };

/** A primary factor: turns its input into a user (or a failure). */
export type PrimaryResult = { ok: true; user: LoginUser; amr: string[] } | { ok: false; failure: LoginFailure };

/**
 * A rule deciding whether a challenge applies to this user now. Rules run in
 * order after the primary factor and after each answered challenge; the
 * first one that applies and is not yet satisfied is asked.
 */
export interface ChallengeRule {
  challenge: ChallengeName;
  /**
   * terminal: the sign-in stops here and the user continues elsewhere
   * (e.g. confirm sign-up, then sign in again); otherwise the interaction
   * waits for an answer at POST /oidc/interaction/:uid/challenge.
   */
  terminal?: boolean;
  applies(user: LoginUser, state: LoginState): boolean;
  /** Extra fields for the workspace (e.g. a masked phone number). */
  parameters?(user: LoginUser): Record<string, unknown>;
}

/** Answers one challenge (the later identity issue registers these). */
export interface ChallengeResponder {
  challenge: ChallengeName;
  /** Returns null when the answer is right (and may update the user, e.g. set the new password). */
  respond(user: LoginUser, answer: Record<string, unknown>, state: LoginState): Promise<LoginFailure | null>;
  /** Method recorded in amr when answered. */
  amr?: string;
  /**
   * Runs when the challenge is issued (e.g. sends the SMS code, prepares an
   * authenticator secret); what it returns is added to the challenge's parameters.
   */
  issue?(user: LoginUser, state: LoginState): Promise<Record<string, unknown>>;
}
