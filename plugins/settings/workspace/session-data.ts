/**
 * The tenant settings the workspace needs on every page (TENANT_SETTINGS_SESSION_KEY, read by workspace/sdk.ts
 * useTenantFormat and the top bar's logo): loaded with the session and again after /accountsettings saves.
 * Also applies the user's bordered-tables choice to the page's tables.
 */
import { api, reloadSessionData, type SessionDataDef } from '../../../workspace/sdk';
import { TENANT_SETTINGS_SESSION_KEY, type TenantSettingsSessionData } from '../../../common/tenant-format';
import { appSettingsPath, tenantSettingsPath, type AppSettingsResponse, type TenantSettings } from '../shared/api';

const BORDERED_CLASS = 'lci-bordered-tables';
const STYLE_ID = 'lci-bordered-tables-style';
const CSS = `
.${BORDERED_CLASS} table { border-collapse: collapse; }
.${BORDERED_CLASS} table th, .${BORDERED_CLASS} table td { border: 1px solid rgba(95, 107, 124, 0.45); }
`;

/** Turns the bordered-tables look of every table on or off. */
export function applyBorderedTables(on: boolean): void {
  if (typeof document === 'undefined') return;
  if (!document.getElementById(STYLE_ID)) {
    const style = document.createElement('style');
    style.id = STYLE_ID;
    style.textContent = CSS;
    document.head.appendChild(style);
  }
  document.documentElement.classList.toggle(BORDERED_CLASS, on);
}

export const tenantSettingsData: SessionDataDef = {
  key: TENANT_SETTINGS_SESSION_KEY,
  async load(session): Promise<TenantSettingsSessionData> {
    const tenantId = session.tenant!.tenantId;
    const [t, app] = await Promise.all([
      api.get<TenantSettings>(tenantSettingsPath(tenantId)),
      api.post<AppSettingsResponse>(appSettingsPath(tenantId), { operation: 'get_app_settings' }),
    ]);
    const bordered = app.app_settings.find((s) => s.settingCode === 'bordered_tables')?.value === 'true';
    applyBorderedTables(bordered);
    return {
      timeZone: t.timeZone,
      fiscalYearStartMonth: t.fiscalYearStartMonth,
      borderedTables: bordered,
      logoUrl: t.logo.site_logo_url,
    };
  },
};

/** Loads the tenant settings again (after a save): every page picks up the new ones. */
export const reloadTenantSettings = () => reloadSessionData(TENANT_SETTINGS_SESSION_KEY);
