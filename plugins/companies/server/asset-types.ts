/**
 * Asset types (platform.md section 3 "Asset type", 4.6): tenant defaults, and per-company settings that override
 * them (customer-success.md section 3 "Asset type per company"). assetTypeId 0 creates; another id updates in place.
 */
import { conflict, notFound, type Trx } from '../../../kernel/index';
import {
  companyAssetTypeBody,
  tenantAssetTypeBody,
  type CompanyAssetTypeBody,
  type TenantAssetTypeBody,
} from '../shared/api';
import type { AssetType, AssetTypeSettings, CompanyAssetType } from '../shared/api-types';
import { num } from './sql';

const SETTING_FIELDS = [
  'default_replacement_cost',
  'default_life_in_months',
  'approaching_duration_in_months_eol',
  'approaching_duration_in_months_warranty',
  'include_eol_in_missing_flag',
  'include_warranty_in_missing_flag',
  'include_make_in_missing_flag',
  'include_serial_in_missing_flag',
  'include_model_in_missing_flag',
] as const;

export { companyAssetTypeBody, tenantAssetTypeBody, type CompanyAssetTypeBody, type TenantAssetTypeBody };

function settingsOf(r: Record<string, unknown>): AssetTypeSettings {
  const out = {} as Record<string, unknown>;
  for (const f of SETTING_FIELDS) out[f] = f === 'default_replacement_cost' ? (num(r[f]) ?? 0) : r[f];
  return out as unknown as AssetTypeSettings;
}

function pickSettings(body: Partial<AssetTypeSettings>): Partial<AssetTypeSettings> {
  const out: Record<string, unknown> = {};
  for (const f of SETTING_FIELDS) if (body[f] !== undefined) out[f] = body[f];
  return out as Partial<AssetTypeSettings>;
}

const TENANT_COLUMNS = ['asset_type_id', 'asset_type_moniker', 'version', ...SETTING_FIELDS];
const shape = (r: Record<string, unknown>): AssetType => ({
  asset_type_id: Number(r.asset_type_id),
  asset_type_moniker: String(r.asset_type_moniker),
  version: Number(r.version),
  ...settingsOf(r),
});

export async function listAssetTypes(db: Trx): Promise<AssetType[]> {
  return (await db('tenant_asset_types').select(TENANT_COLUMNS).orderBy('asset_type_moniker')).map(shape);
}

/** Creates (assetTypeId 0) or updates a tenant asset type; returns its id. */
export async function saveAssetType(db: Trx, tenantId: number, body: TenantAssetTypeBody): Promise<number> {
  const settings = pickSettings(body);
  if (body.assetTypeId === 0) {
    const [row] = await db('tenant_asset_types')
      .insert({ tenant_id: tenantId, asset_type_moniker: body.asset_type_moniker!, ...settings })
      .returning('asset_type_id');
    return Number(row.asset_type_id);
  }
  const cur = await db('tenant_asset_types').where({ asset_type_id: body.assetTypeId }).first('version');
  if (!cur) throw notFound('Asset type not found');
  if (body.version !== undefined && Number(cur.version) !== body.version)
    throw conflict('This asset type was changed by someone else; reload it and try again.');
  const q = db('tenant_asset_types').where({ asset_type_id: body.assetTypeId });
  if (body.version !== undefined) q.where({ version: body.version });
  const n = await q.update({
    ...settings,
    ...(body.asset_type_moniker !== undefined ? { asset_type_moniker: body.asset_type_moniker } : {}),
    version: db.raw('version + 1'),
    updated_at: db.fn.now(),
  });
  if (n === 0) throw conflict('This asset type was changed by someone else; reload it and try again.');
  return body.assetTypeId;
}

export async function deleteAssetType(db: Trx, assetTypeId: number, version: number | undefined): Promise<number> {
  const cur = await db('tenant_asset_types').where({ asset_type_id: assetTypeId }).first('version');
  if (!cur) throw notFound('Asset type not found');
  if (version !== undefined && Number(cur.version) !== version)
    throw conflict('This asset type was changed by someone else; reload it and try again.');
  return db('tenant_asset_types').where({ asset_type_id: assetTypeId }).delete();
}

/** The company's view of every tenant asset type: its own settings where it has them, the tenant's otherwise. */
export async function listCompanyAssetTypes(db: Trx, tenantCompanyId: number): Promise<CompanyAssetType[]> {
  const [types, overrides] = await Promise.all([
    listAssetTypes(db),
    db('tenant_company_asset_types')
      .where({ tenant_company_id: tenantCompanyId })
      .select(['asset_type_id', 'version', ...SETTING_FIELDS]),
  ]);
  const byId = new Map(overrides.map((o: Record<string, unknown>) => [Number(o.asset_type_id), o]));
  return types.map((t) => {
    const o = byId.get(t.asset_type_id);
    return o
      ? {
          ...t,
          ...settingsOf(o),
          version: Number(o.version),
          tenant_company_id: tenantCompanyId,
          company_override: true,
        }
      : { ...t, tenant_company_id: tenantCompanyId, company_override: false };
  });
}

/** Saves a company's settings of an asset type (starting from the tenant's values the first time). */
export async function saveCompanyAssetType(
  db: Trx,
  tenantId: number,
  tenantCompanyId: number,
  body: CompanyAssetTypeBody,
): Promise<number> {
  const base = await db('tenant_asset_types')
    .where({ asset_type_id: body.assetTypeId })
    .first(SETTING_FIELDS as unknown as string[]);
  if (!base) throw notFound('Asset type not found');
  const key = { tenant_company_id: tenantCompanyId, asset_type_id: body.assetTypeId };
  const cur = await db('tenant_company_asset_types').where(key).first('version');
  const settings = pickSettings(body);
  if (!cur) {
    await db('tenant_company_asset_types').insert({ tenant_id: tenantId, ...key, ...settingsOf(base), ...settings });
    return 1;
  }
  if (body.version !== undefined && Number(cur.version) !== body.version)
    throw conflict('These settings were changed by someone else; reload them and try again.');
  return db('tenant_company_asset_types')
    .where(key)
    .update({ ...settings, version: db.raw('version + 1'), updated_at: db.fn.now() });
}

/** Drops a company's own settings of an asset type (it follows the tenant's again). */
export async function resetCompanyAssetType(db: Trx, tenantCompanyId: number, assetTypeId: number): Promise<number> {
  if (!(await db('tenant_asset_types').where({ asset_type_id: assetTypeId }).first('asset_type_id')))
    throw notFound('Asset type not found');
  return db('tenant_company_asset_types')
    .where({ tenant_company_id: tenantCompanyId, asset_type_id: assetTypeId })
    .delete();
}
