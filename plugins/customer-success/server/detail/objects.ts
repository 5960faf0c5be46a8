/**
 * Object types of the company detail page (customer-success.md sections 2, 3, 5, 7), all company level
 * ('Must select a customer' without tenantCompanyId):
 *   CustomerSuccessDetailsTile  the details tile with the caller's tile order; PUT (save) { tileOrder } saves the order for the caller
 *   TenantCompanyProfile        the company profile; PUT (save) with the version read (409 when stale)
 *   TenantCsHeadlines           headlines keyed by company (filteredGet: of every filtered company)
 *   TenantCompanyCsContract     the company's contracts as CS reads them (contracts tile), with excludedCount: how many
 *                               a contract filter (csContractFiltersPoint, e.g. contract exclusions) leaves out
 */
import { z } from 'zod';
import { csResult, defineCsObject } from '../object-api/registry';
import { COMPANY_DETAIL_PAGE } from '../pages';
import { DETAIL_TILES } from '../../shared/tile-order';
import { contractsOf, contractWithCompany } from '../../../companies/public';
import { detailsTile } from './details-tile';
import { headlinesFor } from './headlines-service';
import { getProfile, profileBody, saveProfile } from './profile-store';
import { saveTileOrder } from './tile-order-store';
import { companyProfile, detailsTile as detailsTileRow, headlinesAnswer, tileOrderAnswer } from '../../shared/api';

const tileOrderBody = z.object({
  tileOrder: z
    .array(z.enum(DETAIL_TILES, { error: `Must be one of ${DETAIL_TILES.join(', ')}` }))
    .max(DETAIL_TILES.length * 2),
  tenantCompanyId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
const noBody = z.object({});

const customerSuccessDetailsTile = defineCsObject({
  name: 'CustomerSuccessDetailsTile',
  responseKey: 'customerSuccessDetailsTile',
  companyLevel: true,
  summary: 'Details tile of the company detail page, with the tile order of the caller',
  pages: { read: COMPANY_DETAIL_PAGE },
  reply: { row: detailsTileRow },
  schema: noBody,
  async list({ db, caller, cs }, { tenantCompanyId }) {
    return [await detailsTile(cs, db, tenantCompanyId!, caller?.userId ?? null)];
  },
  save: {
    reply: { value: tileOrderAnswer },
    schema: tileOrderBody,
    async handler({ db, tenantId, caller }, body: z.output<typeof tileOrderBody>) {
      return csResult({ tileOrder: await saveTileOrder(db, tenantId, caller!.userId, body.tileOrder) });
    },
  },
});

const tenantCompanyProfile = defineCsObject({
  name: 'TenantCompanyProfile',
  responseKey: 'tenantCompanyProfile',
  companyLevel: true,
  summary: 'Company profile (industry, employees, website, primary contact, customer since, notes)',
  pages: { read: COMPANY_DETAIL_PAGE },
  reply: { row: companyProfile },
  schema: profileBody,
  async list({ db }, { tenantCompanyId }) {
    return [await getProfile(db, tenantCompanyId!)];
  },
  save: {
    schema: profileBody.extend({
      tenantCompanyId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    }),
    async handler({ db, tenantId, caller }, body, { tenantCompanyId }) {
      return [await saveProfile(db, tenantId, tenantCompanyId!, body, caller?.userId ?? null)];
    },
  },
});

const tenantCsHeadlines = defineCsObject({
  name: 'TenantCsHeadlines',
  responseKey: 'headlines',
  companyLevel: true,
  summary: 'Headlines keyed by company',
  reply: { value: headlinesAnswer },
  schema: noBody,
  async list({ db, cs, inputs }, { tenantCompanyId, companyIds }) {
    let ids: number[];
    if (tenantCompanyId) ids = [tenantCompanyId];
    else
      ids = (await inputs.activeCompanies())
        .map((c) => Number(c.tenant_company_id))
        .filter((id) => !companyIds || companyIds.includes(id));
    return csResult(await headlinesFor(cs, db, ids, new Date(), inputs));
  },
});

const tenantCompanyCsContract = defineCsObject({
  name: 'TenantCompanyCsContract',
  responseKey: 'contracts',
  companyLevel: true,
  summary: 'Contracts of a company as Customer Success reads them, with how many a contract filter leaves out',
  pages: { read: COMPANY_DETAIL_PAGE },
  reply: { row: contractWithCompany, extra: { excludedCount: z.number().int() } },
  schema: noBody,
  async list({ db, cs }, { tenantCompanyId }) {
    const all = await contractsOf(db, { tenantCompanyId: tenantCompanyId! });
    const kept = await cs.contractsOf(db, { tenantCompanyId: tenantCompanyId! });
    return csResult(kept, { excludedCount: all.length - kept.length });
  },
});

export const DETAIL_OBJECTS = [
  customerSuccessDetailsTile,
  tenantCompanyProfile,
  tenantCsHeadlines,
  tenantCompanyCsContract,
];
