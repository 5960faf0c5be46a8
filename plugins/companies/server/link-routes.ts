/**
 * Saved links (customer-success.md section 7 "Saved links get/insert/update/delete"):
 *   GET  /v3/tenant/:tenantId/company/:tenantCompanyId/savedlink -> { links }
 *   POST /v3/tenant/:tenantId/company/:tenantCompanyId/savedlink { operation, payload } -> { records_updated, tenant_company_link_id, link }
 * Open to every member of the tenant (links are shared notes about a client, edited from the company pages).
 */
import type { RouteRegistrar } from '../../../kernel/index';
import { linksAnswer, linkWriteAnswer } from '../shared/api';
import { requireCompany } from './company-scope';
import { deleteLink, insertLink, linkBody, listLinks, updateLink } from './links';
import { companyParams } from '../shared/params';

export function linkRoutes(r: RouteRegistrar): void {
  r.get(
    '/v3/tenant/:tenantId/company/:tenantCompanyId/savedlink',
    { summary: 'Saved links of a company', params: companyParams, response: linksAnswer },
    async ({ db, params }) => {
      await requireCompany(db, params.tenantCompanyId);
      return { links: await listLinks(db, params.tenantCompanyId) };
    },
  );

  r.post(
    '/v3/tenant/:tenantId/company/:tenantCompanyId/savedlink',
    {
      summary: 'Insert, update or delete a saved link',
      params: companyParams,
      body: linkBody,
      response: linkWriteAnswer,
    },
    async ({ db, tenantId, params, body, audit }) => {
      const companyId = params.tenantCompanyId;
      await requireCompany(db, companyId);
      switch (body.operation) {
        case 'insert': {
          const link = await insertLink(db, tenantId, companyId, body.payload);
          await audit('savedlink.insert', { tenant_company_id: companyId }, String(link.tenant_company_link_id));
          return { records_updated: 1, tenant_company_link_id: link.tenant_company_link_id, link };
        }
        case 'update': {
          const link = await updateLink(
            db,
            companyId,
            body.payload.tenant_company_link_id,
            body.payload.version,
            body.payload,
          );
          await audit('savedlink.update', { tenant_company_id: companyId }, String(link.tenant_company_link_id));
          return { records_updated: 1, tenant_company_link_id: link.tenant_company_link_id, link };
        }
        case 'delete': {
          const n = await deleteLink(db, companyId, body.payload.tenant_company_link_id, body.payload.version);
          await audit(
            'savedlink.delete',
            { tenant_company_id: companyId },
            String(body.payload.tenant_company_link_id),
          );
          return { records_updated: n, tenant_company_link_id: body.payload.tenant_company_link_id };
        }
      }
    },
  );
}
