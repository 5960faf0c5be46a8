/**
 * Contract routes (customer-success.md section 7 "Company data"):
 *   GET  /v3/tenant/:tenantId/tenantcontracts                              -> { contracts } of every company
 *   GET  /v3/tenant/:tenantId/company/:tenantCompanyId/contracts           -> { contracts } of one company
 *   POST /v3/tenant/:tenantId/company/:tenantCompanyId/contracts           { operation, payload } -> { records_updated, tenant_company_contract_id }
 */
import { z } from 'zod';
import type { Kernel, RouteRegistrar } from '../../../kernel/index';
import { contractsAnswer, contractWriteAnswer } from '../shared/api';
import { requireCompanies, requireCompany } from './company-scope';
import { contractBody } from '../shared/contract-schema';
import { copyContract, deleteContract, getContract, insertContract, listContracts, updateContract } from './contracts';
import { CONTRACT_MANAGER_PAGE } from './pages';
import { companyParams, id, tenantParams } from '../shared/params';

const tenantContractsQuery = z.object({ tenantCompanyId: id.optional() });

export function contractRoutes(r: RouteRegistrar, k: Kernel): void {
  r.get(
    '/v3/tenant/:tenantId/tenantcontracts',
    {
      summary: 'Contracts of every company of the tenant (optionally one company)',
      params: tenantParams,
      query: tenantContractsQuery,
      response: contractsAnswer,
    },
    async ({ db, query }) => {
      if (query.tenantCompanyId !== undefined) await requireCompany(db, query.tenantCompanyId);
      return { contracts: await listContracts(k, db, { tenantCompanyId: query.tenantCompanyId }) };
    },
  );

  r.get(
    '/v3/tenant/:tenantId/company/:tenantCompanyId/contracts',
    { summary: 'Contracts of a company', params: companyParams, response: contractsAnswer },
    async ({ db, params }) => {
      await requireCompany(db, params.tenantCompanyId);
      return { contracts: await listContracts(k, db, { tenantCompanyId: params.tenantCompanyId }) };
    },
  );

  r.post(
    '/v3/tenant/:tenantId/company/:tenantCompanyId/contracts',
    {
      summary: 'Insert, update, delete or copy a contract of a company',
      params: companyParams,
      body: contractBody,
      page: CONTRACT_MANAGER_PAGE,
      response: contractWriteAnswer,
    },
    async ({ db, tenantId, params, body, caller, audit }) => {
      const companyId = params.tenantCompanyId;
      await requireCompany(db, companyId);
      const userId = caller?.userId ?? null;
      switch (body.operation) {
        case 'insert': {
          const newId = await insertContract(db, tenantId, companyId, body.payload, userId);
          await audit('contract.insert', { tenant_company_id: companyId, vendor: body.payload.vendor }, String(newId));
          return {
            records_updated: 1,
            tenant_company_contract_id: newId,
            contract: await getContract(k, db, companyId, newId),
          };
        }
        case 'update': {
          const cid = body.payload.tenant_company_contract_id;
          const n = await updateContract(db, companyId, cid, body.payload.version, body.payload, userId);
          await audit('contract.update', { tenant_company_id: companyId }, String(cid));
          return {
            records_updated: n,
            tenant_company_contract_id: cid,
            contract: await getContract(k, db, companyId, cid),
          };
        }
        case 'delete': {
          const cid = body.payload.tenant_company_contract_id;
          const n = await deleteContract(db, companyId, cid, body.payload.version);
          await audit('contract.delete', { tenant_company_id: companyId }, String(cid));
          return { records_updated: n, tenant_company_contract_id: cid };
        }
        case 'copy': {
          const cid = body.payload.tenant_company_contract_id;
          await requireCompanies(db, body.payload.target_tenant_company_ids);
          const ids = await copyContract(db, companyId, cid, body.payload.target_tenant_company_ids, userId);
          await audit(
            'contract.copy',
            { tenant_company_id: companyId, targets: body.payload.target_tenant_company_ids, copies: ids },
            String(cid),
          );
          return { records_updated: ids.length, tenant_company_contract_id: cid, tenant_company_contract_ids: ids };
        }
      }
    },
  );
}
