/**
 * Platform-level feature flags for the public screens (before anyone signs in,
 * no tenant is known). Section 6 keys flags by tenant or its parent provider
 * tenant; a public screen has neither, so it reads the platform level: the
 * tenant-wide value stored for tenant 0 (the platform, as in the audit log).
 * Only PUBLIC_FLAG_KEYS are exposed (in GET /v3/public/config `flags`); no
 * lookup by e-mail or domain, so the answer says nothing about any tenant.
 * Set with `lci flags platform <key> on|off`. Signed-in screens keep using the
 * session's flags (tenant, parent, user).
 */
import type { Knex } from 'knex';
import { PLATFORM_TENANT_ID } from '../audit';

/** Flags the public screens need: the new two-card sign-in view. */
export const PUBLIC_FLAG_KEYS = ['user-manager-changes'] as const;
type PublicFlagKey = (typeof PUBLIC_FLAG_KEYS)[number];
const TENANT_WIDE = 0;

/** Platform values of the public flags (default off). Needs a system-scope transaction. */
export async function platformFlags(db: Knex): Promise<Record<PublicFlagKey, boolean>> {
  const rows: { flag_key: string; value: boolean }[] = await db('feature_flag_values')
    .where({ tenant_id: PLATFORM_TENANT_ID, user_id: TENANT_WIDE })
    .whereIn('flag_key', [...PUBLIC_FLAG_KEYS])
    .select('flag_key', 'value');
  const out = Object.fromEntries(PUBLIC_FLAG_KEYS.map((k) => [k, false])) as Record<PublicFlagKey, boolean>;
  for (const r of rows) out[r.flag_key as PublicFlagKey] = !!r.value;
  return out;
}

export function isPublicFlagKey(key: string): key is PublicFlagKey {
  return (PUBLIC_FLAG_KEYS as readonly string[]).includes(key);
}

/** Sets a platform value (system scope). */
export async function setPlatformFlag(db: Knex, key: PublicFlagKey, value: boolean): Promise<void> {
  await db('feature_flag_values')
    .insert({ tenant_id: PLATFORM_TENANT_ID, flag_key: key, user_id: TENANT_WIDE, value, updated_at: db.fn.now() })
    .onConflict(['tenant_id', 'flag_key', 'user_id'])
    .merge(['value', 'updated_at']);
}
