/**
 * Delete tenant data API (internal, system scope, audited): the dry run (rows per tenant table, users removed and
 * kept, blockers), an export of the tenant's data on its own, and the deletion itself (typed confirmation of the
 * tenant's name; export first; one transaction).
 */
import { notFound, type Kernel, type RouteRegistrar } from '../../../../../kernel/index';
import { deleteBody, deleteParams as params, deletionPlan, deletionResult, exportBody, tenantExport } from '../../../shared/api';
import { API_DELETE_TENANT_DATA } from '../paths';
import { auditDetails, deleteTenantData } from './delete';
import { exportTenant } from './export';
import { planDeletion } from './plan';

export function deleteTenantDataRoutes(r: RouteRegistrar, k: Kernel): void {
  r.get(`${API_DELETE_TENANT_DATA}/:targetTenantId`, {
    summary: 'Dry run: rows per tenant table, users removed and kept, what blocks the deletion', tags: ['lci-admin'],
    auth: 'internal', scope: 'system', params, response: deletionPlan,
  }, async ({ db, params: p }) => {
    const plan = await planDeletion(db, p.targetTenantId);
    if (!plan) throw notFound(`Tenant ${p.targetTenantId} not found`);
    return plan;
  });

  r.post(`${API_DELETE_TENANT_DATA}/:targetTenantId/export`, {
    summary: "Export a tenant's data (JSON lines); answers the file and a download link", tags: ['lci-admin'],
    auth: 'internal', scope: 'system', params, body: exportBody, response: tenantExport,
  }, async ({ db, params: p, audit }) => {
    const plan = await planDeletion(db, p.targetTenantId);
    if (!plan) throw notFound(`Tenant ${p.targetTenantId} not found`);
    const exported = await exportTenant(k, db, plan);
    await audit('lcisupport.tenantExport', { tenantId: plan.tenantId, tenantName: plan.name, rows: exported.rows, exportKey: exported.key, exportSha256: exported.sha256 }, `tenant:${plan.tenantId}`);
    return exported;
  });

  r.post(`${API_DELETE_TENANT_DATA}/:targetTenantId`, {
    summary: "Delete a tenant's data: confirm with the tenant's name; exports first; one transaction", tags: ['lci-admin'],
    auth: 'internal', scope: 'system', params, body: deleteBody, response: deletionResult,
  }, async ({ db, params: p, body, audit }) => {
    const result = await deleteTenantData(k, db, p.targetTenantId, body.confirm);
    await audit('lcisupport.deleteTenantData', auditDetails(result), `tenant:${result.tenantId}`);
    return result;
  });
}
