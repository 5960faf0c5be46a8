/**
 * What other plugins may use of `settings` (they list 'settings' in dependsOn and import only this file).
 *
 * - `tenantLogo(k, db, tenantId)`: the tenant's logo file (bytes and type) or null with the default logo, e.g. for a
 *   report's header; `tenantSettings(k, db, tenantId)`: formats (currency, date format, time zone, fiscal year start)
 *   and the logo link. Money and date rules themselves are in common/tenant-format.ts.
 * - `tenantTodayOf(db, tenantId)`: the tenant's "today" (YYYY-MM-DD) in its time zone, common/dates.ts `tenantToday`
 *   applied to the tenant's time_zone (one row read; no kernel needed, so services and fixtures can call it);
 *   `tenantTimeZoneOf(db, tenantId)`: that time zone itself.
 */
import { tenantToday } from '../../common/dates';
import type { Kernel, Trx } from '../../kernel/index';
import { selectTimeZone } from './server/store';
import type { SettingsInstance } from './server/service';
import type { TenantSettings } from './shared/api';

export const tenantLogo = (k: Kernel, db: Trx, tenantId: number) =>
  k.instance<SettingsInstance>('settings').logoFile(db, tenantId);

export const tenantSettings = (k: Kernel, db: Trx, tenantId: number): Promise<TenantSettings> =>
  k.instance<SettingsInstance>('settings').tenantSettings(db, tenantId);

export const tenantTodayOf = async (db: Trx, tenantId: number, now?: Date | number): Promise<string> =>
  tenantToday({ timeZone: await selectTimeZone(db, tenantId) }, now);

/** The tenant's time zone (IANA name), e.g. for a date of a timestamp in SQL (`at time zone ?`). */
export const tenantTimeZoneOf = (db: Trx, tenantId: number): Promise<string> => selectTimeZone(db, tenantId);

export { ACCOUNT_SETTINGS_PAGE } from './shared/pages';
export { LOGO_TYPES, LOGO_MAX_BYTES } from './shared/api';
export type { TenantSettings, AppSetting } from './shared/api';
export type { SettingsInstance } from './server/service';
