/**
 * Identity core: oidc-provider at /oidc (the identity service), the sign-in
 * interaction, access token verification and issuing, password hashing.
 * See README.md in this folder for the sign-in design.
 */
import type Koa from 'koa';
import mount from 'koa-mount';
import type Provider from 'oidc-provider';
import type { RouteRegistrar } from '../http/route-spec';
import type { Identity, Kernel } from '../kernel';
import { purgeExpired } from './adapter';
import { CODE_LOCK_AUDIT, CODE_LOCK_LIMIT, CODE_LOCK_WINDOW_MS, CodeLockout } from './code-lockout';
import { VerificationCodes } from './codes';
import { Deliveries } from './deliveries';
import { interactionRoutes } from './interaction';
import { oidcCors, oidcCorsOrigins } from './oidc-cors';
import { federationRoutes } from './federation/routes';
import { FederationStore } from './federation/store';
import { cookieKeys, loadSigningKeys } from './keys';
import { CHALLENGE_RULES } from './login/challenges';
import { LoginMachine } from './login/machine';
import { loginStateStore } from './login/state-store';
import { createSignInLockouts } from './login/lockout';
import { signInAudit } from './login/audit';
import { UserStore } from './login/users';
import { registerNewPasswordResponder } from './login/new-password';
import type { Throttles } from './login/password';
import { registerPasswordRoutes } from './routes/passwords';
import { registerProfileRoutes } from './profile/routes';
import { registerTenantSecurityRoutes } from './profile/tenant-security';
import { registerMfaResponders } from './mfa/responders';
import { SecretBox } from './mfa/secret-box';
import { outboxSmsTransport } from '../mail/sms';
import { hashPassword, verifyPassword } from './passwords';
import { partnerFactor } from './partner/factor';
import { registerPartnerRoutes } from './partner/routes';
import { createProvider, providerUrls } from './provider';
import { registerPublicConfigRoute } from './public-config';
import { registerSignupRoutes } from './signup';
import { registerTenantUserRoutes } from '../tenancy/tenant-user-routes';
import { registerUserManagerRoutes } from '../tenancy/user-manager/routes';
import { TokenService } from './tokens';
import { tokenClaimsLoader } from './token-claims';
import { dropCachedAccess } from './user-access';

/** The Identity service plus what the later identity work builds on. */
interface IdentityService extends Identity {
  provider: Provider;
  login: LoginMachine;
  users: UserStore;
  /** One-time codes (sign-up confirmation, password reset, SMS step): issue/consume in a system-scope transaction. */
  codes: VerificationCodes;
  /** Sign-in failure throttles (per e-mail, per address); a password reset clears the e-mail's. */
  throttles: Throttles;
  /** Code mails sent after the request answered (no timing difference between known and unknown e-mails). */
  deliveries: Deliveries;
}

const PURGE_EVERY_MS = 10 * 60_000;

export async function createIdentity(k: Kernel): Promise<IdentityService> {
  const knex = k.db.knex;
  const users = new UserStore(k.db);
  const jwks = await loadSigningKeys(knex);
  const urls = providerUrls(k.config);
  const tokens = new TokenService(jwks, {
    issuer: urls.issuer,
    audience: urls.resource,
    ttlSeconds: k.config.accessTokenTtl,
  });
  const tokenClaims = tokenClaimsLoader(k.db);
  const provider = createProvider({ config: k.config, knex, jwks, users, tokenClaims });
  provider.on('server_error', (_ctx, err) => k.log.error({ err }, 'oidc server error'));
  const login = new LoginMachine(loginStateStore(knex), (id) => users.byId(id), CHALLENGE_RULES);
  // Wrong one-time codes per user across sign-ins (code-lockout.ts); the lock is audited when it starts.
  const codeLockout = new CodeLockout(async (db, e) => {
    const user = await db('users').where({ user_id: e.userId }).first('username');
    await k.audit.write(db, {
      action: CODE_LOCK_AUDIT.locked,
      actorUserId: e.userId,
      target: user?.username,
      details: {
        kind: e.kind,
        failures: e.failures,
        windowMinutes: CODE_LOCK_WINDOW_MS / 60_000,
        limit: CODE_LOCK_LIMIT,
      },
    });
  });
  const codes = new VerificationCodes(k.config.secret, Date.now, codeLockout);
  registerMfaResponders(login, {
    db: k.db,
    codes,
    lockout: codeLockout,
    sms: outboxSmsTransport(k.db, k.mail),
    audit: k.audit,
    box: new SecretBox(k.config.secret, undefined, k.config.formerSecrets),
    log: k.log,
  });
  const deliveries = new Deliveries(k.log);
  const throttles = createSignInLockouts(k.db); // 10 per e-mail, 200 per address in 15 min, in the database (login/lockout.ts)
  registerNewPasswordResponder(login, {
    db: k.db,
    audit: k.audit,
    log: k.log,
    dropCachedAccess: (userId) => dropCachedAccess(k, userId),
  });

  const purge = setInterval(() => {
    purgeExpired(knex).catch((err) => k.log.warn({ err }, 'oidc purge failed'));
  }, PURGE_EVERY_MS);
  purge.unref();

  return {
    provider,
    login,
    users,
    codes,
    throttles,
    deliveries,
    mount(app: Koa) {
      // The provider's middleware runs on this app's context: its cookies are signed with these keys.
      app.keys = cookieKeys(k.config.secret);
      // CORS of /oidc only for the workspace's origins and the other regions' (oidc-cors.ts).
      app.use(mount('/oidc', oidcCors(oidcCorsOrigins(k.config))));
      app.use(
        federationRoutes({
          provider,
          machine: login,
          users,
          config: k.config,
          log: k.log,
          db: k.db,
          audit: k.audit,
          store: new FederationStore(knex),
        }),
      ); // social sign-in (federation/)
      app.use(
        interactionRoutes({
          provider,
          machine: login,
          users,
          throttles,
          config: k.config,
          log: k.log,
          audit: signInAudit(k.db, k.audit),
          partner: partnerFactor(knex, users),
        }),
      );
      app.use(mount('/oidc', provider as unknown as Koa));
    },
    verify: (token) => tokens.verify(token),
    async issueAccessToken(userId, opts = {}) {
      // Looks the tenant up on the owner connection unless given: do not call inside a request transaction on PGlite.
      // The lci_* claims as the provider sets them (token-claims.ts); with an explicit tenant, no lookup: defaults.
      if (opts.tenantId !== undefined)
        return tokens.issue(userId, opts.tenantId, opts.ttlSeconds, {
          lci_maintenance: false,
          lci_invalid_login: false,
          lci_internal: false,
        });
      const { tid, ...claims } = await tokenClaims(userId, undefined);
      return tokens.issue(userId, tid, opts.ttlSeconds, claims);
    },
    hashPassword,
    verifyPassword,
    async close() {
      clearInterval(purge);
      await deliveries.drain();
    },
  };
}

export function registerIdentityRoutes(r: RouteRegistrar, k: Kernel): void {
  registerPublicConfigRoute(r, k);
  registerSignupRoutes(r, k); // sign-up confirmation, resend, registration key
  registerTenantUserRoutes(r, k); // tenant user record and terms acceptance
  registerPasswordRoutes(r, k); // password forgot, confirm and change
  registerUserManagerRoutes(r, k); // tenant admin user manager (/usermanager) and the userManager realtime function
  registerPartnerRoutes(r, k); // ScalePad partner sign-in (POST /v3/manager/preauth/scalepad)
  registerProfileRoutes(r, k); // /profile: own names, phone and second factor (profile/)
  registerTenantSecurityRoutes(r); // the tenant-wide require-MFA setting (profile/tenant-security.ts)
}
