/**
 * The data quality API of assets (issue 17 part D; platform.md 7.4 "data quality settings (settings) and its
 * update"): zod schemas of its routes' requests and responses, under /v3/tenant/{tenantId}/, page /mspdataquality.
 * Pure: zod and this plugin's shared files.
 */
import { z } from 'zod';
import { DQ_BANDS, DQ_FIELDS, DQ_SETTING_OF, type DqField } from './data-quality';

const int = z.number().int();
const id = z.coerce.number().int().positive();

export const dqPaths = {
  settings: (tenantId: number) => `/v3/tenant/${tenantId}/dataQualitySettings`,
  quality: (tenantId: number) => `/v3/tenant/${tenantId}/assetDataQuality`,
  fixList: (tenantId: number) => `/v3/tenant/${tenantId}/assetDataQuality/fixList`,
};

const checkShape = Object.fromEntries(DQ_FIELDS.map((f) => [DQ_SETTING_OF[f], z.boolean()])) as {
  [F in DqField as `check_${F}`]: z.ZodBoolean;
};

/** The settings as stored and answered; version 0: never saved (the defaults). */
export const dataQualitySettingsRow = z.object({
  ...checkShape,
  stale_after_days: int.min(1).max(3650),
  good_score: int.min(1).max(100),
  fair_score: int.min(0).max(99),
  version: int.nonnegative(),
  updated_at: z.string().nullable(),
});
export type DataQualitySettingsRow = z.output<typeof dataQualitySettingsRow>;
export const dataQualitySettingsAnswer = z.object({ settings: dataQualitySettingsRow });

/**
 * PUT dataQualitySettings: the fields to change and the version read (0 before the first save); a stale version is a
 * 409. The cut points must keep fair below good (after the change).
 */
/** A whole number, its one message also for a value that is no number (NaN of a typed text). */
const whole = (message: string) =>
  z.number({ error: (i) => (i.code === 'invalid_type' ? message : undefined) }).int(message);

export const dataQualitySettingsBody = z
  .object({
    ...Object.fromEntries(DQ_FIELDS.map((f) => [DQ_SETTING_OF[f], z.boolean().optional()])),
    stale_after_days: whole('Whole days').min(1, 'At least 1 day').max(3650, 'At most 3650 days').optional(),
    good_score: whole('A whole percent').min(1, 'Between 1 and 100').max(100, 'Between 1 and 100').optional(),
    fair_score: whole('A whole percent').min(0, 'Between 0 and 99').max(99, 'Between 0 and 99').optional(),
    version: z.number().int().nonnegative(),
  })
  .strict() as unknown as z.ZodType<
  Partial<{ [F in DqField as `check_${F}`]: boolean }> & {
    stale_after_days?: number;
    good_score?: number;
    fair_score?: number;
    version: number;
  }
>;
export type DataQualitySettingsBody = z.output<typeof dataQualitySettingsBody>;

const fieldCounts = z.object(
  Object.fromEntries(DQ_FIELDS.map((f) => [f, int.nonnegative()])) as {
    [F in DqField]: z.ZodNumber;
  },
);

const tallyShape = {
  /** Percent of assets complete, rounded down; null without assets. */
  score: int.min(0).max(100).nullable(),
  band: z.enum(DQ_BANDS).nullable(),
  assets: int.nonnegative(),
  complete: int.nonnegative(),
  incomplete: int.nonnegative(),
  /** Assets missing each field (0 for a check that is off). */
  missing: fieldCounts,
};

/** A list filter given once, repeated or comma separated. */
const idList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).filter((s) => s.trim() !== ''))
  .pipe(
    z
      .array(
        z
          .string()
          .trim()
          .regex(/^[1-9]\d{0,15}$/, 'Must be a list of ids')
          .transform(Number),
      )
      .max(500),
  );

export const assetDataQualityQuery = z.object({ tenantCompanyIds: idList.optional() });

export const companyQuality = z.object({
  tenant_company_id: int.positive(),
  company_moniker: z.string(),
  ...tallyShape,
});
export type CompanyQuality = z.output<typeof companyQuality>;

/** GET assetDataQuality: the tenant's score, each company's (companies with assets, worst first) and the checks on. */
export const assetDataQualityAnswer = z.object({
  tenant: z.object(tallyShape),
  companies: z.array(companyQuality),
  /** The checks the settings turn on, in order. */
  checks: z.array(z.enum(DQ_FIELDS)),
  settings: dataQualitySettingsRow,
});
export type AssetDataQualityAnswer = z.output<typeof assetDataQualityAnswer>;

export const FIX_LIST_SORTS = ['missing_count', 'name', 'company', 'asset_type', 'updated_at', 'last_seen_at'] as const;
/** The direction of each sort when none is given: the worst, the names A to Z, the latest change, the longest unseen. */
export const FIX_LIST_SORT_DIRS: Record<(typeof FIX_LIST_SORTS)[number], 'asc' | 'desc'> = {
  missing_count: 'desc',
  name: 'asc',
  company: 'asc',
  asset_type: 'asc',
  updated_at: 'desc',
  last_seen_at: 'asc',
};
export const FIX_LIST_PAGE_SIZE = 50;

/** GET assetDataQuality/fixList: incomplete assets, filtered by company, a missing field and text, sorted and paged. */
export const fixListQuery = z.object({
  tenantCompanyIds: idList.optional(),
  /** Only assets missing this field. */
  field: z.enum(DQ_FIELDS).optional(),
  /** Text in the name, serial, make or model (any case). */
  search: z.string().trim().max(200, 'Max 200 characters').optional(),
  sort: z.enum(FIX_LIST_SORTS).default('missing_count'),
  dir: z.enum(['asc', 'desc']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(FIX_LIST_PAGE_SIZE),
});
export type FixListQuery = z.output<typeof fixListQuery>;
export type FixListQueryIn = z.input<typeof fixListQuery>;

export const fixListAsset = z.object({
  asset_id: int.positive(),
  tenant_company_id: int.positive(),
  company_moniker: z.string(),
  asset_type_id: int.positive().nullable(),
  asset_type_moniker: z.string().nullable(),
  name: z.string(),
  serial: z.string().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  purchase_date: z.string().nullable(),
  warranty_expiry: z.string().nullable(),
  eol_date: z.string().nullable(),
  assigned_to: z.string().nullable(),
  last_seen_at: z.string().nullable(),
  version: int.positive(),
  /** The checks it fails, in DQ_FIELDS order. */
  missing: z.array(z.enum(DQ_FIELDS)).min(1),
});
export type FixListAsset = z.output<typeof fixListAsset>;

export const fixListAnswer = z.object({
  assets: z.array(fixListAsset),
  total: int.nonnegative(),
  page: int.positive(),
  pageSize: int.positive(),
});
export type FixListAnswer = z.output<typeof fixListAnswer>;

export const dqTenantParams = z.object({ tenantId: id });
