/**
 * Registration keys: a tenant admin's invitation to a user who has no
 * password yet. The key (32 random bytes, base64url) is returned once, in
 * clear, to be sent in the invitation link; only its SHA-256 is stored (the
 * key has 256 bits of entropy, so a plain hash is enough). Single use,
 * valid REGISTRATION_KEY_TTL_MS; issuing a new key for the same user in the
 * same tenant retires the open ones.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';

const REGISTRATION_KEY_TTL_MS = 14 * 24 * 3_600_000;
/** Keys are 43 base64url characters; anything else is refused before touching the database. */
const REGISTRATION_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function hashRegistrationKey(key: string): string {
  return crypto.createHash('sha256').update(key, 'utf8').digest('hex');
}

export function registrationLink(baseUrl: string, key: string): string {
  return `${baseUrl.replace(/\/$/, '')}/signUpRegisteredUser?${new URLSearchParams({ registrationKey: key }).toString()}`;
}

/**
 * Issues a registration key for a user of a tenant; returns the key in clear.
 * `trx` is a transaction in that tenant's scope (or the system scope).
 */
export async function issueRegistrationKey(
  trx: Knex,
  tenantId: number,
  userId: number,
  opts: { createdBy?: number | null; now?: number } = {},
): Promise<string> {
  const now = opts.now ?? Date.now();
  const key = crypto.randomBytes(32).toString('base64url');
  await trx('registration_keys')
    .where({ tenant_id: tenantId, user_id: userId })
    .whereNull('used_at')
    .update({ used_at: new Date(now) });
  await trx('registration_keys').insert({
    tenant_id: tenantId,
    user_id: userId,
    key_hash: hashRegistrationKey(key),
    expires_at: new Date(now + REGISTRATION_KEY_TTL_MS),
    created_by: opts.createdBy ?? null,
  });
  return key;
}

export interface OpenRegistrationKey {
  registrationKeyId: number;
  tenantId: number;
  userId: number;
}

/** The open (unused, unexpired) key, or null. Needs a scope that sees the key's tenant (system for the public lookup). */
export async function findRegistrationKey(
  trx: Knex,
  key: string,
  now = Date.now(),
): Promise<OpenRegistrationKey | null> {
  if (!REGISTRATION_KEY_PATTERN.test(key)) return null;
  const row = await trx('registration_keys')
    .where({ key_hash: hashRegistrationKey(key) })
    .whereNull('used_at')
    .where('expires_at', '>', new Date(now))
    // Only for a user of the key's tenant who has not registered: a key never sets a registered user's password,
    // nor one of another company's (defence in depth beside policy registration_keys_home_pending).
    .whereExists((q) =>
      q
        .from('users as u')
        .whereRaw('u.user_id = registration_keys.user_id and u.current_tenant_id = registration_keys.tenant_id')
        .where((w) => w.whereNull('u.password_hash').orWhere('u.confirmed_flag', false)),
    )
    .first('registration_key_id', 'tenant_id', 'user_id');
  return row
    ? {
        registrationKeyId: Number(row.registration_key_id),
        tenantId: Number(row.tenant_id),
        userId: Number(row.user_id),
      }
    : null;
}

/** Uses a key up; false when it was used meanwhile. */
export async function useRegistrationKey(trx: Knex, key: OpenRegistrationKey, now = Date.now()): Promise<boolean> {
  const n = await trx('registration_keys')
    .where({ registration_key_id: key.registrationKeyId, tenant_id: key.tenantId })
    .whereNull('used_at')
    .update({ used_at: new Date(now) });
  return n === 1;
}
