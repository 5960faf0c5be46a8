/**
 * Asset types and statuses (platform.md 3, 4.6, 7.4; customer-success.md 7 "Company data"):
 *   GET         /v3/tenant/:tenantId/assetType                                  -> { assetTypes }
 *   POST | PUT  /v3/tenant/:tenantId/assetType { assetTypeId (0 creates), fields } -> { records_updated, asset_type_id }
 *   DELETE      /v3/tenant/:tenantId/assetType/:assetTypeId                     -> { records_updated }
 *   GET         /v3/tenant/:tenantId/company/:tenantCompanyId/assetType         -> { assetTypes } (company settings or the tenant's)
 *   POST | PUT  /v3/tenant/:tenantId/company/:tenantCompanyId/assetType { assetTypeId, fields } -> { records_updated }
 *   DELETE      /v3/tenant/:tenantId/company/:tenantCompanyId/assetType/:assetTypeId (back to the tenant's) -> { records_updated }
 *   GET         /v3/tenant/:tenantId/assetStatus                                -> { assetStatuses }
 *   POST        /v3/tenant/:tenantId/assetStatus { payload: { tenantAssetStatusIds } } -> { return_message, msg_class, records_updated }
 *   POST        /v3/tenant/:tenantId/assetStatus/add { moniker }                -> { records_updated, tenant_asset_status_id }
 */
import type { z } from 'zod';
import type { RouteRegistrar } from '../../../kernel/index';
import {
  assetStatusAdded,
  assetStatusesAnswer,
  assetStatusToggled,
  assetTypeParams,
  assetTypesAnswer,
  assetTypeWriteAnswer,
  companyAssetTypeParams,
  companyAssetTypesAnswer,
  recordsAnswer,
  statusAddBody,
  statusToggleBody,
  versionQuery,
} from '../shared/api';
import { toggleMessage } from '../shared/asset-status-toggle';
import { addAssetStatus, listAssetStatuses, toggleStatuses } from './asset-statuses';
import {
  companyAssetTypeBody,
  deleteAssetType,
  listAssetTypes,
  listCompanyAssetTypes,
  resetCompanyAssetType,
  saveAssetType,
  saveCompanyAssetType,
  tenantAssetTypeBody,
  type CompanyAssetTypeBody,
  type TenantAssetTypeBody,
} from './asset-types';
import { requireCompany } from './company-scope';
import { ASSET_TYPE_MANAGER_PAGE } from './pages';
import { companyParams, tenantParams } from '../shared/params';
import type { HandlerContext } from '../../../kernel/index';

export function assetRoutes(r: RouteRegistrar): void {
  r.get(
    '/v3/tenant/:tenantId/assetType',
    { summary: 'Asset types of the tenant', params: tenantParams, response: assetTypesAnswer },
    async ({ db }) => ({ assetTypes: await listAssetTypes(db) }),
  );

  const saveTenant = async ({
    db,
    tenantId,
    body,
    audit,
  }: HandlerContext<z.output<typeof tenantParams>, undefined, TenantAssetTypeBody>) => {
    const assetTypeId = await saveAssetType(db, tenantId, body);
    await audit(
      body.assetTypeId === 0 ? 'assettype.insert' : 'assettype.update',
      { moniker: body.asset_type_moniker },
      String(assetTypeId),
    );
    return { records_updated: 1, asset_type_id: assetTypeId };
  };
  const tenantSpec = {
    summary: 'Create (assetTypeId 0) or update an asset type',
    params: tenantParams,
    body: tenantAssetTypeBody,
    page: ASSET_TYPE_MANAGER_PAGE,
    response: assetTypeWriteAnswer,
  };
  r.post('/v3/tenant/:tenantId/assetType', tenantSpec, saveTenant);
  r.put('/v3/tenant/:tenantId/assetType', tenantSpec, saveTenant);

  r.delete(
    '/v3/tenant/:tenantId/assetType/:assetTypeId',
    {
      summary: 'Delete an asset type',
      params: assetTypeParams,
      query: versionQuery,
      page: ASSET_TYPE_MANAGER_PAGE,
      response: recordsAnswer,
    },
    async ({ db, params, query, audit }) => {
      const n = await deleteAssetType(db, params.assetTypeId, query.version);
      await audit('assettype.delete', {}, String(params.assetTypeId));
      return { records_updated: n };
    },
  );

  r.get(
    '/v3/tenant/:tenantId/company/:tenantCompanyId/assetType',
    { summary: 'Asset types as a company has them', params: companyParams, response: companyAssetTypesAnswer },
    async ({ db, params }) => {
      await requireCompany(db, params.tenantCompanyId);
      return { assetTypes: await listCompanyAssetTypes(db, params.tenantCompanyId) };
    },
  );

  const saveCompany = async ({
    db,
    tenantId,
    params,
    body,
    audit,
  }: HandlerContext<z.output<typeof companyParams>, undefined, CompanyAssetTypeBody>) => {
    await requireCompany(db, params.tenantCompanyId);
    const n = await saveCompanyAssetType(db, tenantId, params.tenantCompanyId, body);
    await audit('assettype.company.update', { tenant_company_id: params.tenantCompanyId }, String(body.assetTypeId));
    return { records_updated: n, asset_type_id: body.assetTypeId };
  };
  const companySpec = {
    summary: "Update a company's settings of an asset type",
    params: companyParams,
    body: companyAssetTypeBody,
    page: ASSET_TYPE_MANAGER_PAGE,
    response: assetTypeWriteAnswer,
  };
  r.post('/v3/tenant/:tenantId/company/:tenantCompanyId/assetType', companySpec, saveCompany);
  r.put('/v3/tenant/:tenantId/company/:tenantCompanyId/assetType', companySpec, saveCompany);

  r.delete(
    '/v3/tenant/:tenantId/company/:tenantCompanyId/assetType/:assetTypeId',
    {
      summary: "Drop a company's own settings of an asset type (the tenant's apply again)",
      params: companyAssetTypeParams,
      page: ASSET_TYPE_MANAGER_PAGE,
      response: recordsAnswer,
    },
    async ({ db, params, audit }) => {
      await requireCompany(db, params.tenantCompanyId);
      const n = await resetCompanyAssetType(db, params.tenantCompanyId, params.assetTypeId);
      await audit('assettype.company.reset', { tenant_company_id: params.tenantCompanyId }, String(params.assetTypeId));
      return { records_updated: n };
    },
  );

  r.get(
    '/v3/tenant/:tenantId/assetStatus',
    { summary: 'Asset statuses of the tenant', params: tenantParams, response: assetStatusesAnswer },
    async ({ db }) => ({ assetStatuses: await listAssetStatuses(db) }),
  );

  r.post(
    '/v3/tenant/:tenantId/assetStatus',
    {
      summary: 'Toggle asset statuses active/inactive',
      params: tenantParams,
      body: statusToggleBody,
      page: ASSET_TYPE_MANAGER_PAGE,
      response: assetStatusToggled,
    },
    async ({ db, body, audit }) => {
      const n = await toggleStatuses(db, body.payload.tenantAssetStatusIds);
      await audit('assetstatus.toggle', { ids: body.payload.tenantAssetStatusIds });
      return { ...toggleMessage(n), records_updated: n };
    },
  );

  r.post(
    '/v3/tenant/:tenantId/assetStatus/add',
    {
      summary: 'Add an asset status',
      params: tenantParams,
      body: statusAddBody,
      page: ASSET_TYPE_MANAGER_PAGE,
      response: assetStatusAdded,
    },
    async ({ db, tenantId, body, audit }) => {
      const sid = await addAssetStatus(db, tenantId, body.moniker);
      await audit('assetstatus.insert', { moniker: body.moniker }, String(sid));
      return { records_updated: 1, tenant_asset_status_id: sid };
    },
  );
}
