/**
 * Company stack alignment and the overview matrix (customer-success.md sections 2, 3, 7):
 * TenantCompanyStackAlignment (company level: GET ?tenantCompanyId=, PUT ?tenantCompanyId= saves items, notes and
 * recommendation links) and TenantCsRptStackMatrix (GET, filteredGet or POST csrpt: both pivots).
 */
import { z } from 'zod';
import { badRequest } from '../../../../kernel/index';
import { DEFAULT_TYPE_FILTER, TYPE_FILTERS, type TypeFilter } from '../../shared/stack-matrix';
import { csResult, MSG_MUST_SELECT_CUSTOMER, type CsObjectDef } from '../../../customer-success/public';
import { defineStackObject } from '../define';
import { COMPANY_DETAIL_PAGE } from '../../../customer-success/public';
import { STACK_ALIGNMENT_OVERVIEW_PAGE } from '../pages';
import { matrixFor } from './matrix';
import { companyAlignment, saveCompanyAlignment } from './store';
import { alignmentSaveBody, type AlignmentSave } from '../../shared/stack-alignment-api';
import { alignmentExtra, alignmentItem, stackMatrix } from '../../shared/api';

const tenantCompanyStackAlignment = defineStackObject({
  name: 'TenantCompanyStackAlignment',
  responseKey: 'tenantCompanyStackAlignments',
  companyLevel: true,
  summary: "A company's stack alignment items (every active service), notes, recommendation links and summary",
  pages: { write: COMPANY_DETAIL_PAGE },
  reply: { row: alignmentItem, extra: alignmentExtra },
  schema: z.object({}),
  async list({ db, tenantId, cs }, { tenantCompanyId, activeFlag, companyIds }) {
    // One company at a time (the overview matrix covers many); a filteredGet must name it too.
    if (!tenantCompanyId)
      throw badRequest(MSG_MUST_SELECT_CUSTOMER, [{ path: 'body.tenantCompanyId', message: MSG_MUST_SELECT_CUSTOMER }]);
    if (companyIds && !companyIds.includes(tenantCompanyId)) {
      return csResult([], { linkTables: { tenantNotes: [], tenantCompanyProjects: [] }, summary: null });
    }
    const a = await companyAlignment(cs, db, tenantId, tenantCompanyId, activeFlag);
    return csResult(a.items, { linkTables: a.linkTables, summary: a.summary });
  },
  save: {
    schema: alignmentSaveBody,
    async handler({ db, tenantId, caller, cs }, body: AlignmentSave, { tenantCompanyId }) {
      // Recommendations come from the plugin that provides them (companies' linkedRecordsPoint).
      for (const [i, r] of (body.recommendations ?? []).entries())
        await cs.checkLinks(
          db,
          'recommendation',
          r.tenantCompanyProjectIds,
          `body.recommendations.${i}.tenantCompanyProjectIds`,
        );
      await saveCompanyAlignment(db, tenantId, caller?.userId ?? null, tenantCompanyId!, body);
      const a = await companyAlignment(cs, db, tenantId, tenantCompanyId!);
      return csResult(a.items, { linkTables: a.linkTables, summary: a.summary });
    },
  },
});

/** Ids in a query (?tagIds=1,2 or repeated) or a JSON body. */
const oneId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const idList = z.union([
  z.array(oneId).max(1000),
  z
    .string()
    .max(10_000)
    .transform((v, ctx) => {
      const out: number[] = [];
      for (const part of v
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)) {
        const n = Number(part);
        if (!Number.isSafeInteger(n) || n <= 0) {
          ctx.addIssue({ code: 'custom', message: 'Ids separated by commas' });
          return z.NEVER;
        }
        out.push(n);
      }
      return out;
    }),
]);
const matrixFields = {
  tagIds: idList.optional(),
  categoryIds: idList.optional(),
  typeFilter: z.enum(TYPE_FILTERS).optional(),
};
interface MatrixQuery {
  tagIds?: number[];
  categoryIds?: number[];
  typeFilter?: TypeFilter;
}

const tenantCsRptStackMatrix = defineStackObject({
  name: 'TenantCsRptStackMatrix',
  responseKey: 'stackMatrix',
  companyLevel: false,
  summary:
    'Stack Alignment Overview matrix: StackByCompanyPivot and StackByServicePivot (alignmentScore, mrrOpportunity, Total)',
  pages: { read: STACK_ALIGNMENT_OVERVIEW_PAGE },
  reply: { value: stackMatrix },
  schema: z.object({}),
  query: z.object(matrixFields),
  async list({ db, tenantId }, { companyIds, tenantCompanyId, query }) {
    const q = query as MatrixQuery;
    const ids = tenantCompanyId
      ? companyIds
        ? companyIds.filter((c) => c === tenantCompanyId)
        : [tenantCompanyId]
      : companyIds;
    return csResult(await matrixFor(db, tenantId, ids, q, q.typeFilter ?? DEFAULT_TYPE_FILTER));
  },
  report: {
    schema: z.object(matrixFields),
    async handler({ db, tenantId }, body: MatrixQuery, { companyIds, tenantCompanyId }) {
      const ids = tenantCompanyId
        ? companyIds
          ? companyIds.filter((c) => c === tenantCompanyId)
          : [tenantCompanyId]
        : companyIds;
      return csResult(await matrixFor(db, tenantId, ids, body, body.typeFilter ?? DEFAULT_TYPE_FILTER));
    },
  },
});

export const ALIGNMENT_OBJECTS: CsObjectDef[] = [tenantCompanyStackAlignment, tenantCsRptStackMatrix];
