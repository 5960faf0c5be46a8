/**
 * The settings API: zod schemas of every route's request and response (the server validates with them, the workspace
 * infers its types from them). Pure: imports zod, common/ and this folder only (the workspace bundles it).
 */
import { z } from 'zod';
import { isValidTimeZone, TENANT_CURRENCIES, TENANT_DATE_FORMATS } from '../../../common/tenant-format';
import { APP_SETTING_CODES, appSettingDef } from './app-settings';

export const appSettingsPath = (tenantId: number) => `/v3/tenant/${tenantId}/appSettings`;
export const tenantSettingsPath = (tenantId: number) => `/v3/tenant/${tenantId}/settings/tenant`;
export const logoUploadPath = (tenantId: number) => `/v3/tenant/${tenantId}/logos/upload`;
export const logoPath = (tenantId: number) => `/v3/tenant/${tenantId}/logos/current`;

export const tenantParams = z.object({ tenantId: z.coerce.number().int().positive() });

/** Logos: PNG or JPEG up to 1 MB. SVG is refused: it may carry scripts, and reports embed the logo. */
export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;
export const LOGO_MAX_BYTES = 1024 * 1024;
export const MSG_LOGO_TYPE = 'The logo must be a PNG or JPEG image.';
export const MSG_LOGO_SIZE = 'The logo must be at most 1 MB.';

// App settings (platform.md 7.4: POST with operation get_app_settings or insert_user_app_settings).
const appSettingSchema = z.object({
  appSettingsId: z.number().int(),
  moniker: z.string(),
  settingCode: z.string(),
  description: z.string(),
  /** What the caller sees: their own value, else the tenant's default, else the catalogue's. */
  value: z.string(),
  tenantValue: z.string(),
  userValue: z.string().nullable(),
});
const userAppSetting = z
  .object({
    settingCode: z.enum(APP_SETTING_CODES as [string, ...string[]], {
      message: `Must be one of ${APP_SETTING_CODES.join(', ')}`,
    }),
    /** null removes the user's own value (back to the tenant's default). */
    value: z.string().max(200).nullable(),
  })
  .superRefine((s, ctx) => {
    const def = appSettingDef(s.settingCode);
    if (def && s.value !== null && !def.values.includes(s.value))
      ctx.addIssue({ code: 'custom', path: ['value'], message: `Must be one of ${def.values.join(', ')}` });
  });
export const appSettingsBody = z.discriminatedUnion('operation', [
  z.object({ operation: z.literal('get_app_settings'), userId: z.number().int().optional() }),
  z.object({
    operation: z.literal('insert_user_app_settings'),
    userId: z.number().int().optional(),
    payload: z.object({ appSettings: z.array(userAppSetting).min(1, 'Required.').max(20) }),
  }),
]);
export const appSettingsResponse = z.object({
  app_settings: z.array(appSettingSchema),
  records_updated: z.number().int().optional(),
});

// Tenant settings (/accountsettings).
const logoStateSchema = z.object({
  /** A signed link to the tenant's logo (valid a day); null with the default logo. */
  site_logo_url: z.string().nullable(),
  default_logo: z.boolean(),
});
export const tenantSettingsSchema = z.object({
  currency: z.string(),
  dateFormat: z.string(),
  timeZone: z.string(),
  fiscalYearStartMonth: z.number().int().min(1).max(12),
  /** The tenant's default of bordered_tables. */
  borderedTables: z.boolean(),
  logo: logoStateSchema,
  updatedAt: z.string().nullable(),
});
export const tenantSettingsBody = z
  .object({
    currency: z.enum(TENANT_CURRENCIES, { message: `Must be one of ${TENANT_CURRENCIES.join(', ')}` }),
    dateFormat: z.enum(TENANT_DATE_FORMATS, { message: `Must be one of ${TENANT_DATE_FORMATS.join(', ')}` }),
    timeZone: z
      .string()
      .trim()
      .min(1, 'Required.')
      .max(64, 'Max 64 characters')
      .refine(isValidTimeZone, 'Unknown time zone (use a name such as Europe/London or America/New_York).'),
    fiscalYearStartMonth: z
      .number({ message: 'A month from 1 to 12.' })
      .int('A month from 1 to 12.')
      .min(1, 'A month from 1 to 12.')
      .max(12, 'A month from 1 to 12.'),
    borderedTables: z.boolean(),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'Nothing to change.');

// Logos (platform.md 7.4 "logos (files)"): upload through a signed link, then set as the tenant's logo.
export const logoUploadBody = z.object({
  contentType: z.enum(LOGO_TYPES, { message: MSG_LOGO_TYPE }),
  size: z.number().int().min(1, 'The file is empty.').max(LOGO_MAX_BYTES, MSG_LOGO_SIZE),
});
export const logoUploadResponse = z.object({
  key: z.string(),
  uploadUrl: z.string(),
  contentType: z.string(),
  maxBytes: z.number().int(),
});
export const setLogoBody = z.object({ key: z.string().min(1, 'Required.').max(300) });
const logoFileSchema = z.object({ key: z.string(), url: z.string(), content_type: z.string() });
export const logosResponse = logoStateSchema.extend({ files: z.array(logoFileSchema) });

export type AppSetting = z.infer<typeof appSettingSchema>;
export type AppSettingsResponse = z.infer<typeof appSettingsResponse>;
export type TenantSettings = z.infer<typeof tenantSettingsSchema>;
export type TenantSettingsBody = z.infer<typeof tenantSettingsBody>;
export type LogoUploadResponse = z.infer<typeof logoUploadResponse>;
export type LogosResponse = z.infer<typeof logosResponse>;
