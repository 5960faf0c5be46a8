/**
 * A fresh computation of the segments, answered for the (filtered) companies: the realtime function
 * customerSegments and the normal-call fallback (TenantCompanySegment action refresh) both run this. It is stored
 * when the transaction may write (both are declared writes, over the socket and the HTTP fallback alike).
 */
import type { Trx } from '../../../../kernel/index';
import type { CsFilters } from '../../shared/filter-rules';
import { resolveCompanyFilter } from '../filters/resolve';
import type { CsServices } from '../services';
import { csResult, type CsResult } from '../object-api/registry';
import { csInputs } from '../inputs/request-inputs';
import { computeCompanySegments } from './compute';
import { segmentsOf } from './store';

export async function freshSegments(
  cs: CsServices,
  db: Trx,
  tenantId: number,
  filters: Partial<CsFilters> | undefined,
): Promise<CsResult> {
  const now = new Date();
  const inputs = csInputs(cs, db); // this request's reads, once each
  const computed = await computeCompanySegments(inputs, tenantId, now);
  // segmentIds select by the fresh placements (the stored ones may be the stale ones being replaced).
  const { segmentIds = [], ...others } = filters ?? {};
  let companyIds = filters ? await resolveCompanyFilter(db, others, cs.filterResolvers(), inputs) : null;
  if (segmentIds.length) {
    const inSegments = new Set(
      [...computed.placements.values()].filter((p) => segmentIds.includes(p.segmentId)).map((p) => p.tenantCompanyId),
    );
    companyIds = (companyIds ?? [...computed.placements.keys()]).filter((id) => inSegments.has(id));
  }
  const r = await segmentsOf(inputs, companyIds, now, computed);
  return csResult(r.segments, { stale_data: r.stale_data });
}
