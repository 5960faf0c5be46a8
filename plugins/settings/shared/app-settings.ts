/**
 * The app settings (platform.md 3 "App setting: appSettingsId, moniker, settingCode, description, value"): the
 * catalogue, written once. Each has a tenant default (tenant admins, /accountsettings) that a user may replace with
 * a value of their own (insert_user_app_settings). Pure: the workspace bundles it.
 */
interface AppSettingDef {
  appSettingsId: number;
  moniker: string;
  settingCode: string;
  description: string;
  /** The value when neither the tenant nor the user chose one. */
  defaultValue: string;
  /** The values a setting accepts. */
  values: readonly string[];
}

export const APP_SETTINGS: readonly AppSettingDef[] = [
  {
    appSettingsId: 1,
    moniker: 'Bordered tables',
    settingCode: 'bordered_tables',
    description: 'Show lines around the cells of the tables of the workspace.',
    defaultValue: 'false',
    values: ['true', 'false'],
  },
];

export const APP_SETTING_CODES = APP_SETTINGS.map((s) => s.settingCode);

export function appSettingDef(code: string): AppSettingDef | undefined {
  return APP_SETTINGS.find((s) => s.settingCode === code);
}

/** The value a user sees: their own, else the tenant's default, else the catalogue's. */
export function effectiveValue(def: AppSettingDef, tenantValue: string | null, userValue: string | null): string {
  return userValue ?? tenantValue ?? def.defaultValue;
}
