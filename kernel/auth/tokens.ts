/**
 * Access tokens: verification on every API call (local key set, no HTTP) and
 * issuing tokens identical in form to the provider's JWT access tokens.
 */
import crypto, { type webcrypto } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { createLocalJWKSet, importJWK, jwtVerify, SignJWT, type JWTPayload, type KeyObject } from 'jose';
import type { TokenClaims } from '../types';
import { publicJwks, type PrivateJwks } from './keys';

export const WORKSPACE_CLIENT_ID = 'lci-workspace';
export const WORKSPACE_SCOPE = 'openid offline_access lci';
/** The resource scope of the /v3 API. */
export const API_SCOPE = 'lci';

interface TokenSettings {
  issuer: string;
  audience: string;
  ttlSeconds: number;
}

class TokenError extends Error {
  constructor(
    message: string,
    public code: string,
  ) {
    super(message);
    this.name = 'TokenError';
  }
}

export function claimsFromPayload(p: JWTPayload): TokenClaims {
  const userId = Number(p.sub);
  if (!p.sub || !Number.isSafeInteger(userId) || userId <= 0)
    throw new TokenError('token subject is not a user', 'ERR_JWT_CLAIM_VALIDATION_FAILED');
  const tid = p.tid;
  const tenantId =
    typeof tid === 'number' && Number.isSafeInteger(tid) && tid > 0
      ? tid
      : typeof tid === 'string' && /^\d+$/.test(tid)
        ? Number(tid)
        : null;
  return {
    userId,
    tenantId,
    sessionId: typeof p.sid === 'string' ? p.sid : undefined,
    clientId: typeof p.client_id === 'string' ? p.client_id : undefined,
    scope: typeof p.scope === 'string' ? p.scope : undefined,
    exp: p.exp,
    tokenId: typeof p.jti === 'string' ? p.jti : undefined,
    iat: typeof p.iat === 'number' ? p.iat : undefined,
    issuedAtMs: typeof p.lci_iat_ms === 'number' && Number.isFinite(p.lci_iat_ms) ? p.lci_iat_ms : undefined,
    grantRef: typeof p.lci_grant === 'string' ? p.lci_grant : undefined,
    passwordSignIn: typeof p.lci_pwd === 'boolean' ? p.lci_pwd : undefined,
  };
}

export class TokenService {
  private readonly keySet: ReturnType<typeof createLocalJWKSet>;
  private signingKey?: { key: webcrypto.CryptoKey | KeyObject | Uint8Array; kid: string };
  /**
   * Tokens already verified, until they expire: a signature check costs
   * ~0.5 ms and the same token arrives on every call of a session. Only
   * tokens that passed verification are kept.
   */
  private readonly verified = new LRUCache<string, { claims: TokenClaims; expMs: number }>({ max: 20_000 });

  constructor(
    private readonly jwks: PrivateJwks,
    private readonly settings: TokenSettings,
  ) {
    this.keySet = createLocalJWKSet(publicJwks(jwks) as never);
  }

  /** Verifies signature (RS256), issuer, audience, expiry and the at+jwt type. Throws jose errors (code ERR_JWT_EXPIRED, ...). */
  async verify(token: string): Promise<TokenClaims> {
    if (typeof token !== 'string' || token.length > 8192) throw new TokenError('token is not a JWT', 'ERR_JWS_INVALID');
    const hit = this.verified.get(token);
    if (hit && hit.expMs > Date.now()) return { ...hit.claims };
    if (hit) this.verified.delete(token);
    const { payload } = await jwtVerify(token, this.keySet, {
      issuer: this.settings.issuer,
      audience: this.settings.audience,
      algorithms: ['RS256'],
      typ: 'at+jwt',
      requiredClaims: ['sub', 'exp', 'iat', 'jti'],
    });
    const claims = claimsFromPayload(payload);
    this.verified.set(token, { claims, expMs: payload.exp! * 1000 });
    return { ...claims };
  }

  /** Signs a token with the provider's current key and the claims the provider puts in its access tokens. */
  async issue(
    userId: number,
    tenantId: number | null,
    ttlSeconds = this.settings.ttlSeconds,
    extra: Record<string, unknown> = {},
  ): Promise<string> {
    if (!this.signingKey) {
      const jwk = this.jwks.keys[0];
      this.signingKey = { key: await importJWK(jwk, 'RS256'), kid: jwk.kid };
    }
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      lci_iat_ms: Date.now(),
      ...extra,
      ...(tenantId != null ? { tid: tenantId } : { tid: null }),
      scope: API_SCOPE,
      client_id: WORKSPACE_CLIENT_ID,
    })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: this.signingKey.kid })
      .setJti(crypto.randomBytes(16).toString('base64url'))
      .setSubject(String(userId))
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds)
      .setIssuer(this.settings.issuer)
      .setAudience(this.settings.audience)
      .sign(this.signingKey.key);
  }
}
