/** Company routes: thin — parse, call the service, shape the response. */
import { z } from 'zod';
import { notFound, type Kernel, type RouteRegistrar } from '../../../kernel/index';
import { insertCompany, listCompanies, toApi, updateCompany } from './service';

const tenantParams = z.object({ tenantId: z.coerce.number().int().positive() });
const companyParams = tenantParams.extend({ tenantCompanyId: z.coerce.number().int().positive() });
const listQuery = z.object({ active: z.enum(['true', 'false']).optional(), kind: z.enum(['all', 'assessmentOnly', 'airOnly']).optional() });
const companyBody = z.object({
  moniker: z.string().trim().min(1, 'Required.').max(200, 'Max 200 characters'),
  is_active: z.boolean().optional(),
  assessment_only_flag: z.boolean().optional(),
  air_only_flag: z.boolean().optional(),
  seats: z.number().int().min(0).max(1_000_000).optional(),
});

export const COMPANIES_PAGE = '/datamanagercompanies';

export function routes(r: RouteRegistrar, _k: Kernel): void {
  r.get('/v3/tenant/:tenantId/companies', { summary: 'Client companies of the tenant', params: tenantParams, query: listQuery }, async ({ db, query }) => {
    const rows = await listCompanies(db, { activeOnly: query.active === 'true', kind: query.kind });
    return { companies: rows.map(toApi) };
  });
  r.post('/v3/tenant/:tenantId/companies', { summary: 'Add a client company', params: tenantParams, body: companyBody, page: COMPANIES_PAGE }, async ({ db, tenantId, body, audit }) => {
    const row = await insertCompany(db, tenantId, body);
    await audit('company.insert', { moniker: row.moniker }, String(row.tenant_company_id));
    return { company: toApi(row), records_updated: 1 };
  });
  r.put('/v3/tenant/:tenantId/companies/:tenantCompanyId', { summary: 'Update a client company', params: companyParams, body: companyBody.partial(), page: COMPANIES_PAGE }, async ({ db, params, body, audit }) => {
    const row = await updateCompany(db, params.tenantCompanyId, body);
    if (!row) throw notFound('Company not found');
    await audit('company.update', body, String(row.tenant_company_id));
    return { company: toApi(row), records_updated: 1 };
  });
}
