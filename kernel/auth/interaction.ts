/**
 * The sign-in interaction endpoints the workspace's /signIn screen talks to
 * (JSON; public API key accepted). Each call is one transition of the login
 * state machine; an authenticated result completes the provider interaction
 * and answers { redirectTo } for the browser to follow.
 *
 *   GET  /oidc/interaction/:uid            details (browsers navigating here go to /signIn?interaction=uid)
 *   POST /oidc/interaction/:uid/login      { email, password }
 *   POST /oidc/interaction/:uid/challenge  { challenge, answer }   (responders come with the identity issue)
 *
 * The interaction cookie the provider set (path /oidc/interaction/<uid>)
 * must come with each call: only the browser that started the sign-in can
 * finish it.
 */
import type Koa from 'koa';
import { koaBody } from 'koa-body';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Logger } from '../log';
import { HttpError } from '../http/errors';
import { parsePart } from '../http/validate';
import type { SignInAudit } from './login/audit';
import type { LoginMachine } from './login/machine';
import { passwordFactor, type Throttles } from './login/password';
import type { ChallengeName, LoginStep } from './login/types';
import type { UserStore } from './login/users';
import type { PartnerFactor } from './partner/factor';
import { VALIDATION } from '../../common/email';

const PATH = /^\/oidc\/interaction\/([A-Za-z0-9_-]{1,64})(?:\/(login|challenge|partner))?\/?$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CHALLENGES = ['SMS_MFA', 'SOFTWARE_TOKEN_MFA', 'MFA_SETUP', 'NEW_PASSWORD_REQUIRED', 'CUSTOM_CHALLENGE'] as const;

export const MSG_INTERACTION_EXPIRED = 'Your sign-in has expired. Please sign in again.';

const loginBody = z.object({
  email: z
    .string({ error: VALIDATION.required })
    .trim()
    .min(1, VALIDATION.required)
    .max(80, VALIDATION.max80)
    .regex(EMAIL, VALIDATION.invalidEmail),
  password: z.string({ error: VALIDATION.required }).min(1, VALIDATION.required).max(256, 'Max 256 characters'),
});
const partnerBody = z.object({
  grant: z.string({ error: VALIDATION.required }).min(1, VALIDATION.required).max(128, 'Max 128 characters'),
});
const challengeBody = z.object({
  challenge: z.enum(CHALLENGES, { error: `Must be one of ${CHALLENGES.join(', ')}` }),
  answer: z.record(z.string(), z.unknown()).default({}),
});

interface InteractionDeps {
  provider: Provider;
  machine: LoginMachine;
  users: UserStore;
  throttles: Throttles;
  config: Config;
  log: Logger;
  audit?: SignInAudit;
  /** POST :uid/partner {grant} (partner/factor.ts). */ partner?: PartnerFactor;
}

const expired = () => new HttpError(400, MSG_INTERACTION_EXPIRED, 'interaction_expired');

export function interactionRoutes(deps: InteractionDeps): Koa.Middleware {
  const { provider, machine, users, throttles, config, log, audit } = deps;
  const parseJson = koaBody({
    json: true,
    urlencoded: false,
    text: false,
    multipart: false,
    jsonLimit: '16kb',
    jsonStrict: true,
  });

  /** The interaction named in the path, bound to this browser by the provider's interaction cookie. */
  async function load(ctx: Koa.Context, uid: string) {
    try {
      const interaction = await provider.interactionDetails(ctx.req, ctx.res);
      if (interaction.uid !== uid) throw expired();
      return interaction;
    } catch (e) {
      if (e instanceof HttpError) throw e;
      if ((e as { name?: string }).name === 'SessionNotFound') throw expired();
      throw e;
    }
  }

  async function reply(ctx: Koa.Context, uid: string, step: LoginStep, email?: string): Promise<void> {
    if (step.kind === 'failed') {
      const f = step.failure;
      throw new HttpError(f.status, f.message, f.code);
    }
    if (step.kind === 'challenge') {
      ctx.body = { challenge: step.challenge, username: email, ...step.parameters };
      return;
    }
    const redirectTo = await provider.interactionResult(
      ctx.req,
      ctx.res,
      { login: { accountId: String(step.userId), amr: step.amr, remember: true } },
      { mergeWithLastSubmission: false },
    );
    await users.markSignedIn(step.userId);
    await audit?.succeeded({
      userId: step.userId,
      username: (await users.byId(step.userId))?.username ?? email ?? '',
      amr: step.amr,
      ip: ctx.ip,
      uid,
    });
    log.info({ userId: step.userId, amr: step.amr, uid }, 'signed in');
    ctx.body = { redirectTo };
  }

  return async (ctx, next) => {
    const m = PATH.exec(ctx.path);
    if (!m) return next();
    const [, uid, action] = m;
    ctx.set('cache-control', 'no-store');
    const key = ctx.get('x-api-key');

    if (!action && ctx.method === 'GET') {
      // A browser arriving from the provider's redirect: hand over to the workspace's sign-in screen.
      if (!key && ctx.accepts('html', 'json') === 'html') {
        ctx.redirect(`/signIn?interaction=${encodeURIComponent(uid)}`);
        return;
      }
      requireKey(key, config);
      const interaction = await load(ctx, uid);
      const loginHint = typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : undefined;
      ctx.body = { uid: interaction.uid, prompt: interaction.prompt.name, ...(loginHint ? { loginHint } : {}) };
      return;
    }
    if (ctx.method !== 'POST' || !action)
      throw new HttpError(405, `${ctx.method} is not allowed on ${ctx.path}`, 'method_not_allowed');
    requireKey(key, config);
    await parseJson(ctx, async () => {});
    const raw = (ctx.request as unknown as { body?: unknown }).body ?? {};
    const interaction = await load(ctx, uid);

    if (action === 'login') {
      const body = parsePart('body', loginBody, raw);
      if (interaction.prompt.name !== 'login')
        throw new HttpError(400, 'This sign-in does not ask for a password.', 'InvalidParameterException');
      const primary = await passwordFactor(users, throttles, {
        email: body.email,
        password: body.password,
        ip: ctx.ip,
      });
      if (!primary.ok) log.info({ uid, code: primary.failure.code }, 'sign-in refused');
      const step = await machine.start(uid, primary);
      if (step.kind === 'failed')
        await audit?.failed({
          email: body.email,
          userId: primary.ok ? primary.user.userId : undefined,
          code: step.failure.code,
          message: step.failure.message,
          ip: ctx.ip,
          uid,
        });
      await reply(ctx, uid, step, body.email);
      return;
    }
    if (action === 'partner') {
      // ScalePad: the grant of POST /v3/manager/preauth/scalepad finishes this interaction (amr fed).
      const body = parsePart('body', partnerBody, raw);
      if (!deps.partner || interaction.prompt.name !== 'login')
        throw new HttpError(400, 'This sign-in does not take a partner sign-in.', 'InvalidParameterException');
      const step = await machine.start(uid, await deps.partner(uid, body.grant));
      if (step.kind === 'failed')
        await audit?.failed({ code: step.failure.code, message: step.failure.message, ip: ctx.ip, uid });
      await reply(ctx, uid, step);
      return;
    }
    const body = parsePart('body', challengeBody, raw);
    await reply(ctx, uid, await machine.answer(uid, body.challenge as ChallengeName, body.answer));
  };
}

function requireKey(key: string, config: Config): void {
  if (key !== config.publicApiKey && key !== config.apiKey)
    throw new HttpError(401, 'A valid API key header is required', 'invalid_api_key');
}
