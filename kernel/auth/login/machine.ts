/**
 * The sign-in state machine. Primary factor -> challenges (decided by rules,
 * answered by responders) -> authenticated. State between steps is kept per
 * interaction uid, so each HTTP call is one transition.
 */
import { nextChallenge } from './challenges';
import type {
  ChallengeName,
  ChallengeResponder,
  ChallengeRule,
  LoginFailure,
  LoginState,
  LoginStep,
  LoginUser,
  PrimaryResult,
} from './types';

export interface LoginStateStore {
  get(uid: string): Promise<LoginState | undefined>;
  set(uid: string, state: LoginState, ttlSeconds: number): Promise<void>;
  delete(uid: string): Promise<void>;
}

export const MAX_CHALLENGE_ATTEMPTS = 5;
const NO_CHALLENGE: LoginFailure = {
  status: 400,
  code: 'InvalidParameterException',
  message: 'No such challenge is pending for this sign-in.',
};
const NOT_SUPPORTED: LoginFailure = {
  status: 400,
  code: 'ChallengeNotSupported',
  message: 'This sign-in step is not available yet. Please contact support.',
};
const TOO_MANY_ANSWERS: LoginFailure = {
  status: 401,
  code: 'NotAuthorizedException',
  message: 'Too many failed attempts. Please sign in again.',
};

export class LoginMachine {
  private readonly responders = new Map<ChallengeName, ChallengeResponder>();

  constructor(
    private readonly store: LoginStateStore,
    private readonly loadUser: (userId: number) => Promise<LoginUser | null>,
    private readonly rules: ChallengeRule[],
    private readonly ttlSeconds = 600,
  ) {}

  /** The identity issue adds responders (SMS code, TOTP, new password, ...) here. */
  registerResponder(responder: ChallengeResponder): void {
    this.responders.set(responder.challenge, responder);
  }

  /** Transition after the primary factor. */
  async start(uid: string, primary: PrimaryResult): Promise<LoginStep> {
    await this.store.delete(uid);
    if (!primary.ok) return { kind: 'failed', failure: primary.failure };
    return this.advance(uid, primary.user, {
      userId: primary.user.userId,
      amr: primary.amr,
      satisfied: [],
      pending: null,
      attempts: 0,
    });
  }

  /** Transition on an answer to the pending challenge. */
  async answer(uid: string, challenge: ChallengeName, answer: Record<string, unknown>): Promise<LoginStep> {
    const state = await this.store.get(uid);
    if (!state || state.pending !== challenge) return { kind: 'failed', failure: NO_CHALLENGE };
    const responder = this.responders.get(challenge);
    if (!responder) return { kind: 'failed', failure: NOT_SUPPORTED };
    const user = await this.loadUser(state.userId);
    if (!user || !user.active) {
      await this.store.delete(uid);
      return { kind: 'failed', failure: { status: 401, code: 'NotAuthorizedException', message: 'User is disabled.' } };
    }
    const failure = await responder.respond(user, answer, state);
    if (failure) {
      const attempts = state.attempts + 1;
      if (attempts >= MAX_CHALLENGE_ATTEMPTS) {
        await this.store.delete(uid);
        return { kind: 'failed', failure: TOO_MANY_ANSWERS };
      }
      await this.store.set(uid, { ...state, attempts }, this.ttlSeconds);
      return { kind: 'failed', failure };
    }
    const amr = responder.amr && !state.amr.includes(responder.amr) ? [...state.amr, responder.amr] : state.amr;
    // Rules see the user as it is after the answer (e.g. the new password cleared force_new_password).
    const fresh = (await this.loadUser(state.userId)) ?? user;
    return this.advance(uid, fresh, {
      ...state,
      amr,
      satisfied: [...state.satisfied, challenge],
      pending: null,
      attempts: 0,
    });
  }

  private async advance(uid: string, user: LoginUser, state: LoginState): Promise<LoginStep> {
    const rule = nextChallenge(this.rules, user, state);
    if (!rule) {
      await this.store.delete(uid);
      return { kind: 'authenticated', userId: user.userId, amr: state.amr };
    }
    const parameters = rule.parameters?.(user) ?? {};
    if (rule.terminal) {
      await this.store.delete(uid);
      return { kind: 'challenge', challenge: rule.challenge, userId: user.userId, parameters, terminal: true };
    }
    const issued = await this.responders.get(rule.challenge)?.issue?.(user, state);
    await this.store.set(uid, { ...state, pending: rule.challenge }, this.ttlSeconds);
    return {
      kind: 'challenge',
      challenge: rule.challenge,
      userId: user.userId,
      parameters: { ...parameters, ...issued },
      terminal: false,
    };
  }
}
