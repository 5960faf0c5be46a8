/** Company routes: thin — parse, call the service, shape the response. The other areas register their own files. */
import { notFound, type Kernel, type RouteRegistrar } from '../../../kernel/index';
import { importRoutes } from '../import/routes';
import {
  companiesAnswer,
  companyAnswer,
  companyBody,
  companyListQuery,
  companyWriteAnswer,
  filterAnswer,
  locationAdded,
  locationBody,
  locationsAnswer,
} from '../shared/api';
import { assetRoutes } from './asset-routes';
import { companyLimitAnswer, companyLimitMessage, canAddActiveCompany } from '../shared/company-limit';
import { companyLimitState, requireRoomForActiveCompany } from './company-limit';
import { customFieldRoutes } from './custom-field-routes';
import { requireCompany } from './company-scope';
import { contractRoutes } from './contract-routes';
import { companyFilters } from './filters';
import { linkRoutes } from './link-routes';
import { insertLocation, listLocations } from './locations';
import { COMPANIES_PAGE } from './pages';
import { companyParams, tenantParams } from '../shared/params';
import { getCompany, insertCompany, listCompanies, toApi, updateCompany } from './store';

export function routes(r: RouteRegistrar, k: Kernel): void {
  r.get(
    '/v3/tenant/:tenantId/companies',
    {
      summary: 'Client companies of the tenant',
      params: tenantParams,
      query: companyListQuery,
      response: companiesAnswer,
    },
    async ({ db, query }) => {
      const rows = await listCompanies(db, { activeOnly: query.active === 'true', kind: query.kind });
      return { companies: rows.map(toApi) };
    },
  );
  r.get(
    '/v3/tenant/:tenantId/companies/:tenantCompanyId',
    { summary: 'One client company', params: companyParams, response: companyAnswer },
    async ({ db, params }) => {
      const row = await getCompany(db, params.tenantCompanyId);
      if (!row) throw notFound('Company not found');
      return { company: toApi(row) };
    },
  );
  r.post(
    '/v3/tenant/:tenantId/companies',
    {
      summary: 'Add a client company',
      params: tenantParams,
      body: companyBody,
      page: COMPANIES_PAGE,
      response: companyWriteAnswer,
    },
    async ({ db, tenantId, body, audit }) => {
      if (body.is_active ?? true) await requireRoomForActiveCompany(k, db, tenantId);
      const row = await insertCompany(db, tenantId, body);
      await audit('company.insert', { moniker: row.moniker }, String(row.tenant_company_id));
      return { company: toApi(row), records_updated: 1 };
    },
  );
  r.put(
    '/v3/tenant/:tenantId/companies/:tenantCompanyId',
    {
      summary: 'Update a client company',
      params: companyParams,
      body: companyBody.partial(),
      page: COMPANIES_PAGE,
      response: companyWriteAnswer,
    },
    async ({ db, tenantId, params, body, audit }) => {
      if (body.is_active === true) {
        const current = await getCompany(db, params.tenantCompanyId);
        if (current && !current.is_active) await requireRoomForActiveCompany(k, db, tenantId);
      }
      const row = await updateCompany(db, params.tenantCompanyId, body);
      if (!row) throw notFound('Company not found');
      await audit('company.update', body, String(row.tenant_company_id));
      return { company: toApi(row), records_updated: 1 };
    },
  );

  r.get(
    '/v3/tenant/:tenantId/companylimit',
    {
      summary: "The plan's maximum of active companies, the active count and whether one more may be added",
      params: tenantParams,
      response: companyLimitAnswer,
    },
    async ({ db, tenantId }) => {
      const state = await companyLimitState(k, db, tenantId);
      return { ...state, can_add: canAddActiveCompany(state), message: companyLimitMessage(state) };
    },
  );

  r.get(
    '/v3/tenant/:tenantId/company/:tenantCompanyId/locations',
    {
      summary: 'Locations of a company (the placeholder -1 dropped)',
      params: companyParams,
      response: locationsAnswer,
    },
    async ({ db, params }) => {
      await requireCompany(db, params.tenantCompanyId);
      return { locations: await listLocations(db, params.tenantCompanyId) };
    },
  );
  r.post(
    '/v3/tenant/:tenantId/company/:tenantCompanyId/locations',
    {
      summary: 'Add a location to a company',
      params: companyParams,
      body: locationBody,
      page: COMPANIES_PAGE,
      response: locationAdded,
    },
    async ({ db, tenantId, params, body, audit }) => {
      await requireCompany(db, params.tenantCompanyId);
      const locationId = await insertLocation(db, tenantId, params.tenantCompanyId, body.location_name);
      await audit(
        'location.insert',
        { tenant_company_id: params.tenantCompanyId, location_name: body.location_name },
        String(locationId),
      );
      return { records_updated: 1, tenant_company_location_id: locationId };
    },
  );

  r.get(
    '/v3/tenant/:tenantId/company/:tenantCompanyId/filter',
    {
      summary: 'Filters of a company: locations, asset types, asset statuses',
      params: companyParams,
      response: filterAnswer,
    },
    async ({ db, params }) => {
      await requireCompany(db, params.tenantCompanyId);
      return { filter_data: await companyFilters(db, params.tenantCompanyId) };
    },
  );

  contractRoutes(r, k);
  linkRoutes(r);
  assetRoutes(r);
  importRoutes(r, k);
  customFieldRoutes(r, k);
}
