/** SQL of tenant settings and users' app settings, and nothing else: each function takes the caller's transaction. */
import { findTenant, setTenantFormats, type Trx } from '../../../kernel/index';

export interface TenantSettingsRow {
  currency: string;
  date_format: string;
  time_zone: string;
  fiscal_year_start_month: number;
  bordered_tables: boolean;
  site_logo_url: string | null;
  default_logo: boolean;
  updated_at: string | null;
}

const DEFAULTS = {
  time_zone: 'UTC',
  fiscal_year_start_month: 1,
  bordered_tables: false,
  site_logo_url: null,
  default_logo: true,
};

/** The tenant's time zone (IANA name; 'UTC' when it has no settings row): one row, for "today" (tenantTodayOf). */
export async function selectTimeZone(db: Trx, tenantId: number): Promise<string> {
  const s = await db('tenant_settings').first('time_zone').where({ tenant_id: tenantId });
  return s?.time_zone || DEFAULTS.time_zone;
}

/** The tenant's settings: its row of tenant_settings (defaults when it has none) and the tenants' format columns. */
export async function selectTenantSettings(db: Trx, tenantId: number): Promise<TenantSettingsRow> {
  const t = await findTenant(db, tenantId);
  const s = await db('tenant_settings')
    .first('time_zone', 'fiscal_year_start_month', 'bordered_tables', 'site_logo_url', 'default_logo', 'updated_at')
    .where({ tenant_id: tenantId });
  return {
    currency: t?.currency ?? 'USD',
    date_format: t?.dateFormat ?? 'yyyy-mm-dd',
    ...DEFAULTS,
    ...(s
      ? {
          time_zone: s.time_zone,
          fiscal_year_start_month: Number(s.fiscal_year_start_month),
          bordered_tables: Boolean(s.bordered_tables),
          site_logo_url: s.site_logo_url ?? null,
          default_logo: Boolean(s.default_logo),
        }
      : {}),
    updated_at: s?.updated_at ? new Date(s.updated_at).toISOString() : null,
  };
}

export async function updateTenantFormats(
  db: Trx,
  tenantId: number,
  patch: { currency?: string; date_format?: string },
): Promise<void> {
  await setTenantFormats(db, tenantId, { currency: patch.currency, dateFormat: patch.date_format });
}

export async function upsertTenantSettings(
  db: Trx,
  tenantId: number,
  patch: Partial<Omit<TenantSettingsRow, 'currency' | 'date_format' | 'updated_at'>>,
): Promise<void> {
  await db('tenant_settings')
    .insert({ tenant_id: tenantId, ...patch, updated_at: db.fn.now() })
    .onConflict(['tenant_id'])
    .merge({ ...patch, updated_at: db.fn.now() });
}

export async function selectUserAppSettings(db: Trx, userId: number): Promise<Map<string, string>> {
  const rows = await db('user_app_settings').where({ user_id: userId }).select('setting_code', 'value');
  return new Map(rows.map((r: { setting_code: string; value: string }) => [r.setting_code, r.value]));
}

export async function upsertUserAppSetting(
  db: Trx,
  tenantId: number,
  userId: number,
  settingCode: string,
  value: string,
): Promise<void> {
  await db('user_app_settings')
    .insert({ tenant_id: tenantId, user_id: userId, setting_code: settingCode, value, updated_at: db.fn.now() })
    .onConflict(['tenant_id', 'user_id', 'setting_code'])
    .merge({ value, updated_at: db.fn.now() });
}

export async function deleteUserAppSetting(db: Trx, userId: number, settingCode: string): Promise<void> {
  await db('user_app_settings').where({ user_id: userId, setting_code: settingCode }).delete();
}
