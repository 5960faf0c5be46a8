/**
 * The Stack Alignment Overview matrix (customer-success.md sections 2, 3 "Stack matrix", 9). Pure.
 *
 * Cells: one per company and service. alignmentScore: 100 fully, 50 partial, 0 other; missing (null) when the
 * service does not apply. mrrOpportunity: the item's MRR opportunity; missing when the item does not count (not
 * applicable, or part of a contract).
 * Pivots: StackByCompanyPivot (rows companies, columns services) and StackByServicePivot (rows services, columns
 * companies). Columns: per column entity one alignmentScore and one mrrOpportunity column, then the Total columns.
 * The last row is Total. Decisions: a Total aggregates the cells shown in its row or column (the Total column over
 * every column of the pivot, the Total row over the rows kept by the type filter): alignmentScore is the rounded
 * percent of the applicable cells' weights (missing when none apply), mrrOpportunity the sum of the cells that
 * have one (missing when none has). The type filter keeps the rows of each pivot: 'none' all, 'mrr' rows with at
 * least one MRR opportunity value, 'mrrGt0' (default) rows whose total MRR opportunity is above 0.
 */
import { ALIGNMENT_WEIGHT_HALVES, scoreOfHalves, type Alignment } from './stack-alignment';
import { appliesByTags } from './stack-applicability';
import type { ServiceDefaults, StoredItem } from './stack-alignment-item';
import { mrrOpportunityCents, type ItemState } from './stack-opportunity';
import type { ChargeBasis } from './stack-opportunity-charge';

export const TYPE_FILTERS = ['none', 'mrr', 'mrrGt0'] as const;
export type TypeFilter = (typeof TYPE_FILTERS)[number];
export const DEFAULT_TYPE_FILTER: TypeFilter = 'mrrGt0';
export const MATRIX_TAGS = ['alignmentScore', 'mrrOpportunity'] as const;
type MatrixTag = (typeof MATRIX_TAGS)[number];
const TOTAL = 'Total';

interface PivotColumn {
  id: number | null;
  name: string;
  tag: MatrixTag;
}
interface Pivot {
  index: { id: number | null; name: string }[];
  columns: PivotColumn[];
  data: (number | null)[][];
}
export interface StackMatrix {
  StackByCompanyPivot: Pivot;
  StackByServicePivot: Pivot;
}

export interface MatrixService extends ServiceDefaults {
  serviceId: number;
  name: string;
  basis: ChargeBasis;
}
export interface MatrixCompany {
  tenantCompanyId: number;
  name: string;
  seats: number;
  tagIds: readonly number[];
  stored: ReadonlyMap<number, StoredItem>;
}

/** Every cell of companies x services: weight halves (-1: not applicable) and MRR opportunity cents (NaN: missing). */
export interface StackCells {
  companies: readonly MatrixCompany[];
  services: readonly MatrixService[];
  /** [company * services.length + service] */
  halves: Int8Array;
  mrrCents: Float64Array;
}

export function stackCells(companies: readonly MatrixCompany[], services: readonly MatrixService[]): StackCells {
  const nS = services.length;
  const halves = new Int8Array(companies.length * nS);
  const mrrCents = new Float64Array(companies.length * nS);
  // Plain loops and no object per cell: this runs for every company x service of the tenant.
  for (let ci = 0; ci < companies.length; ci++) {
    const c = companies[ci];
    const tags = new Set(c.tagIds);
    for (let si = 0; si < nS; si++) {
      const s = services[si];
      const k = ci * nS + si;
      const stored = c.stored.get(s.serviceId);
      const st: ItemState = stored ?? {
        alignment: s.defaultAlignment,
        applicable: appliesByTags(s.tagIds, tags, s.defaultApplicable),
        partOfContract: s.defaultPartOfContract,
      };
      if (!st.applicable) {
        halves[k] = -1;
        mrrCents[k] = NaN;
        continue;
      }
      halves[k] = ALIGNMENT_WEIGHT_HALVES[st.alignment as Alignment];
      mrrCents[k] = st.partOfContract ? NaN : mrrOpportunityCents(st, s.basis, c.seats);
    }
  }
  return { companies, services, halves, mrrCents };
}

/** Running aggregate of cells: weight halves and applicable count, MRR cents and how many cells had one. */
class Agg {
  halves = 0;
  applicable = 0;
  mrr = 0;
  mrrCells = 0;
  add(h: number, m: number): void {
    if (h >= 0) {
      this.halves += h;
      this.applicable += 1;
    }
    if (!Number.isNaN(m)) {
      this.mrr += m;
      this.mrrCells += 1;
    }
  }
  score(): number | null {
    return scoreOfHalves(this.halves, this.applicable);
  }
  money(): number | null {
    return this.mrrCells ? this.mrr / 100 : null;
  }
  keeps(f: TypeFilter): boolean {
    return f === 'none' || (f === 'mrr' ? this.mrrCells > 0 : this.mrr > 0);
  }
}

interface AggregateRow {
  id: number;
  name: string;
  alignmentScore: number | null;
  mrrOpportunity: number | null;
}

/** Per company (byService false) or per service: the aggregate of its cells. */
export function stackAggregates(cells: StackCells, byService: boolean): AggregateRow[] {
  const nS = cells.services.length;
  const nC = cells.companies.length;
  const aggs = Array.from({ length: byService ? nS : nC }, () => new Agg());
  for (let ci = 0; ci < nC; ci++)
    for (let si = 0; si < nS; si++) {
      const k = ci * nS + si;
      aggs[byService ? si : ci].add(cells.halves[k], cells.mrrCents[k]);
    }
  return aggs.map((a, i) => {
    const e = byService
      ? { id: cells.services[i].serviceId, name: cells.services[i].name }
      : { id: cells.companies[i].tenantCompanyId, name: cells.companies[i].name };
    return { ...e, alignmentScore: a.score(), mrrOpportunity: a.money() };
  });
}

function pivot(
  rows: { id: number; name: string }[],
  cols: { id: number; name: string }[],
  at: (r: number, c: number) => number,
  cells: StackCells,
  typeFilter: TypeFilter,
): Pivot {
  const C = cols.length;
  const colAgg = Array.from({ length: C }, () => new Agg());
  const all = new Agg();
  const index: Pivot['index'] = [];
  const data: Pivot['data'] = [];
  for (let r = 0; r < rows.length; r++) {
    const rowAgg = new Agg();
    const line: (number | null)[] = new Array(2 * C + 2);
    for (let c = 0; c < C; c++) {
      const k = at(r, c);
      const h = cells.halves[k];
      const m = cells.mrrCents[k];
      rowAgg.add(h, m);
      line[2 * c] = h >= 0 ? h * 50 : null;
      line[2 * c + 1] = Number.isNaN(m) ? null : m / 100;
    }
    if (!rowAgg.keeps(typeFilter)) continue;
    for (let c = 0; c < C; c++) {
      const k = at(r, c);
      colAgg[c].add(cells.halves[k], cells.mrrCents[k]);
    }
    all.halves += rowAgg.halves;
    all.applicable += rowAgg.applicable;
    all.mrr += rowAgg.mrr;
    all.mrrCells += rowAgg.mrrCells;
    line[2 * C] = rowAgg.score();
    line[2 * C + 1] = rowAgg.money();
    index.push(rows[r]);
    data.push(line);
  }
  const total: (number | null)[] = new Array(2 * C + 2);
  for (let c = 0; c < C; c++) {
    total[2 * c] = colAgg[c].score();
    total[2 * c + 1] = colAgg[c].money();
  }
  total[2 * C] = all.score();
  total[2 * C + 1] = all.money();
  index.push({ id: null, name: TOTAL });
  data.push(total);
  const columns: PivotColumn[] = [];
  for (const e of cols) for (const tag of MATRIX_TAGS) columns.push({ id: e.id, name: e.name, tag });
  for (const tag of MATRIX_TAGS) columns.push({ id: null, name: TOTAL, tag });
  return { index, columns, data };
}

export function stackMatrix(cells: StackCells, typeFilter: TypeFilter = DEFAULT_TYPE_FILTER): StackMatrix {
  const nS = cells.services.length;
  const companies = cells.companies.map((c) => ({ id: c.tenantCompanyId, name: c.name }));
  const services = cells.services.map((s) => ({ id: s.serviceId, name: s.name }));
  return {
    StackByCompanyPivot: pivot(companies, services, (r, c) => r * nS + c, cells, typeFilter),
    StackByServicePivot: pivot(services, companies, (r, c) => c * nS + r, cells, typeFilter),
  };
}

/** The top entries by MRR opportunity (above 0), largest first, then by name: the dashboard's charts. */
export function topByMrr(rows: readonly AggregateRow[], n = 10): AggregateRow[] {
  return rows
    .filter((r) => (r.mrrOpportunity ?? 0) > 0)
    .sort((a, b) => b.mrrOpportunity! - a.mrrOpportunity! || a.name.localeCompare(b.name) || a.id - b.id)
    .slice(0, n);
}
