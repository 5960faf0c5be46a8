/**
 * The rules of assets: an asset belongs to a company of the caller's tenant; its type, status and location must be
 * the tenant's (the location the company's): a body naming another is a 400 on that field. Make + serial is unique
 * per tenant (400 naming body.serial). An edit needs the version read (stale: 409, nothing changes); a delete needs
 * confirm=true. A bulk change names only the tenant's assets or changes nothing (404). The lifecycle fields of every
 * answer come from shared/lifecycle.ts as of the day asked (default: the tenant's today in its time zone).
 */
import { badRequest, conflict, notFound, type Trx } from '../../../kernel/index';
import { getCompany } from '../../companies/public';
import type {
  Asset,
  AssetListAnswer,
  AssetListQuery,
  BulkAssetBody,
  CreateAssetBody,
  UpdateAssetBody,
} from '../shared/api';
import { bulkAssetBody, createAssetBody, updateAssetBody } from '../shared/api';
import { ASSET_MESSAGES, type AssetSource } from '../shared/fields';
import { tenantTodayOf } from '../../settings/public';
import { lifecycleOf } from '../shared/lifecycle';
import {
  assetIdWithSerial,
  bulkUpdate,
  deleteAsset,
  exists,
  insertAsset,
  lockAssets,
  recordFieldSources,
  selectAsset,
  selectAssets,
  updateAsset,
  type AssetDbRow,
  type AssetValues,
} from './store';

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

/** A stored row as the API answers it, with its lifecycle as of `asOf`; every field named (one shape for all rows). */
export function toAsset(r: AssetDbRow, asOf: string): Asset {
  const cost = r.cost === null ? null : Number(r.cost);
  const l = lifecycleOf(
    { purchase_date: r.purchase_date, warranty_expiry: r.warranty_expiry, eol_date: r.eol_date, cost },
    r.settings,
    asOf,
  );
  return {
    asset_id: r.asset_id,
    tenant_company_id: r.tenant_company_id,
    company_moniker: r.company_moniker,
    asset_type_id: r.asset_type_id,
    asset_type_moniker: r.asset_type_moniker,
    tenant_asset_status_id: r.tenant_asset_status_id,
    status_moniker: r.status_moniker,
    name: r.name,
    serial: r.serial,
    make: r.make,
    model: r.model,
    purchase_date: r.purchase_date,
    warranty_start: r.warranty_start,
    warranty_expiry: r.warranty_expiry,
    eol_date: r.eol_date,
    operating_system: r.operating_system,
    assigned_to: r.assigned_to,
    location_id: r.location_id,
    cost,
    notes: r.notes,
    source: r.source,
    source_id: r.source_id,
    last_seen_at: r.last_seen_at === null ? null : iso(r.last_seen_at),
    version: r.version,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    warranty_state: l.warranty_state,
    age_months: l.age_months,
    replacement_due: l.replacement_due,
    eol_state: l.eol_state,
    lifecycle_state: l.lifecycle_state,
    replacement_cost: l.replacement_cost,
    due_soon: l.due_soon,
  };
}

const field = (name: string, message: string) =>
  badRequest(`Invalid body: body.${name} ${message}`, [{ path: `body.${name}`, message }]);

async function requireAsset(db: Trx, assetId: number): Promise<AssetDbRow> {
  const a = await selectAsset(db, assetId);
  if (!a) throw notFound(ASSET_MESSAGES.notFound);
  return a;
}

/** Refuses references the tenant does not have (each a 400 on its field). */
async function checkReferences(db: Trx, v: AssetValues, exceptId?: number): Promise<void> {
  if (!(await getCompany(db, v.tenant_company_id))) throw field('tenant_company_id', 'Company not found.');
  if (v.asset_type_id !== null && !(await exists(db, 'assetTypes', v.asset_type_id)))
    throw field('asset_type_id', 'Asset type not found.');
  if (v.tenant_asset_status_id !== null && !(await exists(db, 'assetStatuses', v.tenant_asset_status_id)))
    throw field('tenant_asset_status_id', 'Asset status not found.');
  if (
    v.location_id !== null &&
    !(await exists(db, 'locations', v.location_id, { tenant_company_id: v.tenant_company_id }))
  )
    throw field('location_id', 'Location not found for this company.');
  if (v.serial !== null && (await assetIdWithSerial(db, v.make, v.serial, exceptId)) !== null)
    throw field('serial', ASSET_MESSAGES.duplicateSerial);
}

/** `tenantId`: the caller's tenant, named in the SQL beside the tenant policy so the planner can plan for one tenant. */
export async function listAssets(db: Trx, q: AssetListQuery, tenantId: number): Promise<AssetListAnswer> {
  const asOf = q.asOf ?? (await tenantTodayOf(db, tenantId));
  const { rows, total } = await selectAssets(db, q, asOf, tenantId);
  return { assets: rows.map((r) => toAsset(r, asOf)), total, page: q.page, pageSize: q.pageSize, asOf };
}

/** One asset with its lifecycle as of `asOf` (default: the tenant's today in its time zone). */
export async function getAsset(db: Trx, tenantId: number, assetId: number, asOf?: string): Promise<Asset> {
  const row = await requireAsset(db, assetId);
  return toAsset(row, asOf ?? (await tenantTodayOf(db, tenantId)));
}

/** The fields a body set (for the field sources and the audit). */
const setFields = (body: object) => Object.keys(body).filter((k) => k !== 'version');

export async function createAsset(
  db: Trx,
  tenantId: number,
  body: CreateAssetBody,
  source: AssetSource = 'manual',
  sourceId: string | null = null,
): Promise<Asset> {
  const f = createAssetBody.parse(body);
  const values: AssetValues = {
    tenant_company_id: f.tenant_company_id,
    asset_type_id: f.asset_type_id ?? null,
    tenant_asset_status_id: f.tenant_asset_status_id ?? null,
    name: f.name,
    serial: f.serial ?? null,
    make: f.make ?? null,
    model: f.model ?? null,
    purchase_date: f.purchase_date ?? null,
    warranty_start: f.warranty_start ?? null,
    warranty_expiry: f.warranty_expiry ?? null,
    eol_date: f.eol_date ?? null,
    operating_system: f.operating_system ?? null,
    assigned_to: f.assigned_to ?? null,
    location_id: f.location_id ?? null,
    cost: f.cost ?? null,
    notes: f.notes ?? null,
  };
  await checkReferences(db, values);
  const id = await insertAsset(db, tenantId, values, source);
  const given = Object.entries(values).filter(([, v]) => v !== null);
  await recordFieldSources(
    db,
    tenantId,
    id,
    given.map(([k]) => k),
    source,
    sourceId,
  );
  return getAsset(db, tenantId, id);
}

/** Changes the fields given when `version` is still the stored one (409 otherwise; nothing changes). */
export async function editAsset(db: Trx, tenantId: number, assetId: number, body: UpdateAssetBody): Promise<Asset> {
  const { version, ...f } = updateAssetBody.parse(body);
  const current = await requireAsset(db, assetId);
  if (current.version !== version) throw conflict(ASSET_MESSAGES.stale);
  const patch = Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)) as Partial<AssetValues>;
  const next: AssetValues = {
    tenant_company_id: current.tenant_company_id,
    asset_type_id: current.asset_type_id,
    tenant_asset_status_id: current.tenant_asset_status_id,
    name: current.name,
    serial: current.serial,
    make: current.make,
    model: current.model,
    purchase_date: current.purchase_date,
    warranty_start: current.warranty_start,
    warranty_expiry: current.warranty_expiry,
    eol_date: current.eol_date,
    operating_system: current.operating_system,
    assigned_to: current.assigned_to,
    location_id: current.location_id,
    cost: current.cost === null ? null : Number(current.cost),
    notes: current.notes,
    ...patch,
  };
  await checkReferences(db, next, assetId);
  if (!(await updateAsset(db, assetId, version, patch))) throw conflict(ASSET_MESSAGES.stale);
  await recordFieldSources(db, tenantId, assetId, setFields(patch), 'manual', null);
  return getAsset(db, tenantId, assetId);
}

export async function removeAsset(db: Trx, assetId: number, version: number | undefined): Promise<void> {
  const current = await requireAsset(db, assetId);
  if (version !== undefined && current.version !== version) throw conflict(ASSET_MESSAGES.stale);
  if (!(await deleteAsset(db, assetId, version))) throw conflict(ASSET_MESSAGES.stale);
}

/** Sets a status and/or type on every asset named, all or nothing: an id the tenant does not have is a 404. */
export async function bulkChange(db: Trx, body: BulkAssetBody): Promise<number> {
  const f = bulkAssetBody.parse(body);
  const ids = [...new Set(f.assetIds)];
  const found = await lockAssets(db, ids);
  if (found.length !== ids.length) throw notFound(ASSET_MESSAGES.bulkNotFound);
  const patch: Partial<Pick<AssetValues, 'asset_type_id' | 'tenant_asset_status_id'>> = {};
  if (f.asset_type_id !== undefined) {
    if (f.asset_type_id !== null && !(await exists(db, 'assetTypes', f.asset_type_id)))
      throw field('asset_type_id', 'Asset type not found.');
    patch.asset_type_id = f.asset_type_id;
  }
  if (f.tenant_asset_status_id !== undefined) {
    if (f.tenant_asset_status_id !== null && !(await exists(db, 'assetStatuses', f.tenant_asset_status_id)))
      throw field('tenant_asset_status_id', 'Asset status not found.');
    patch.tenant_asset_status_id = f.tenant_asset_status_id;
  }
  return bulkUpdate(db, ids, patch);
}
