/**
 * The shared filter resolution of filteredGet: the filters of a request become one company id set that object
 * handlers receive (CsListArgs.companyIds). Fields are ANDed, values within a field ORed; selected goals add
 * their companies to the company selection first (shared/filter-rules.ts); nothing selected: null (every company).
 */
import { badRequest, type Trx } from '../../../../kernel/index';
import {
  FILTERING_FIELDS,
  isFiltered,
  normalizeFilters,
  withGoalCompanies,
  type CsFilters,
} from '../../shared/filter-rules';
import { goalCompanyIds } from '../goals/store';
import type { CsInputs } from '../inputs/request-inputs';
import type { CsFilterResolverDef } from './resolver';

export async function resolveCompanyFilter(
  db: Trx,
  filters: Partial<CsFilters> | null | undefined,
  resolvers: readonly CsFilterResolverDef[],
  inputs?: CsInputs,
): Promise<number[] | null> {
  let f = normalizeFilters(filters);
  if (f.tenantCompanyGoalIds.length) f = withGoalCompanies(f, await goalCompanyIds(db, f.tenantCompanyGoalIds));
  if (!isFiltered(f)) return null;
  let set = null as Set<number> | null;
  for (const field of FILTERING_FIELDS) {
    const values = f[field] as (number | string)[];
    if (!values.length) continue;
    let ids: number[];
    if (field === 'tenantCompanyIds') ids = values as number[];
    else {
      const r = resolvers.find((x) => x.field === field);
      if (!r)
        throw badRequest(`The filter ${field} is not available`, [
          { path: `body.filters.${field}`, message: 'not available' },
        ]);
      ids = await r.resolve(db, values, inputs);
    }
    const cur = new Set<number>(ids.map(Number));
    set = set === null ? cur : intersect(set, cur);
  }
  return [...(set ?? [])].sort((a, b) => a - b);
}

function intersect(a: Set<number>, b: Set<number>): Set<number> {
  const out = new Set<number>();
  for (const x of a) if (b.has(x)) out.add(x);
  return out;
}
