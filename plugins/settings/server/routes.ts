/** The settings routes: thin (parse with the shared schemas, call the instance's service, shape the answer). */
import { forbidden, type Kernel, type RouteRegistrar } from '../../../kernel/index';
import {
  appSettingsBody,
  appSettingsResponse,
  logosResponse,
  logoUploadBody,
  logoUploadResponse,
  setLogoBody,
  tenantParams,
  tenantSettingsBody,
  tenantSettingsSchema,
} from '../shared/api';
import { ACCOUNT_SETTINGS_PAGE } from '../shared/pages';
import type { SettingsInstance } from './service';

export function routes(r: RouteRegistrar, _k: Kernel, self: SettingsInstance): void {
  // platform.md 7.4 "App settings POST": every signed-in user of the tenant reads the settings and keeps values of
  // their own (a display preference, not the page's data: no page access is needed, a Read Only user may set theirs).
  r.post(
    '/v3/tenant/:tenantId/appSettings',
    {
      summary: 'App settings: get_app_settings, insert_user_app_settings (the caller’s own values)',
      params: tenantParams,
      body: appSettingsBody,
      response: appSettingsResponse,
      write: (b) => (b as { operation?: string }).operation === 'insert_user_app_settings',
    },
    async ({ db, tenantId, caller, body, audit }) => {
      const userId = caller!.userId; // auth 'user': always signed in
      if (body.userId !== undefined && body.userId !== userId)
        throw forbidden('App settings of another user cannot be read or changed.');
      if (body.operation === 'get_app_settings') return { app_settings: await self.appSettings(db, tenantId, userId) };
      const n = await self.setUserAppSettings(db, tenantId, userId, body.payload.appSettings);
      await audit('settings.user_app_settings', { appSettings: body.payload.appSettings }, String(userId));
      return { app_settings: await self.appSettings(db, tenantId, userId), records_updated: n };
    },
  );

  // Every signed-in user reads the tenant's formats and logo (the workspace loads them with the session).
  r.get(
    '/v3/tenant/:tenantId/settings/tenant',
    {
      summary: "The tenant's formats, display defaults and logo",
      params: tenantParams,
      response: tenantSettingsSchema,
    },
    async ({ db, tenantId }) => self.tenantSettings(db, tenantId),
  );
  r.put(
    '/v3/tenant/:tenantId/settings/tenant',
    {
      summary: "Changes the tenant's formats and display defaults (tenant admins)",
      auth: 'tenantAdmin',
      page: ACCOUNT_SETTINGS_PAGE,
      params: tenantParams,
      body: tenantSettingsBody,
      response: tenantSettingsSchema,
    },
    async ({ db, tenantId, body, audit }) => {
      const after = await self.updateTenantSettings(db, tenantId, body);
      await audit('settings.tenant.update', body, String(tenantId));
      return after;
    },
  );

  r.get(
    '/v3/tenant/:tenantId/logos',
    { summary: "The tenant's logo files (platform.md 7.4 logos)", params: tenantParams, response: logosResponse },
    async ({ db, tenantId }) => self.logos(db, tenantId),
  );
  r.post(
    '/v3/tenant/:tenantId/logos/upload',
    {
      summary: 'A signed link to upload a logo (PNG or JPEG, at most 1 MB)',
      auth: 'tenantAdmin',
      page: ACCOUNT_SETTINGS_PAGE,
      params: tenantParams,
      body: logoUploadBody,
      response: logoUploadResponse,
    },
    async ({ tenantId, body }) => self.logoUpload(tenantId, body),
  );
  r.put(
    '/v3/tenant/:tenantId/logos/current',
    {
      summary: "Makes an uploaded file the tenant's logo (its bytes checked: PNG or JPEG, at most 1 MB)",
      auth: 'tenantAdmin',
      page: ACCOUNT_SETTINGS_PAGE,
      params: tenantParams,
      body: setLogoBody,
      response: tenantSettingsSchema,
    },
    async ({ db, tenantId, body, audit }) => {
      const after = await self.setLogo(db, tenantId, body.key);
      await audit('settings.logo.set', { key: body.key }, String(tenantId));
      return after;
    },
  );
  r.delete(
    '/v3/tenant/:tenantId/logos/current',
    {
      summary: 'Back to the default logo',
      auth: 'tenantAdmin',
      page: ACCOUNT_SETTINGS_PAGE,
      params: tenantParams,
      response: tenantSettingsSchema,
    },
    async ({ db, tenantId, audit }) => {
      const after = await self.resetLogo(db, tenantId);
      await audit('settings.logo.reset', {}, String(tenantId));
      return after;
    },
  );
}
