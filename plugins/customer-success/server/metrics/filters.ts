/**
 * Filter resolvers healthCodes and effortCodes of filteredGet: the companies whose current health (effort) score
 * falls in a band of the selected variants (danger, warning, success...) under the tenant's cut scores. The bands
 * become score ranges (shared/cut-ranges.ts) so the database answers only the matching ids. A company without a
 * score has no variant and is never selected by a code.
 */
import type { Trx } from '../../../../kernel/index';
import { rangesForVariants } from '../../shared/cut-ranges';
import type { ScoreType } from '../../shared/metric-calc-codes';
import { loadCuts } from '../cuts/store';
import { defineCsFilterResolver } from '../filters/resolver';
import type { CsInputs } from '../inputs/request-inputs';

/** Lowest bound meaning "no band below": scores are never below it. */
const NO_BOUND = -1_000_000;

/**
 * `inputs`: the request's inputs, whose cut scores the rest of the request reuses (the dashboard colours by them).
 * The scores are selected by the database (only the matching ids travel): a list filtered by colour need not
 * read every company's score (bench:cs measures the metric values filtered so).
 */
async function companiesWithCodes(
  db: Trx,
  type: ScoreType,
  codes: (number | string)[],
  inputs?: CsInputs,
): Promise<number[]> {
  const ranges = rangesForVariants(codes.map(String), await (inputs ? inputs.cuts(type) : loadCuts(db, type)));
  if (!ranges.length) return [];
  const r = await db.raw(
    `select s.tenant_company_id from cs_company_scores s
      where s.score_type = ? and s.score is not null
        and exists (select 1 from unnest(?::int[], ?::int[]) as b(above, up_to) where s.score > b.above and s.score <= b.up_to)`,
    [type, ranges.map((x) => x.above ?? NO_BOUND), ranges.map((x) => x.upTo)],
  );
  return (r.rows as { tenant_company_id: number }[]).map((x) => Number(x.tenant_company_id));
}

export const healthCodeFilter = defineCsFilterResolver({
  field: 'healthCodes',
  resolve: (db, values, inputs) => companiesWithCodes(db, 'health', values, inputs),
});
export const effortCodeFilter = defineCsFilterResolver({
  field: 'effortCodes',
  resolve: (db, values, inputs) => companiesWithCodes(db, 'effort', values, inputs),
});
