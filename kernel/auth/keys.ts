/**
 * The provider's signing keys: one RS256 key pair generated on first start and
 * kept in kernel_settings ('oidc_jwks'), so every process and restart signs
 * and verifies with the same keys. Cookie keys derive from config.secret.
 */
import crypto from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Knex } from 'knex';

const JWKS_SETTING = 'oidc_jwks';
export interface PrivateJwks {
  keys: (JWK & { kid: string; alg: string; use: string })[];
}

async function newKey(): Promise<PrivateJwks['keys'][number]> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: crypto.randomUUID(), alg: 'RS256', use: 'sig' };
}

/** Reads the key set, creating it once (two processes starting together agree on the first insert). */
export async function loadSigningKeys(knex: Knex): Promise<PrivateJwks> {
  const read = async () =>
    (await knex('kernel_settings').where({ key: JWKS_SETTING }).first('value'))?.value as
      PrivateJwks | string | undefined;
  let value = await read();
  if (!value) {
    const fresh: PrivateJwks = { keys: [await newKey()] };
    await knex('kernel_settings')
      .insert({ key: JWKS_SETTING, value: JSON.stringify(fresh) })
      .onConflict('key')
      .ignore();
    value = await read();
  }
  const jwks = (typeof value === 'string' ? JSON.parse(value) : value) as PrivateJwks;
  if (!jwks?.keys?.length) throw new Error(`kernel_settings.${JWKS_SETTING} holds no keys`);
  return jwks;
}

/** The public half of each key (what /oidc/jwks publishes and verify() uses). */
export function publicJwks(jwks: PrivateJwks): { keys: JWK[] } {
  return { keys: jwks.keys.map(({ kty, n, e, kid, alg, use }) => ({ kty, n, e, kid, alg, use })) };
}

/** Signing keys for the provider's cookies, derived from the configured secret. */
export function cookieKeys(secret: string): string[] {
  if (!secret) throw new Error('cookieKeys: the server secret is empty');
  return [crypto.createHmac('sha256', secret).update('lci-oidc-cookies-v1').digest('base64url')];
}
