/**
 * The rules of tenant settings, app settings and logos, and the plugin's per-kernel instance (what `setup(k)`
 * returns; nothing at module level).
 */
import crypto from 'node:crypto';
import { afterCommit, badRequest, type Kernel, type Trx } from '../../../kernel/index';
import {
  LOGO_MAX_BYTES,
  type AppSetting,
  type LogosResponse,
  type TenantSettings,
  type TenantSettingsBody,
  type LogoUploadResponse,
} from '../shared/api';
import { APP_SETTINGS, appSettingDef, effectiveValue } from '../shared/app-settings';
import { logoRefusal } from './logo-check';
import {
  deleteUserAppSetting,
  selectTenantSettings,
  selectUserAppSettings,
  updateTenantFormats,
  upsertTenantSettings,
  upsertUserAppSetting,
  type TenantSettingsRow,
} from './store';

/** Signed logo links last a day: the workspace loads them with the session, reports when they are built. */
const LOGO_LINK_SECONDS = 24 * 60 * 60;
const LOGO_LINK_REASON = 'the workspace shows the logo for the whole session without asking for its settings again';

export interface SettingsInstance {
  tenantSettings(db: Trx, tenantId: number): Promise<TenantSettings>;
  updateTenantSettings(db: Trx, tenantId: number, body: TenantSettingsBody): Promise<TenantSettings>;
  appSettings(db: Trx, tenantId: number, userId: number): Promise<AppSetting[]>;
  /** Sets (or with null removes) the user's own values; answers how many changed. */
  setUserAppSettings(
    db: Trx,
    tenantId: number,
    userId: number,
    list: { settingCode: string; value: string | null }[],
  ): Promise<number>;
  logoUpload(tenantId: number, body: { contentType: string; size: number }): LogoUploadResponse;
  /** Checks the uploaded object and makes it the tenant's logo (400 naming body.key otherwise; the bad file goes). */
  setLogo(db: Trx, tenantId: number, key: string): Promise<TenantSettings>;
  /** Back to the default logo. */
  resetLogo(db: Trx, tenantId: number): Promise<TenantSettings>;
  logos(db: Trx, tenantId: number): Promise<LogosResponse>;
  /** The tenant's logo file (for reports), or null with the default logo. */
  logoFile(db: Trx, tenantId: number): Promise<{ key: string; contentType: string; body: Buffer } | null>;
  stop(): void;
}

const logoPrefix = (tenantId: number) => `tenants/${tenantId}/logos/`;

export function createSettingsService(k: Kernel): SettingsInstance {
  const toApi = (r: TenantSettingsRow): TenantSettings => ({
    currency: r.currency,
    dateFormat: r.date_format,
    timeZone: r.time_zone,
    fiscalYearStartMonth: r.fiscal_year_start_month,
    borderedTables: r.bordered_tables,
    logo: {
      site_logo_url:
        !r.default_logo && r.site_logo_url
          ? k.storage.signedUrl(r.site_logo_url, LOGO_LINK_SECONDS, { reason: LOGO_LINK_REASON })
          : null,
      default_logo: r.default_logo || !r.site_logo_url,
    },
    updatedAt: r.updated_at,
  });
  const read = async (db: Trx, tenantId: number) => toApi(await selectTenantSettings(db, tenantId));

  return {
    tenantSettings: read,
    async updateTenantSettings(db, tenantId, body) {
      await updateTenantFormats(db, tenantId, {
        ...(body.currency ? { currency: body.currency } : {}),
        ...(body.dateFormat ? { date_format: body.dateFormat } : {}),
      });
      if (body.currency || body.dateFormat) {
        // The session carries currency and date format: cached sessions of the tenant load again after the commit.
        k.access.invalidate(tenantId);
        afterCommit(db, () => k.access.invalidate(tenantId));
      }
      const patch = {
        ...(body.timeZone !== undefined ? { time_zone: body.timeZone } : {}),
        ...(body.fiscalYearStartMonth !== undefined ? { fiscal_year_start_month: body.fiscalYearStartMonth } : {}),
        ...(body.borderedTables !== undefined ? { bordered_tables: body.borderedTables } : {}),
      };
      if (Object.keys(patch).length) await upsertTenantSettings(db, tenantId, patch);
      return read(db, tenantId);
    },
    async appSettings(db, tenantId, userId) {
      const tenant = await selectTenantSettings(db, tenantId);
      const own = await selectUserAppSettings(db, userId);
      const tenantValues: Record<string, string> = { bordered_tables: String(tenant.bordered_tables) };
      return APP_SETTINGS.map((def) => {
        const tenantValue = tenantValues[def.settingCode] ?? def.defaultValue;
        const userValue = own.get(def.settingCode) ?? null;
        return {
          appSettingsId: def.appSettingsId,
          moniker: def.moniker,
          settingCode: def.settingCode,
          description: def.description,
          value: effectiveValue(def, tenantValue, userValue),
          tenantValue,
          userValue,
        };
      });
    },
    async setUserAppSettings(db, tenantId, userId, list) {
      let n = 0;
      for (const s of list) {
        if (!appSettingDef(s.settingCode)) continue; // the schema refused unknown codes already
        if (s.value === null) await deleteUserAppSetting(db, userId, s.settingCode);
        else await upsertUserAppSetting(db, tenantId, userId, s.settingCode, s.value);
        n++;
      }
      return n;
    },
    logoUpload(tenantId, body) {
      const ext = body.contentType === 'image/png' ? 'png' : 'jpg';
      const key = `${logoPrefix(tenantId)}${crypto.randomUUID()}.${ext}`;
      const limits = { contentType: body.contentType, maxBytes: LOGO_MAX_BYTES };
      return { key, uploadUrl: k.storage.signedUploadUrl(key, limits, 600), ...limits };
    },
    async setLogo(db, tenantId, key) {
      const refuse = (message: string) => badRequest(message, [{ path: 'body.key', message }]);
      if (!key.startsWith(logoPrefix(tenantId)) || key.includes('..') || !/^[A-Za-z0-9._\-/]+$/.test(key))
        throw refuse('Not a logo of this tenant.');
      const obj = await k.storage.get(key);
      if (!obj) throw refuse('No file was uploaded under this key.');
      const refusal = logoRefusal(obj.body, obj.contentType);
      if (refusal) {
        await k.storage.delete(key);
        throw refuse(refusal);
      }
      const before = await selectTenantSettings(db, tenantId);
      await upsertTenantSettings(db, tenantId, { site_logo_url: key, default_logo: false });
      if (before.site_logo_url && before.site_logo_url !== key) await k.storage.delete(before.site_logo_url);
      return read(db, tenantId);
    },
    async resetLogo(db, tenantId) {
      const before = await selectTenantSettings(db, tenantId);
      await upsertTenantSettings(db, tenantId, { site_logo_url: null, default_logo: true });
      if (before.site_logo_url) await k.storage.delete(before.site_logo_url);
      return read(db, tenantId);
    },
    async logos(db, tenantId) {
      const s = await read(db, tenantId);
      const r = await selectTenantSettings(db, tenantId);
      const files =
        !r.default_logo && r.site_logo_url
          ? [
              {
                key: r.site_logo_url,
                url: s.logo.site_logo_url ?? '',
                content_type: r.site_logo_url.endsWith('.png') ? 'image/png' : 'image/jpeg',
              },
            ]
          : [];
      return { ...s.logo, files };
    },
    async logoFile(db, tenantId) {
      const r = await selectTenantSettings(db, tenantId);
      if (r.default_logo || !r.site_logo_url) return null;
      const obj = await k.storage.get(r.site_logo_url);
      return obj ? { key: r.site_logo_url, contentType: obj.contentType, body: obj.body } : null;
    },
    stop() {},
  };
}
