/**
 * Social sign-in (Microsoft, Google) as a primary factor of the provider's login interaction.
 *
 *   GET /oidc/interaction/:uid/federated/:provider   (browser; provider ms|google) -> 303 upstream authorization endpoint
 *   GET /oidc/federated/callback?code&state|error     (the redirect URI registered upstream) -> 303 .../:uid/federated/return
 *   GET /oidc/interaction/:uid/federated/return       -> code exchange, ID token check, login machine:
 *        authenticated -> 303 the provider's resume URL (then /authed?code=..)
 *        challenge or refusal -> 303 /signIn?interaction=<uid>&federated=<provider>
 *   GET /oidc/interaction/:uid/federated/result       (x-api-key) -> the challenge JSON of POST /login, or its error JSON (read once)
 *
 * The authorization request (state, nonce, PKCE verifier) is stored server-side under the state and names the
 * interaction; the return runs under the interaction's path, so the provider's interaction cookie must come
 * along: a code obtained in one browser cannot finish a sign-in started in another (no login CSRF).
 */
import type Koa from 'koa';
import type Provider from 'oidc-provider';
import type { Config, SocialProviderId } from '../../../config';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/errors';
import type { Logger } from '../../log';
import type { Audit } from '../../types';
import { SIGNIN_AUDIT } from '../login/audit';
import type { LoginMachine } from '../login/machine';
import { LOGIN_FAILED } from '../login/password';
import type { LoginFailure, LoginStep } from '../login/types';
import type { UserStore } from '../login/users';
import { federatedFactor } from './factor';
import { FederatedLinks } from './links';
import { signUpIdentity } from './signup-identity';
import { federatedCallbackUrl, isSocialProviderId, SOCIAL_PROVIDER_NAMES, socialProviders } from './providers';
import { FederationStore, type FederatedOutcome } from './store';
import { UpstreamClient, UpstreamError, type VerifiedIdentity } from './upstream';
import { MSG_USER_CANCELLED } from '../../../common/texts';

const USER_CANCELLED: LoginFailure = { status: 401, code: 'user_cancelled', message: MSG_USER_CANCELLED };
const unavailable = (id: SocialProviderId): LoginFailure => ({
  status: 502,
  code: 'SocialSignInUnavailable',
  message: `Sign-in with ${SOCIAL_PROVIDER_NAMES[id]} is not available right now. Please try again later.`,
});
const EXPIRED: LoginFailure = {
  status: 400,
  code: 'interaction_expired',
  message: 'Your sign-in has expired. Please sign in again.',
};

const START = /^\/oidc\/interaction\/([A-Za-z0-9_-]{1,64})\/federated\/(return|result|[a-z]{1,16})\/?$/;
const CALLBACK = '/oidc/federated/callback';

interface FederationDeps {
  provider: Provider;
  machine: LoginMachine;
  users: UserStore;
  config: Config;
  log: Logger;
  db: Database;
  audit: Audit;
  store: FederationStore;
}

export function federationRoutes(deps: FederationDeps): Koa.Middleware {
  const { provider, machine, users, config, log, db, audit, store } = deps;
  const links = new FederatedLinks(db);
  const clients = new Map(
    socialProviders(config).map((p) => [p.id, new UpstreamClient(p, federatedCallbackUrl(config))]),
  );

  const writeAudit = (
    action: string,
    actorUserId: number | null,
    target: string | undefined,
    details: Record<string, unknown>,
  ) => db.withSystem((trx) => audit.write(trx, { action, actorUserId, target, details }));

  /** The interaction, bound to this browser by the provider's interaction cookie; null when gone or foreign. */
  async function interactionOf(ctx: Koa.Context, uid: string) {
    try {
      const i = await provider.interactionDetails(ctx.req, ctx.res);
      return i.uid === uid ? i : null;
    } catch (e) {
      if ((e as { name?: string }).name === 'SessionNotFound') return null;
      throw e;
    }
  }

  const backToSignIn = (ctx: Koa.Context, uid: string, id?: string) => {
    ctx.status = 303;
    ctx.redirect(`/signIn?interaction=${encodeURIComponent(uid)}${id ? `&federated=${encodeURIComponent(id)}` : ''}`);
  };

  async function start(ctx: Koa.Context, uid: string, id: string): Promise<void> {
    const client = isSocialProviderId(id) ? clients.get(id) : undefined;
    if (!client) throw new HttpError(404, `Sign-in with ${id} is not configured`, 'not_found');
    const interaction = await interactionOf(ctx, uid);
    if (!interaction || interaction.prompt.name !== 'login') return backToSignIn(ctx, uid);
    try {
      const loginHint = typeof ctx.query.login_hint === 'string' ? ctx.query.login_hint.slice(0, 254) : undefined;
      const req = await client.authorizationRequest({ loginHint });
      await store.savePending(req.state, {
        uid,
        provider: client.provider.id,
        nonce: req.nonce,
        verifier: req.verifier,
      });
      ctx.status = 303;
      ctx.redirect(req.url);
    } catch (e) {
      if (!(e instanceof UpstreamError)) throw e;
      log.error({ err: e, provider: id }, 'social sign-in could not start');
      await finish(
        ctx,
        uid,
        client.provider.id,
        { kind: 'failed', failure: unavailable(client.provider.id) },
        { reason: e.reason },
      );
    }
  }

  /** The upstream provider's redirect: learn the interaction from the state and continue under its path. */
  async function callback(ctx: Koa.Context): Promise<void> {
    const state = typeof ctx.query.state === 'string' ? ctx.query.state : '';
    const pending = state ? await store.peekPending(state) : undefined;
    if (!pending) {
      log.info({ hasState: !!state }, 'social sign-in callback without a pending request');
      ctx.status = 303;
      ctx.redirect('/signIn');
      return;
    }
    const q = new URLSearchParams();
    for (const k of ['code', 'state', 'error', 'error_description', 'iss'])
      if (typeof ctx.query[k] === 'string') q.set(k, ctx.query[k] as string);
    ctx.status = 303;
    ctx.redirect(`/oidc/interaction/${encodeURIComponent(pending.uid)}/federated/return?${q}`);
  }

  async function complete(ctx: Koa.Context, uid: string): Promise<void> {
    const interaction = await interactionOf(ctx, uid);
    if (!interaction) return backToSignIn(ctx, uid); // the sign-in screen shows that it expired
    const state = typeof ctx.query.state === 'string' ? ctx.query.state : '';
    const pending = state ? await store.takePending(state) : undefined;
    if (!pending || pending.uid !== uid) {
      await finish(ctx, uid, pending?.provider, { kind: 'failed', failure: EXPIRED }, { reason: 'state_mismatch' });
      return;
    }
    const id = pending.provider;
    const client = clients.get(id);
    if (!client)
      return finish(ctx, uid, id, { kind: 'failed', failure: unavailable(id) }, { reason: 'not_configured' });
    const error = typeof ctx.query.error === 'string' ? ctx.query.error : null;
    if (error) {
      const cancelled = error === 'access_denied';
      return finish(
        ctx,
        uid,
        id,
        { kind: 'failed', failure: cancelled ? USER_CANCELLED : unavailable(id) },
        { reason: cancelled ? 'user_cancelled' : `upstream_${error.slice(0, 40)}` },
      );
    }
    const code = typeof ctx.query.code === 'string' ? ctx.query.code : '';
    let identity: VerifiedIdentity;
    try {
      if (!code) throw new UpstreamError('no code in the authorization response', 'no_code');
      const doc = await client.discover();
      if (typeof ctx.query.iss === 'string' && !doc.issuer.includes('{tenantid}') && ctx.query.iss !== doc.issuer)
        throw new UpstreamError('authorization response from another issuer', 'issuer_mismatch');
      identity = await client.redeem(code, pending.verifier, pending.nonce);
    } catch (e) {
      if (!(e instanceof UpstreamError)) throw e;
      log.warn({ err: e.message, provider: id, uid }, 'social sign-in refused by the upstream check');
      const ours = ['id_token_invalid', 'issuer_mismatch', 'no_code', 'token_failed'].includes(e.reason);
      return finish(
        ctx,
        uid,
        id,
        { kind: 'failed', failure: ours ? LOGIN_FAILED : unavailable(id) },
        { reason: e.reason },
      );
    }
    const primary = await federatedFactor(users, identity, id, links);
    // No tenant for this identity (an unknown e-mail, or an external identity whose sign-up was not finished):
    // to the sign-up wizard with the identity prefilled instead of 'Login failed.' (signup-identity.ts).
    const unknown = !primary.ok && primary.reason === 'unknown_email';
    const tenantless = primary.ok && primary.user.idProviderName !== 'lifecycle';
    const signUp = unknown || tenantless ? await signUpIdentity(db, users, links, identity, id) : null;
    if (signUp) {
      const { created, ...data } = signUp;
      await writeAudit('auth.federation.signup', null, data.email.toLowerCase(), {
        provider: id,
        created,
        upstreamSubject: identity.subject,
        ip: ctx.ip,
        uid,
      });
      log.info({ uid, provider: id, created }, 'social sign-in without a tenant: to sign-up');
      await store.saveOutcome(uid, { kind: 'signup', body: { signUp: data } });
      backToSignIn(ctx, uid, id);
      return;
    }
    if (primary.ok && primary.linked) {
      await writeAudit('auth.federation.linked', primary.user.userId, primary.user.username, {
        provider: id,
        issuer: identity.issuer,
        upstreamSubject: identity.subject,
        ip: ctx.ip,
        uid,
      });
    }
    const step = await machine.start(uid, primary);
    await finish(ctx, uid, id, step, {
      reason: primary.ok ? undefined : primary.reason,
      email: identity.email ?? undefined,
      subject: identity.subject,
    });
  }

  /** Ends a return: the provider's resume URL when authenticated; otherwise the sign-in screen reads the outcome. */
  async function finish(
    ctx: Koa.Context,
    uid: string,
    id: SocialProviderId | undefined,
    step: LoginStep,
    info: { reason?: string; email?: string; subject?: string },
  ): Promise<void> {
    const base = { provider: id ?? null, ip: ctx.ip, uid, ...(info.subject ? { upstreamSubject: info.subject } : {}) };
    if (step.kind === 'authenticated') {
      const redirectTo = await provider.interactionResult(
        ctx.req,
        ctx.res,
        { login: { accountId: String(step.userId), amr: step.amr, remember: true } },
        { mergeWithLastSubmission: false },
      );
      await users.markSignedIn(step.userId);
      const user = await users.byId(step.userId);
      await writeAudit(SIGNIN_AUDIT.succeeded, step.userId, user?.username ?? info.email, { ...base, amr: step.amr });
      log.info({ userId: step.userId, amr: step.amr, uid, provider: id }, 'signed in (social)');
      ctx.status = 303;
      ctx.redirect(redirectTo);
      return;
    }
    let outcome: FederatedOutcome;
    if (step.kind === 'challenge') {
      const user = await users.byId(step.userId);
      outcome = { kind: 'challenge', body: { challenge: step.challenge, username: user?.email, ...step.parameters } };
      log.info(
        { userId: step.userId, challenge: step.challenge, uid, provider: id },
        'social sign-in asks a challenge',
      );
    } else {
      outcome = { kind: 'error', ...step.failure };
      await writeAudit(SIGNIN_AUDIT.failed, null, info.email?.toLowerCase(), {
        ...base,
        amr: ['fed'],
        reason: info.reason ?? step.failure.code,
        message: step.failure.message,
      });
      log.info({ uid, provider: id, reason: info.reason ?? step.failure.code }, 'social sign-in refused');
    }
    await store.saveOutcome(uid, outcome);
    backToSignIn(ctx, uid, id ?? 'social');
  }

  async function result(ctx: Koa.Context, uid: string): Promise<void> {
    const key = ctx.get('x-api-key');
    if (key !== config.publicApiKey && key !== config.apiKey)
      throw new HttpError(401, 'A valid API key header is required', 'invalid_api_key');
    if (!(await interactionOf(ctx, uid))) throw new HttpError(EXPIRED.status, EXPIRED.message, EXPIRED.code);
    const outcome = await store.takeOutcome(uid);
    if (!outcome) throw new HttpError(404, 'No social sign-in result is waiting for this sign-in.', 'not_found');
    if (outcome.kind === 'error') throw new HttpError(outcome.status, outcome.message, outcome.code);
    ctx.body = outcome.body;
  }

  return async (ctx, next) => {
    const isCallback = ctx.path === CALLBACK || ctx.path === `${CALLBACK}/`;
    const m = isCallback ? null : START.exec(ctx.path);
    if (!isCallback && !m) return next();
    ctx.set('cache-control', 'no-store');
    ctx.set('referrer-policy', 'no-referrer'); // codes and states in these addresses go nowhere else
    if (ctx.method !== 'GET')
      throw new HttpError(405, `${ctx.method} is not allowed on ${ctx.path}`, 'method_not_allowed');
    if (isCallback) return callback(ctx);
    const [, uid, action] = m!;
    if (action === 'return') return complete(ctx, uid);
    if (action === 'result') return result(ctx, uid);
    return start(ctx, uid, action);
  };
}
