/**
 * The warranty lookup API (issue 17 part C; platform.md 3 "warranty lookup settings", 7.4): zod schemas of the
 * settings, run and log routes under /v3/tenant/{tenantId}/. Credentials are write-only: the settings answer says
 * whether each is set, never its value. Pure: zod and this plugin's shared files only.
 */
import { z } from 'zod';
import {
  CALLS_PER_MINUTE_MAX,
  OVERWRITE_POLICIES,
  TERM_MONTHS_MAX,
  WARRANTY_VENDORS,
  type WarrantyVendorId,
} from './warranty';

const id = z.coerce.number().int().positive();
const bodyId = z.number().int().positive();
const int = z.number().int();

export const warrantyTenantParams = z.object({ tenantId: id });
export const warrantyRunParams = warrantyTenantParams.extend({ runId: id });

export const warrantyPaths = {
  settings: (tenantId: number) => `/v3/tenant/${tenantId}/warrantyLookupSettings`,
  run: (tenantId: number) => `/v3/tenant/${tenantId}/warrantyLookup/run`,
  runs: (tenantId: number) => `/v3/tenant/${tenantId}/warrantyLookup/runs`,
  oneRun: (tenantId: number, runId: number) => `/v3/tenant/${tenantId}/warrantyLookup/runs/${runId}`,
  log: (tenantId: number) => `/v3/tenant/${tenantId}/warrantyLookup/log`,
};

/** Which calls go to the vendor's service: `vendor_api` when its credentials are complete, else `offline_default`. */
export const WARRANTY_SERVICES = ['vendor_api', 'offline_default'] as const;

export const vendorSettings = z.object({
  vendor: z.enum(WARRANTY_VENDORS),
  label: z.string(),
  enabled: z.boolean(),
  standard_term_months: int.min(1).max(TERM_MONTHS_MAX),
  calls_per_minute: int.min(1).max(CALLS_PER_MINUTE_MAX),
  client_id_set: z.boolean(),
  client_secret_set: z.boolean(),
  api_key_set: z.boolean(),
  /** Which credentials this vendor takes: Dell and HP client id + secret, Lenovo an API key (its ClientID). */
  credentials: z.enum(['client', 'api_key']),
  service: z.enum(WARRANTY_SERVICES),
});
export type VendorSettings = z.infer<typeof vendorSettings>;

export const warrantySettings = z.object({
  enabled: z.boolean(),
  /** The lookup runs every night (02:30 UTC) over the assets due for it. */
  nightly_refresh: z.boolean(),
  overwrite_policy: z.enum(OVERWRITE_POLICIES),
  vendors: z.array(vendorSettings),
  updated_at: z.string().nullable(),
});
export type WarrantySettings = z.infer<typeof warrantySettings>;
export const warrantySettingsAnswer = z.object({ settings: warrantySettings });

const secret = z
  .string()
  .trim()
  .min(1, 'Use null to clear it.')
  .max(500, 'Max 500 characters')
  .refine((v) => !/[\s]/.test(v), 'No spaces.')
  .nullable()
  .optional();

export const vendorSettingsBody = z
  .object({
    enabled: z.boolean().optional(),
    standard_term_months: int
      .min(1, 'Between 1 and 240 months')
      .max(TERM_MONTHS_MAX, 'Between 1 and 240 months')
      .optional(),
    calls_per_minute: int
      .min(1, `Between 1 and ${CALLS_PER_MINUTE_MAX}`)
      .max(CALLS_PER_MINUTE_MAX, `Between 1 and ${CALLS_PER_MINUTE_MAX}`)
      .optional(),
    client_id: secret,
    client_secret: secret,
    api_key: secret,
  })
  .strict();
export type VendorSettingsBody = z.infer<typeof vendorSettingsBody>;

/** PUT: the fields to change; a credential null clears it, absent keeps it. */
export const warrantySettingsBody = z
  .object({
    enabled: z.boolean().optional(),
    nightly_refresh: z.boolean().optional(),
    overwrite_policy: z.enum(OVERWRITE_POLICIES).optional(),
    vendors: z
      .object({
        dell: vendorSettingsBody.optional(),
        lenovo: vendorSettingsBody.optional(),
        hp: vendorSettingsBody.optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type WarrantySettingsBody = z.infer<typeof warrantySettingsBody>;

export const warrantyRunBody = z
  .object({
    assetIds: z.array(bodyId).min(1, 'At least one asset').max(1000, 'At most 1000 assets').optional(),
    tenantCompanyId: bodyId.optional(),
  })
  .strict()
  .refine((b) => !(b.assetIds && b.tenantCompanyId), {
    message: 'Give assetIds or tenantCompanyId, not both.',
    path: ['tenantCompanyId'],
  });
export type WarrantyRunBody = z.infer<typeof warrantyRunBody>;

export const RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
/** Who started a run: a user (manual), `lci assets warranty-refresh` (cli), the nightly refresh (schedule). */
export const RUN_TRIGGERS = ['manual', 'cli', 'schedule'] as const;
export type RunTrigger = (typeof RUN_TRIGGERS)[number];
export const warrantyRun = z.object({
  warranty_run_id: int.positive(),
  job_id: z.string().nullable(),
  trigger: z.enum(RUN_TRIGGERS),
  status: z.enum(RUN_STATUSES),
  tenant_company_id: int.positive().nullable(),
  asset_count: int.nonnegative().nullable(),
  progress: int.min(0).max(100),
  message: z.string().nullable(),
  total: int.nonnegative(),
  looked_up: int.nonnegative(),
  updated: int.nonnegative(),
  unchanged: int.nonnegative(),
  not_found: int.nonnegative(),
  failed: int.nonnegative(),
  skipped: int.nonnegative(),
  error: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type WarrantyRun = z.infer<typeof warrantyRun>;
export const warrantyRunAnswer = z.object({ run: warrantyRun });
export const warrantyRunStarted = z.object({ run_id: int.positive(), job_id: z.string(), run: warrantyRun });
export const warrantyRunsAnswer = z.object({ runs: z.array(warrantyRun) });

export const warrantyLogQuery = z
  .object({ assetId: id.optional(), runId: id.optional(), limit: z.coerce.number().int().min(1).max(500).default(100) })
  .strict();
export const warrantyLookupEntry = z.object({
  warranty_lookup_id: int.positive(),
  asset_id: int.positive(),
  warranty_run_id: int.positive().nullable(),
  vendor: z.enum(WARRANTY_VENDORS),
  source: z.enum(WARRANTY_SERVICES),
  looked_up_at: z.string(),
  result: z.enum(['updated', 'unchanged', 'not_found', 'failed']),
  warranty_start: z.string().nullable(),
  warranty_expiry: z.string().nullable(),
  error: z.string().nullable(),
});
export type WarrantyLookupEntry = z.infer<typeof warrantyLookupEntry>;
export const warrantyLogAnswer = z.object({ lookups: z.array(warrantyLookupEntry) });

export const MSG_LOOKUP_OFF = 'Warranty lookup is turned off in the warranty lookup settings.';
export const MSG_RUN_ACTIVE = 'A warranty lookup is already running for this tenant.';
export const vendorCredentialKind = (v: WarrantyVendorId): 'client' | 'api_key' =>
  v === 'lenovo' ? 'api_key' : 'client';
