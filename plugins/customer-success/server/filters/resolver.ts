/**
 * Filter resolvers: each filter field of a filteredGet maps its selected values to the companies they select.
 * A resolver is declared with defineCsFilterResolver and listed in filters/resolvers.ts (segments and the
 * health/effort codes are contributed by their areas).
 */
import type { Trx } from '../../../../kernel/index';
import type { CsFilterField } from '../../shared/filter-rules';
import type { CsInputs } from '../inputs/request-inputs';

export interface CsFilterResolverDef {
  field: Exclude<CsFilterField, 'tenantCompanyIds' | 'tenantCompanyGoalIds'>;
  /**
   * The ids of the tenant's companies the selected values select (any of them). `inputs`: the request's inputs
   * (read once per request) when the caller has them, e.g. the cut scores.
   */
  resolve(db: Trx, values: (number | string)[], inputs?: CsInputs): Promise<number[]>;
}

export function defineCsFilterResolver(def: CsFilterResolverDef): CsFilterResolverDef {
  return def;
}
