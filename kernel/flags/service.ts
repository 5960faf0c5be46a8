/** Feature flags read and written in the caller's transaction (tenant or system scope). */
import type { Trx } from '../db/database';
import { notFound } from '../http/errors';
import type { FeatureFlags, Kernel } from '../kernel';
import { effectiveFlags, TENANT_WIDE, type FlagValueRow } from './precedence';

async function flagKeys(trx: Trx): Promise<string[]> {
  return (await trx('feature_flags').orderBy('flag_key').select('flag_key')).map(
    (r: { flag_key: string }) => r.flag_key,
  );
}

export function createFlagService(
  _k: Kernel,
): FeatureFlags & { unset(trx: Trx, tenantId: number, userId: number | null, key: string): Promise<boolean> } {
  async function all(trx: Trx, tenantId: number, userId: number | null): Promise<Record<string, boolean>> {
    const keys = await flagKeys(trx);
    const tenant = await trx('tenants').where({ tenant_id: tenantId }).first('parent_tenant_id');
    const parentTenantId =
      tenant?.parent_tenant_id === null || tenant?.parent_tenant_id === undefined
        ? null
        : Number(tenant.parent_tenant_id);
    const tenants = parentTenantId === null ? [tenantId] : [tenantId, parentTenantId];
    const users = userId ? [TENANT_WIDE, userId] : [TENANT_WIDE];
    const rows = await trx<FlagValueRow>('feature_flag_values')
      .whereIn('tenant_id', tenants)
      .whereIn('user_id', users)
      .select('tenant_id', 'flag_key', 'user_id', 'value');
    return effectiveFlags(keys, rows, { tenantId, parentTenantId, userId });
  }
  async function known(trx: Trx, key: string) {
    if (!(await trx('feature_flags').where({ flag_key: key }).first('flag_key')))
      throw notFound(`Unknown feature flag '${key}'`);
  }
  return {
    all,
    async get(trx, tenantId, userId, key) {
      const flags = await all(trx, tenantId, userId);
      if (!(key in flags)) throw notFound(`Unknown feature flag '${key}'`);
      return flags[key];
    },
    async set(trx, tenantId, userId, key, value) {
      await known(trx, key);
      await trx('feature_flag_values')
        .insert({ tenant_id: tenantId, flag_key: key, user_id: userId ?? TENANT_WIDE, value, updated_at: trx.fn.now() })
        .onConflict(['tenant_id', 'flag_key', 'user_id'])
        .merge(['value', 'updated_at']);
    },
    /** Removes a tenant's (or a user's) own value, so the next level applies again. */
    async unset(trx, tenantId, userId, key) {
      await known(trx, key);
      return (
        (await trx('feature_flag_values')
          .where({ tenant_id: tenantId, flag_key: key, user_id: userId ?? TENANT_WIDE })
          .delete()) > 0
      );
    },
  };
}
