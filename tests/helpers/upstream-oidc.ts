/**
 * A second oidc-provider on loopback, standing in for Microsoft and Google in tests: one client per social
 * provider (client secret, redirect URI of the kernel under test), consent implicit, its development
 * login form (any login; the login typed is the account: sub and e-mail) and its "[ Cancel ]" link
 * (error=access_denied). Logins starting with "unverified" get email_verified false. A login
 * "<name>#<e-mail>" is another upstream account (subject the whole login) with that e-mail.
 */
import http from 'node:http';
import net from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

export interface UpstreamClientReg {
  clientId: string;
  clientSecret: string;
}
export interface Upstream {
  issuer: string;
  ms: UpstreamClientReg;
  google: UpstreamClientReg;
  /** Environment for startTestServer: both social providers pointing at this upstream. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startUpstream(kernelBaseUrl: string, opts: { port?: number } = {}): Promise<Upstream> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;
  const redirectUri = `${kernelBaseUrl}/oidc/federated/callback`;
  const ms = { clientId: 'lci-ms-test', clientSecret: 'ms-test-secret-0123456789' };
  const google = { clientId: 'lci-google-test', clientSecret: 'google-test-secret-0123456789' };
  const client = (c: UpstreamClientReg) => ({
    client_id: c.clientId,
    client_secret: c.clientSecret,
    redirect_uris: [redirectUri],
    grant_types: ['authorization_code'],
    response_types: ['code'],
  });

  const configuration: Configuration = {
    clients: [client(ms), client(google)] as never,
    cookies: { keys: ['upstream-test-cookie-key-0123456789'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile'],
    conformIdTokenClaims: false, // e-mail in the ID token, as Google and Microsoft send it
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({
        sub,
        email: sub.includes('#') ? sub.slice(sub.indexOf('#') + 1) : sub,
        email_verified: !sub.startsWith('unverified'),
        name: sub,
      }),
    }),
    // Consent is implicit (as for a first sign-in that was already approved): no consent page.
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  server.on('request', provider.callback());
  return {
    issuer,
    ms,
    google,
    env: {
      LCI_MS_ISSUER: issuer,
      LCI_MS_CLIENT_ID: ms.clientId,
      LCI_MS_CLIENT_SECRET: ms.clientSecret,
      LCI_GOOGLE_ISSUER: issuer,
      LCI_GOOGLE_CLIENT_ID: google.clientId,
      LCI_GOOGLE_CLIENT_SECRET: google.clientSecret,
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
