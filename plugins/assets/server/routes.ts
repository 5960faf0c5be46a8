/**
 * The asset routes (customer-success.md 7 "Other company-scoped endpoints": assets, assetList), under
 * /v3/tenant/:tenantId/. Thin: parse with the shared schemas, call the service, audit, shape the answer. Every route
 * serves the page /assetList: reading needs any access to it, writing Read/Write.
 */
import type { RouteRegistrar } from '../../../kernel/index';
import {
  assetAnswer,
  assetDeleteAnswer,
  assetListAnswer,
  assetListQuery,
  assetParams,
  assetWriteAnswer,
  bulkAssetAnswer,
  bulkAssetBody,
  bulkDeleteAnswer,
  bulkDeleteBody,
  createAssetBody,
  deleteAssetQuery,
  tenantParams,
  updateAssetBody,
} from '../shared/api';
import { ASSET_LIST_PAGE } from '../shared/pages';
import { bulkDelete } from './bulk-delete';
import { bulkChange, createAsset, editAsset, getAsset, listAssets, removeAsset } from './service';

const page = ASSET_LIST_PAGE;

export function routes(r: RouteRegistrar): void {
  r.get(
    '/v3/tenant/:tenantId/assetList',
    {
      summary: 'Assets of the tenant with their lifecycle: filtered, sorted and paged on the server, with the total',
      params: tenantParams,
      query: assetListQuery,
      page,
      response: assetListAnswer,
    },
    async ({ db, query, tenantId }) => listAssets(db, query, tenantId),
  );

  r.get(
    '/v3/tenant/:tenantId/assets/:assetId',
    { summary: 'One asset with its lifecycle', params: assetParams, page, response: assetAnswer },
    async ({ db, params, tenantId }) => ({ asset: await getAsset(db, tenantId, params.assetId) }),
  );

  r.post(
    '/v3/tenant/:tenantId/assets',
    {
      summary: 'Add an asset to a company',
      params: tenantParams,
      body: createAssetBody,
      page,
      response: assetWriteAnswer,
    },
    async ({ db, tenantId, body, audit }) => {
      const asset = await createAsset(db, tenantId, body);
      await audit('asset.insert', { tenant_company_id: asset.tenant_company_id }, String(asset.asset_id));
      return { asset, records_updated: 1 as const };
    },
  );

  r.post(
    '/v3/tenant/:tenantId/assets/bulk',
    {
      summary: 'Set a status and/or type on several assets, all or nothing (an id not found: 404, nothing changed)',
      params: tenantParams,
      body: bulkAssetBody,
      page,
      response: bulkAssetAnswer,
    },
    async ({ db, body, audit }) => {
      const n = await bulkChange(db, body);
      await audit('asset.bulk_update', {
        asset_ids: body.assetIds,
        asset_type_id: body.asset_type_id,
        tenant_asset_status_id: body.tenant_asset_status_id,
      });
      return { records_updated: n };
    },
  );

  r.post(
    '/v3/tenant/:tenantId/assets/bulk/delete',
    {
      summary: 'Delete several assets, all or nothing (confirm: true required; an id not found: 404, nothing deleted)',
      params: tenantParams,
      body: bulkDeleteBody,
      page,
      response: bulkDeleteAnswer,
    },
    async ({ db, body, audit }) => {
      const n = await bulkDelete(db, body);
      await audit('asset.bulk_delete', { asset_ids: [...new Set(body.assetIds)] });
      return { records_updated: n };
    },
  );

  r.put(
    '/v3/tenant/:tenantId/assets/:assetId',
    {
      summary: 'Change an asset (the version read is required; a stale one answers 409)',
      params: assetParams,
      body: updateAssetBody,
      page,
      response: assetWriteAnswer,
    },
    async ({ db, tenantId, params, body, audit }) => {
      const asset = await editAsset(db, tenantId, params.assetId, body);
      const changed = Object.keys(body).filter((k) => k !== 'version');
      await audit('asset.update', { tenant_company_id: asset.tenant_company_id, changed }, String(asset.asset_id));
      return { asset, records_updated: 1 as const };
    },
  );

  r.delete(
    '/v3/tenant/:tenantId/assets/:assetId',
    {
      summary: 'Delete an asset (confirm=true required; a stale version answers 409)',
      params: assetParams,
      query: deleteAssetQuery,
      page,
      response: assetDeleteAnswer,
    },
    async ({ db, params, query, audit }) => {
      await removeAsset(db, params.assetId, query.version);
      await audit('asset.delete', {}, String(params.assetId));
      return { records_updated: 1 as const, asset_id: params.assetId };
    },
  );
}
