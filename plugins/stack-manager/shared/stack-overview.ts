/**
 * Stack Alignment Overview (customer-success.md sections 2, 3 "Stack matrix", 9): what the matrix table shows.
 * The server answers both pivots (StackByCompanyPivot: rows companies, columns services; StackByServicePivot the
 * transpose), each column tagged alignmentScore or mrrOpportunity, the last row and the last columns being the
 * Totals. The view selector picks the columns of one tag; missing values show as --; currency without decimals;
 * alignment rounded to whole numbers. Pure.
 */
import { formatMoney, roundHalfAway } from '../../customer-success/public.browser';

type StackColumnTag = 'alignmentScore' | 'mrrOpportunity';
interface StackPivotRow {
  id: number | null;
  name: string;
}
interface StackPivotColumn {
  id: number | null;
  name: string;
  tag: StackColumnTag;
}
export interface StackPivot {
  index: StackPivotRow[];
  columns: StackPivotColumn[];
  data: (number | null)[][];
}
export type StackPivotName = 'StackByCompanyPivot' | 'StackByServicePivot';
export type StackMatrix = Record<StackPivotName, StackPivot>;

/** The view selector: MRR Opportunity (default) or Percentage Alignment; the value is the column tag shown. */
export type StackView = StackColumnTag;
export const STACK_VIEWS: readonly { value: StackView; label: string }[] = [
  { value: 'mrrOpportunity', label: 'MRR Opportunity' },
  { value: 'alignmentScore', label: 'Percentage Alignment' },
];
export const DEFAULT_STACK_VIEW: StackView = 'mrrOpportunity';

/** The type filter (rows kept by the server): No Filter, MRR opportunity, MRR opportunity greater than 0 (default). */
export type StackTypeFilter = 'none' | 'mrr' | 'mrrGt0';
export const STACK_TYPE_FILTERS: readonly { value: StackTypeFilter; label: string }[] = [
  { value: 'none', label: 'No Filter' },
  { value: 'mrr', label: 'MRR opportunity' },
  { value: 'mrrGt0', label: 'MRR opportunity greater than 0' },
];
export const DEFAULT_STACK_TYPE_FILTER: StackTypeFilter = 'mrrGt0';

const MISSING = '--';
/** Rows of the charts (section 9: the top 10). */
export const STACK_TOP = 10;

/** "Swap Rows and Columns": the other pivot. */
export const swapPivot = (p: StackPivotName): StackPivotName =>
  p === 'StackByCompanyPivot' ? 'StackByServicePivot' : 'StackByCompanyPivot';

/** What each axis of a pivot lists. */
export function pivotAxes(p: StackPivotName): { rows: 'Company' | 'Service'; columns: 'Company' | 'Service' } {
  return p === 'StackByCompanyPivot'
    ? { rows: 'Company', columns: 'Service' }
    : { rows: 'Service', columns: 'Company' };
}

/** The table of one view: the rows of the pivot, the columns of the chosen tag (the Total last), the cells. */
export interface StackTableView {
  pivot: StackPivotName;
  view: StackView;
  rowHeader: 'Company' | 'Service';
  rows: StackPivotRow[];
  columns: { id: number | null; name: string }[];
  /** cells[row][column]; null = missing. */
  cells: (number | null)[][];
}

const cellValue = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export function selectView(matrix: StackMatrix, pivot: StackPivotName, view: StackView): StackTableView {
  const p = matrix[pivot];
  const picked: number[] = [];
  p.columns.forEach((c, i) => {
    if (c.tag === view) picked.push(i);
  });
  return {
    pivot,
    view,
    rowHeader: pivotAxes(pivot).rows,
    rows: p.index,
    columns: picked.map((i) => ({ id: p.columns[i].id, name: p.columns[i].name })),
    cells: p.index.map((_, r) => picked.map((i) => cellValue(p.data[r]?.[i]))),
  };
}

/** Currency without decimals (the tenant's currency); missing: --. */
export const formatStackMoney = (v: number | null | undefined, currency: string): string =>
  formatMoney(v ?? null, currency);

/** Alignment as a whole percent (half away from zero); missing: --. */
export function formatAlignment(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return MISSING;
  return `${roundHalfAway(v)}%`;
}

export function formatStackCell(v: number | null | undefined, view: StackView, currency: string): string {
  return view === 'mrrOpportunity' ? formatStackMoney(v, currency) : formatAlignment(v);
}

/**
 * The same formatting as formatStackCell with one Intl formatter per table (a cell renderer formats thousands of
 * cells while scrolling; building a formatter per cell is slow).
 */
export function stackCellFormatter(view: StackView, currency: string): (v: number | null | undefined) => string {
  if (view === 'alignmentScore') return formatAlignment;
  let nf: Intl.NumberFormat | null = null;
  try {
    nf = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    });
  } catch {
    nf = null;
  }
  if (!nf) return (v) => formatStackMoney(v, currency);
  const f = nf;
  return (v) => (v === null || v === undefined || !Number.isFinite(v) ? MISSING : f.format(v));
}

/** One bar of a top-10 chart: a row with its Total MRR opportunity and its Total alignment. */
export interface StackTopEntry {
  id: number;
  name: string;
  mrrOpportunity: number;
  alignmentScore: number | null;
}

/**
 * The top rows of a pivot by their Total MRR opportunity (highest first; ties by name), the Total row left out.
 * Rows without an MRR opportunity value do not make the chart.
 */
export function topByMrrOpportunity(p: StackPivot, n = STACK_TOP): StackTopEntry[] {
  const mrrCol = p.columns.findIndex((c) => c.tag === 'mrrOpportunity' && c.id === null);
  const alignCol = p.columns.findIndex((c) => c.tag === 'alignmentScore' && c.id === null);
  if (mrrCol < 0) return [];
  const out: StackTopEntry[] = [];
  p.index.forEach((row, r) => {
    if (row.id === null) return;
    const mrr = cellValue(p.data[r]?.[mrrCol]);
    if (mrr === null) return;
    out.push({
      id: row.id,
      name: row.name,
      mrrOpportunity: mrr,
      alignmentScore: alignCol < 0 ? null : cellValue(p.data[r]?.[alignCol]),
    });
  });
  return out.sort((a, b) => b.mrrOpportunity - a.mrrOpportunity || a.name.localeCompare(b.name)).slice(0, n);
}

/** An empty matrix (nothing to show): only the Total row. */
export function isEmptyPivot(p: StackPivot | undefined): boolean {
  return !p || p.index.filter((r) => r.id !== null).length === 0;
}

/** Body of the report request (TenantCsRptStackMatrix): the chosen tag, category and type filters. */
export function matrixRequest(o: {
  tagIds: readonly number[];
  categoryIds: readonly number[];
  typeFilter: StackTypeFilter;
}): { tagIds?: number[]; categoryIds?: number[]; typeFilter: StackTypeFilter } {
  return {
    ...(o.tagIds.length ? { tagIds: [...o.tagIds] } : {}),
    ...(o.categoryIds.length ? { categoryIds: [...o.categoryIds] } : {}),
    typeFilter: o.typeFilter,
  };
}

/**
 * Stack alignment charts of the dashboard (stackMrrAlignmentByCompanyChart, stackMrrAlignmentByServiceChart): the
 * top 10 by MRR opportunity (above 0, largest first), with the alignment score (null when nothing applies).
 */
export interface StackMrrAlignmentByCompany {
  tenantCompanyId: number;
  name: string;
  mrrOpportunity: number;
  alignmentScore: number | null;
}
export interface StackMrrAlignmentByService {
  serviceId: number;
  name: string;
  mrrOpportunity: number;
  alignmentScore: number | null;
}
