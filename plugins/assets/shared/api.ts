/**
 * The assets API (customer-success.md 7 "Other company-scoped endpoints": `assets` and `assetList`; the shapes are
 * this plugin's design, see README.md): zod schemas of every route's request and response. The server validates with
 * them and the workspace infers its types from them. Pure: imports zod and this plugin's shared files only.
 */
import { isCalendarDay } from '../../../common/dates';
import { z } from 'zod';
import { ASSET_SOURCES } from './fields';
import { DUE_SOON_WINDOWS, EOL_STATES, LIFECYCLE_STATES, WARRANTY_STATES } from './lifecycle';

const id = z.coerce.number().int().positive();
const bodyId = z.number().int().positive();
const int = z.number().int();

export const tenantParams = z.object({ tenantId: id });
export const assetParams = tenantParams.extend({ assetId: id });

/** Paths, for the workspace and tests. */
export const assetPaths = {
  create: (tenantId: number) => `/v3/tenant/${tenantId}/assets`,
  one: (tenantId: number, assetId: number) => `/v3/tenant/${tenantId}/assets/${assetId}`,
  bulk: (tenantId: number) => `/v3/tenant/${tenantId}/assets/bulk`,
  bulkDelete: (tenantId: number) => `/v3/tenant/${tenantId}/assets/bulk/delete`,
  list: (tenantId: number) => `/v3/tenant/${tenantId}/assetList`,
};

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day as YYYY-MM-DD. */
export const dateField = z
  .string()
  .regex(isoDate, 'Use the format YYYY-MM-DD')
  .refine(isCalendarDay, 'Not a real date');
const text = (max: number) => z.string().trim().max(max, `Max ${max} characters`);
const optionalText = (max: number) =>
  text(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();
const optionalDate = z
  .union([dateField, z.literal('')])
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

/** The fields a person edits (POST and PUT). Empty text clears a field. */
export const assetFields = z.object({
  tenant_company_id: z
    .number({ error: (i) => (i.code === 'invalid_type' ? 'Required.' : undefined) })
    .int()
    .positive(),
  asset_type_id: bodyId.nullable().optional(),
  tenant_asset_status_id: bodyId.nullable().optional(),
  name: text(200).min(1, 'Required.'),
  serial: optionalText(100),
  make: optionalText(100),
  model: optionalText(200),
  purchase_date: optionalDate,
  warranty_start: optionalDate,
  warranty_expiry: optionalDate,
  eol_date: optionalDate,
  operating_system: optionalText(200),
  assigned_to: optionalText(200),
  location_id: bodyId.nullable().optional(),
  cost: z
    .number({ error: (i) => (i.code === 'invalid_type' ? 'Must be a number' : undefined) })
    .min(0, 'Must be 0 or more')
    .max(1e11, 'Too large')
    .nullable()
    .optional(),
  notes: optionalText(4000),
});

export const createAssetBody = assetFields;
export type CreateAssetBody = z.input<typeof createAssetBody>;
export type CreateAssetValues = z.output<typeof createAssetBody>;

/** PUT assets/{id}: the fields to change and the version the editor read (required; a stale one answers 409). */
export const updateAssetBody = assetFields.partial().extend({ version: z.number().int().positive() });
export type UpdateAssetBody = z.input<typeof updateAssetBody>;
export type UpdateAssetValues = z.output<typeof updateAssetBody>;

/** DELETE assets/{id}?confirm=true[&version=N]. */
export const deleteAssetQuery = z.object({
  confirm: z.literal('true', { error: 'Confirm the deletion with confirm=true.' }),
  version: z.coerce.number().int().positive().optional(),
});

/** POST assets/bulk: a status or type (or both; null clears) for every id, all or nothing. */
export const bulkAssetBody = z
  .object({
    assetIds: z.array(bodyId).min(1, 'Choose at least one asset').max(1000, 'Max 1000 assets at a time'),
    tenant_asset_status_id: bodyId.nullable().optional(),
    asset_type_id: bodyId.nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.tenant_asset_status_id === undefined && v.asset_type_id === undefined)
      ctx.addIssue({ code: 'custom', path: ['tenant_asset_status_id'], message: 'Choose a status or a type.' });
  });
export type BulkAssetBody = z.input<typeof bulkAssetBody>;
export const bulkAssetAnswer = z.object({ records_updated: int.nonnegative() });

/** POST assets/bulk/delete: every id deleted, all or nothing (an id not the tenant's: 404, nothing deleted). */
export const bulkDeleteBody = z.object({
  assetIds: z.array(bodyId).min(1, 'Choose at least one asset').max(1000, 'Max 1000 assets at a time'),
  confirm: z.literal(true, { error: 'Confirm the deletion with confirm: true.' }),
});
export type BulkDeleteBody = z.input<typeof bulkDeleteBody>;
export const bulkDeleteAnswer = z.object({ records_updated: int.nonnegative() });

/** An asset as every route answers it: its stored fields, names of its company, type and status, and lifecycle. */
export const assetRow = z.object({
  asset_id: int.positive(),
  tenant_company_id: int.positive(),
  company_moniker: z.string(),
  asset_type_id: int.positive().nullable(),
  asset_type_moniker: z.string().nullable(),
  tenant_asset_status_id: int.positive().nullable(),
  status_moniker: z.string().nullable(),
  name: z.string(),
  serial: z.string().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  purchase_date: z.string().nullable(),
  warranty_start: z.string().nullable(),
  warranty_expiry: z.string().nullable(),
  eol_date: z.string().nullable(),
  operating_system: z.string().nullable(),
  assigned_to: z.string().nullable(),
  location_id: int.positive().nullable(),
  cost: z.number().nullable(),
  notes: z.string().nullable(),
  source: z.enum(ASSET_SOURCES),
  source_id: z.string().nullable(),
  last_seen_at: z.string().nullable(),
  version: int.positive(),
  created_at: z.string(),
  updated_at: z.string(),
  // Lifecycle, as of the day asked (shared/lifecycle.ts).
  warranty_state: z.enum(WARRANTY_STATES),
  age_months: int.nonnegative().nullable(),
  replacement_due: z.string().nullable(),
  eol_state: z.enum(EOL_STATES),
  lifecycle_state: z.enum(LIFECYCLE_STATES),
  replacement_cost: z.number().nullable(),
  /** The smallest due soon window (days) holding replacement_due, or 'overdue'. */
  due_soon: z.union([z.literal('overdue'), z.literal(DUE_SOON_WINDOWS)]).nullable(),
});
export type Asset = z.output<typeof assetRow>;

export const assetAnswer = z.object({ asset: assetRow });
export const assetWriteAnswer = z.object({ asset: assetRow, records_updated: z.literal(1) });
export const assetDeleteAnswer = z.object({ records_updated: z.literal(1), asset_id: int.positive() });

export const ASSET_LIST_SORTS = [
  'name',
  'company',
  'asset_type',
  'status',
  'serial',
  'make',
  'model',
  'purchase_date',
  'warranty_start',
  'warranty_expiry',
  'eol_date',
  'replacement_due',
  'age',
  'lifecycle_state',
  'operating_system',
  'assigned_to',
  'cost',
  'replacement_cost',
  'source',
  'last_seen_at',
  'updated_at',
] as const;
export type AssetListSort = (typeof ASSET_LIST_SORTS)[number];
export const ASSET_LIST_PAGE_SIZE = 100;
export const ASSET_LIST_PAGE_SIZE_MAX = 500;

/** A list filter given once or repeated (?x=1&x=2) or comma separated (?x=1,2). */
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
const stateList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).filter((s) => s.trim() !== ''))
  .pipe(z.array(z.enum(LIFECYCLE_STATES)).max(LIFECYCLE_STATES.length));

/** GET assetList: filters, sort and page; `asOf` (default: the tenant's today in its time zone) is the day the lifecycle is computed for. */
export const assetListQuery = z.object({
  /** Text in the name, serial, make, model, operating system or assigned person (any case). */
  search: z.string().trim().max(200, 'Max 200 characters').optional(),
  tenantCompanyIds: idList.optional(),
  assetTypeIds: idList.optional(),
  tenantAssetStatusIds: idList.optional(),
  lifecycleStates: stateList.optional(),
  /**
   * Due for replacement within N days (90, 120, 180 or 365): replacement due date after asOf and on or before
   * asOf + N days, overdue ones left out (the due soon windows of shared/lifecycle.ts and the AIR dashboard).
   */
  dueSoonDays: z.coerce
    .number()
    .pipe(z.literal(DUE_SOON_WINDOWS, { error: 'Use 90, 120, 180 or 365' }))
    .optional(),
  asOf: dateField.optional(),
  sort: z.enum(ASSET_LIST_SORTS).default('warranty_expiry'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(ASSET_LIST_PAGE_SIZE_MAX).default(ASSET_LIST_PAGE_SIZE),
});
export type AssetListQuery = z.output<typeof assetListQuery>;
export type AssetListQueryIn = z.input<typeof assetListQuery>;

export const assetListAnswer = z.object({
  assets: z.array(assetRow),
  /** Assets matching the filters, on every page. */
  total: int.nonnegative(),
  page: int.positive(),
  pageSize: int.positive(),
  /** The day the lifecycle fields were computed for. */
  asOf: z.string(),
});
export type AssetListAnswer = z.output<typeof assetListAnswer>;
