/**
 * A relying party for one upstream OpenID Connect provider (jose + fetch):
 * discovery (cached), the authorization request (code + PKCE S256 + state +
 * nonce), the code exchange at the token endpoint (client secret), and the ID
 * token check: signature against the provider's JWKS, iss, aud (and azp), exp,
 * iat, nonce. Microsoft's multi-tenant issuer template
 * (`https://login.microsoftonline.com/{tenantid}/v2.0`) is resolved with the
 * token's `tid`.
 */
import crypto from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { SocialProvider } from './providers';

const FETCH_TIMEOUT_MS = 10_000;
const DISCOVERY_TTL_MS = 60 * 60_000;
const CLOCK_TOLERANCE_S = 60;
const ASYMMETRIC = /^(RS|PS|ES)(256|384|512)$|^EdDSA$/;

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  token_endpoint_auth_methods_supported?: string[];
  id_token_signing_alg_values_supported?: string[];
}

/** An upstream failure the user cannot fix (misconfiguration, provider down, bad token). */
export class UpstreamError extends Error {
  constructor(
    message: string,
    public reason: string,
  ) {
    super(message);
    this.name = 'UpstreamError';
  }
}

interface AuthorizationRequest {
  url: string;
  state: string;
  nonce: string;
  verifier: string;
}

export interface VerifiedIdentity {
  subject: string;
  issuer: string;
  email: string | null;
  emailVerified: boolean;
  claims: JWTPayload;
}

const random = () => crypto.randomBytes(32).toString('base64url');

async function getJson(url: string, init: RequestInit = {}): Promise<{ status: number; body: any }> {
  const res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return { status: res.status, body: null };
  }
}

export class UpstreamClient {
  private discovery?: { doc: Discovery; at: number };
  private jwks?: { uri: string; set: ReturnType<typeof createRemoteJWKSet> };

  constructor(
    readonly provider: SocialProvider,
    readonly redirectUri: string,
  ) {}

  async discover(): Promise<Discovery> {
    if (this.discovery && Date.now() - this.discovery.at < DISCOVERY_TTL_MS) return this.discovery.doc;
    const url = `${this.provider.issuer}/.well-known/openid-configuration`;
    let r: { status: number; body: any };
    try {
      r = await getJson(url, { headers: { accept: 'application/json' } });
    } catch (e) {
      throw new UpstreamError(`discovery at ${url} failed: ${(e as Error).message}`, 'discovery_failed');
    }
    const doc = r.body as Discovery | null;
    if (r.status !== 200 || !doc?.authorization_endpoint || !doc.token_endpoint || !doc.jwks_uri || !doc.issuer)
      throw new UpstreamError(`discovery at ${url} answered ${r.status} without the endpoints`, 'discovery_failed');
    if (!this.issuerMatches(doc.issuer.replace(/\/$/, '')))
      throw new UpstreamError(
        `discovery issuer ${doc.issuer} does not match ${this.provider.issuer}`,
        'discovery_failed',
      );
    this.discovery = { doc, at: Date.now() };
    return doc;
  }

  /** The configured issuer, or Microsoft's template whose {tenantid} stands for any tenant. */
  private issuerMatches(discovered: string): boolean {
    return discovered === this.provider.issuer || discovered.includes('{tenantid}');
  }

  async authorizationRequest(opts: { loginHint?: string } = {}): Promise<AuthorizationRequest> {
    const doc = await this.discover();
    const state = random();
    const nonce = random();
    const verifier = random();
    const url = new URL(doc.authorization_endpoint);
    url.search = new URLSearchParams({
      client_id: this.provider.clientId,
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: this.redirectUri,
      state,
      nonce,
      code_challenge: crypto.createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      ...(opts.loginHint ? { login_hint: opts.loginHint } : {}),
    }).toString();
    return { url: url.toString(), state, nonce, verifier };
  }

  /** Exchanges the code at the token endpoint and checks the ID token; returns who signed in. */
  async redeem(code: string, verifier: string, nonce: string): Promise<VerifiedIdentity> {
    const doc = await this.discover();
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: this.redirectUri,
      code_verifier: verifier,
    });
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    };
    const methods = doc.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
    if (methods.includes('client_secret_basic')) {
      const enc = (s: string) => encodeURIComponent(s).replace(/%20/g, '+'); // RFC 6749 2.3.1
      headers.authorization = `Basic ${Buffer.from(`${enc(this.provider.clientId)}:${enc(this.provider.clientSecret)}`).toString('base64')}`;
    } else {
      form.set('client_id', this.provider.clientId);
      form.set('client_secret', this.provider.clientSecret);
    }
    let r: { status: number; body: any };
    try {
      r = await getJson(doc.token_endpoint, { method: 'POST', headers, body: form });
    } catch (e) {
      throw new UpstreamError(`token endpoint failed: ${(e as Error).message}`, 'token_failed');
    }
    if (r.status !== 200 || typeof r.body?.id_token !== 'string')
      throw new UpstreamError(`token endpoint answered ${r.status}: ${r.body?.error ?? 'no id_token'}`, 'token_failed');
    return this.verifyIdToken(r.body.id_token, nonce);
  }

  async verifyIdToken(idToken: string, nonce: string): Promise<VerifiedIdentity> {
    const doc = await this.discover();
    if (this.jwks?.uri !== doc.jwks_uri)
      this.jwks = {
        uri: doc.jwks_uri,
        set: createRemoteJWKSet(new URL(doc.jwks_uri), { timeoutDuration: FETCH_TIMEOUT_MS }),
      };
    const algorithms = (doc.id_token_signing_alg_values_supported ?? ['RS256']).filter((a) => ASYMMETRIC.test(a));
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, this.jwks.set, {
        audience: this.provider.clientId,
        algorithms: algorithms.length ? algorithms : ['RS256'],
        clockTolerance: CLOCK_TOLERANCE_S,
        requiredClaims: ['iss', 'sub', 'aud', 'exp', 'iat'],
      }));
    } catch (e) {
      throw new UpstreamError(`ID token rejected: ${(e as Error).message}`, 'id_token_invalid');
    }
    const expectedIssuer = doc.issuer.includes('{tenantid}')
      ? doc.issuer.replace('{tenantid}', String(payload.tid ?? ''))
      : doc.issuer;
    if (payload.iss !== expectedIssuer)
      throw new UpstreamError(`ID token issuer ${payload.iss} is not ${expectedIssuer}`, 'id_token_invalid');
    const aud = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    if (aud.length > 1 && payload.azp !== this.provider.clientId)
      throw new UpstreamError('ID token azp is not this client', 'id_token_invalid');
    if (typeof payload.nonce !== 'string' || !safeEqual(payload.nonce, nonce))
      throw new UpstreamError('ID token nonce does not match', 'id_token_invalid');
    const email = typeof payload.email === 'string' ? payload.email : null;
    return {
      subject: String(payload.sub),
      issuer: String(payload.iss),
      email,
      emailVerified: emailIsVerified(this.provider.id, payload),
      claims: payload,
    };
  }
}

/** Microsoft's consumer (personal account) tenant: its e-mail addresses are verified by Microsoft. */
const MS_CONSUMER_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';

/**
 * Whether the provider vouches for the e-mail: `email_verified` true (Google, standard OIDC); for Microsoft,
 * which does not send it, the optional claim `xms_edov` (the e-mail's domain is verified by the user's
 * organisation) or a personal Microsoft account.
 */
export function emailIsVerified(provider: string, claims: JWTPayload): boolean {
  if (claims.email_verified === true || claims.email_verified === 'true') return true;
  if (provider !== 'ms' || claims.email_verified === false) return false;
  return (
    claims.xms_edov === true || claims.xms_edov === 'true' || claims.xms_edov === 1 || claims.tid === MS_CONSUMER_TENANT
  );
}

function safeEqual(a: string, b: string): boolean {
  const ha = crypto.createHash('sha256').update(a).digest();
  const hb = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(ha, hb);
}
