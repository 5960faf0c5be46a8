/**
 * The oidc-provider instance: one first-party public client (the workspace)
 * with authorization code + PKCE (S256), rotating refresh tokens, implicit
 * consent, JWT access tokens for the /v3 API with the user's current tenant
 * in `tid`, revocation, and RP-initiated logout: without a confirmation page when the request names the
 * session's own user (id_token_hint), with one otherwise (a link on another site cannot sign anyone out).
 */
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { trustsAnyProxy } from '../http/client-address';
import { adapterFactory, revokeGrant } from './adapter';
import { cookieKeys, type PrivateJwks } from './keys';
import { API_SCOPE, WORKSPACE_CLIENT_ID } from './tokens';
import type { UserStore } from './login/users';

export const COOKIE_NAMES = { session: '_lci_session', interaction: '_lci_interaction', resume: '_lci_resume' };
const DAY = 24 * 60 * 60;

interface ProviderUrls {
  origin: string;
  issuer: string;
  resource: string;
}

export function providerUrls(config: Config): ProviderUrls {
  return { origin: new URL(config.baseUrl).origin, issuer: `${config.baseUrl}/oidc`, resource: `${config.baseUrl}/v3` };
}

/** The workspace's registration: redirects back to the workspace's /authed and, after sign-out, to its sign-in screens. */
function workspaceClient(urls: ProviderUrls) {
  return {
    client_id: WORKSPACE_CLIENT_ID,
    client_name: 'Lifecycle',
    application_type: 'web' as const,
    token_endpoint_auth_method: 'none' as const,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'] as const,
    redirect_uris: [`${urls.origin}/authed`],
    post_logout_redirect_uris: [`${urls.origin}/signIn`, `${urls.origin}/clients/signin`],
  };
}

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string, script = ''): string {
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title>${script ? `<script>${script}</script>` : ''}</head><body style="font-family:sans-serif;margin:40px">${body}</body></html>`;
}

/** The end-session request carries an id token (verified by the provider) of the user whose session it would end. */
function logoutNamesSessionUser(ctx: KoaContextWithOIDC): boolean {
  const hint = (ctx.oidc.entities as { IdTokenHint?: { payload?: { sub?: unknown } } }).IdTokenHint;
  const sub = hint?.payload?.sub;
  return typeof sub === 'string' && sub !== '' && sub === ctx.oidc.session?.accountId;
}

interface ProviderDeps {
  config: Config;
  knex: Knex;
  jwks: PrivateJwks;
  users: UserStore;
  /** Claims added to access tokens besides tid (token-claims.ts: maintenance, invalid login, internal). */
  tokenClaims?: (
    userId: number,
    amr: readonly string[] | undefined,
    grantId: string | undefined,
  ) => Promise<Record<string, unknown>>;
}

export function createProvider({ config, knex, jwks, users, tokenClaims }: ProviderDeps): Provider {
  const urls = providerUrls(config);
  const ttl = config.accessTokenTtl;
  const secure = urls.origin.startsWith('https:');
  const cookieOpts = { httpOnly: true, sameSite: 'lax' as const, secure };

  const configuration: Configuration = {
    adapter: adapterFactory(knex),
    jwks: { keys: jwks.keys as never },
    clients: [workspaceClient(urls) as never],
    cookies: { names: COOKIE_NAMES, keys: cookieKeys(config.secret), long: cookieOpts, short: cookieOpts },
    pkce: { required: () => true },
    scopes: ['openid', 'offline_access', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    conformIdTokenClaims: true,
    rotateRefreshToken: true,
    // The workspace always gets a refresh token. OIDC drops offline_access unless prompt=consent, which a
    // first-party client never shows; so its refresh tokens live with the server session instead (14 days,
    // ended by sign-out), rather than as offline grants that outlive it.
    issueRefreshToken: (_ctx, client) =>
      client.clientId === WORKSPACE_CLIENT_ID && client.grantTypeAllowed('refresh_token'),
    clockTolerance: 15,
    ttl: {
      AccessToken: ttl,
      IdToken: ttl,
      AuthorizationCode: 60,
      Interaction: 60 * 60,
      Session: 14 * DAY,
      Grant: 14 * DAY,
      // Rotation keeps the family's original lifetime: a sign-in lasts at most 14 days without signing in again.
      RefreshToken: (ctx, token) => ctx?.oidc?.entities.RotatedRefreshToken?.remainingTTL ?? 14 * DAY,
    },
    features: {
      devInteractions: { enabled: false },
      // A client may revoke only its own tokens (a public client asking for another's is ignored, per RFC 7009).
      revocation: { enabled: true, allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId },
      introspection: { enabled: false },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => urls.resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== urls.resource) throw new errors.InvalidTarget(`unknown resource ${indicator}`);
          return {
            scope: API_SCOPE,
            audience: urls.resource,
            accessTokenTTL: ttl,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        // The workspace names the session's user (its own id token as id_token_hint): the form posts itself
        // (logout=yes ends the whole server session). Anyone else (a cross-site link, another user's token) gets
        // a confirmation: the session ends only when its user presses Sign out (a same-site POST with the xsrf).
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          if (logoutNamesSessionUser(ctx)) {
            ctx.body = page(
              'Signing Out',
              `${form.replace('</form>', '<input type="hidden" name="logout" value="yes"/><noscript><button type="submit">Sign out</button></noscript></form>')}<p>Signing Out</p>`,
              "document.addEventListener('DOMContentLoaded',function(){document.forms[0].submit()})",
            );
            return;
          }
          ctx.body = page(
            'Sign out?',
            `<h1>Sign out of Lifecycle?</h1>${form.replace('</form>', '<input type="hidden" name="logout" value="yes"/><button type="submit">Sign out</button></form>')}<p><a href="${esc(urls.origin)}/">Stay signed in</a></p>`,
          );
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = page(
            'Signed out',
            `<p>You are signed out.</p><p><a href="${esc(urls.origin)}/signIn">Sign in again</a></p>`,
          );
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}` },
    // First-party client: consent is implicit, the grant covers what it asks for.
    loadExistingGrant: async (ctx) => {
      const client = ctx.oidc.client!;
      const session = ctx.oidc.session!;
      const grantId = ctx.oidc.result?.consent?.grantId || session.grantIdFor(client.clientId);
      let grant = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (client.clientId !== WORKSPACE_CLIENT_ID) return grant;
      if (grant && grant.accountId !== session.accountId) grant = undefined;
      grant ??= new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope([...ctx.oidc.requestParamOIDCScopes]);
      if (ctx.oidc.requestParamClaims.size) grant.addOIDCClaims([...ctx.oidc.requestParamClaims]);
      for (const [indicator, server] of Object.entries(ctx.oidc.resourceServers ?? {})) {
        const scopes = [...ctx.oidc.requestParamScopes].filter((s) => server.scopes.has(s));
        grant.addResourceScope(indicator, scopes.length ? scopes : [...server.scopes]);
      }
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx, sub) => {
      const user = await users.byId(Number(sub));
      if (!user || !user.active) return undefined;
      return {
        accountId: String(user.userId),
        claims: () => ({
          sub: String(user.userId),
          email: user.email,
          email_verified: user.confirmed,
          name: user.name,
          given_name: user.firstName,
          family_name: user.lastName,
        }),
      };
    },
    extraTokenClaims: async (_ctx, token) => {
      if (token.kind !== 'AccessToken' || !('accountId' in token) || !token.accountId) return undefined;
      if (tokenClaims) {
        const e = _ctx.oidc.entities as { AuthorizationCode?: { amr?: string[] }; RefreshToken?: { amr?: string[] } };
        const grantId = 'grantId' in token && typeof token.grantId === 'string' ? token.grantId : undefined;
        return tokenClaims(Number(token.accountId), e.AuthorizationCode?.amr ?? e.RefreshToken?.amr, grantId);
      }
      return { tid: await users.currentTenant(Number(token.accountId)) };
    },
    clientBasedCORS: (_ctx, origin, client) => client.redirectUris?.some((u) => new URL(u).origin === origin) ?? false,
    renderError: (ctx, out) => {
      const wantsJson = ctx.accepts('html', 'json') === 'json';
      if (wantsJson) {
        ctx.type = 'json';
        ctx.body = out;
        return;
      }
      ctx.type = 'html';
      ctx.body = page(
        'Sign-in problem',
        `<h1>Sign-in problem</h1><p>${esc(String(out.error_description ?? out.error))}</p><p><a href="${esc(urls.origin)}/signIn">Back to sign in</a></p>`,
      );
    },
  };

  const provider = new Provider(urls.issuer, configuration);
  // Its own koa app's setting, for coherence: mounted with koa-mount, its middleware runs on the main app's context,
  // whose forwarded headers are already filtered by LCI_TRUSTED_PROXIES (kernel/http/client-address.ts).
  provider.proxy = trustsAnyProxy(config.trustedProxies);

  // Sign-out ends everything: grants (and their refresh tokens) of the session go too, offline_access or not.
  provider.use(async (ctx: KoaContextWithOIDC, next) => {
    await next();
    if (ctx.oidc?.route === 'end_session_confirm' && ctx.status === 303) {
      const authorizations =
        (ctx.oidc.session as unknown as { authorizations?: Record<string, { grantId?: string }> })?.authorizations ??
        {};
      for (const { grantId } of Object.values(authorizations)) if (grantId) await revokeGrant(knex, grantId);
    }
  });
  return provider;
}
