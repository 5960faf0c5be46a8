import {
  DEFAULT_STACK_TYPE_FILTER,
  DEFAULT_STACK_VIEW,
  formatAlignment,
  formatStackCell,
  isEmptyPivot,
  matrixRequest,
  pivotAxes,
  selectView,
  stackCellFormatter,
  STACK_TYPE_FILTERS,
  STACK_VIEWS,
  swapPivot,
  topByMrrOpportunity,
  type StackPivot,
} from '../shared/stack-overview';
import { sampleMatrix } from './stack-overview-fixture';

describe('stack overview: view and pivot selection', () => {
  it('defaults to MRR Opportunity and to "MRR opportunity greater than 0"', () => {
    expect(DEFAULT_STACK_VIEW).toBe('mrrOpportunity');
    expect(STACK_VIEWS.map((v) => v.label)).toEqual(['MRR Opportunity', 'Percentage Alignment']);
    expect(DEFAULT_STACK_TYPE_FILTER).toBe('mrrGt0');
    expect(STACK_TYPE_FILTERS.map((v) => v.label)).toEqual([
      'No Filter',
      'MRR opportunity',
      'MRR opportunity greater than 0',
    ]);
  });

  it('shows the columns of the chosen tag only, the Total column last', () => {
    const m = selectView(sampleMatrix(), 'StackByCompanyPivot', 'mrrOpportunity');
    expect(m.rowHeader).toBe('Company');
    expect(m.columns.map((c) => c.name)).toEqual(['Backup', 'EDR', 'Total']);
    expect(m.cells).toEqual([
      [0, 1234.5, 1234.5],
      [null, 2000, 2000],
      [0, 3234.5, 3234.5],
    ]);
    const a = selectView(sampleMatrix(), 'StackByCompanyPivot', 'alignmentScore');
    expect(a.cells[0]).toEqual([100, 50, 75]);
  });

  it('swaps rows and columns by choosing the other pivot', () => {
    expect(swapPivot('StackByCompanyPivot')).toBe('StackByServicePivot');
    expect(swapPivot(swapPivot('StackByCompanyPivot'))).toBe('StackByCompanyPivot');
    const s = selectView(sampleMatrix(), swapPivot('StackByCompanyPivot'), 'mrrOpportunity');
    expect(s.rowHeader).toBe('Service');
    expect(s.rows.map((r) => r.name)).toEqual(['Backup', 'EDR', 'Total']);
    expect(s.columns.map((c) => c.name)).toEqual(['Acme Dental', '=Beta, "Logistics"', 'Total']);
    expect(pivotAxes('StackByServicePivot')).toEqual({ rows: 'Service', columns: 'Company' });
  });

  it('treats anything but a finite number as missing', () => {
    const m = sampleMatrix();
    (m.StackByCompanyPivot.data[0] as unknown[])[1] = 'x';
    (m.StackByCompanyPivot.data[1] as unknown[])[3] = Number.NaN;
    const v = selectView(m, 'StackByCompanyPivot', 'mrrOpportunity');
    expect(v.cells[0][0]).toBeNull();
    expect(v.cells[1][1]).toBeNull();
  });
});

describe('stack overview: formatting', () => {
  it('shows currency without decimals in the tenant currency', () => {
    expect(formatStackCell(1234.5, 'mrrOpportunity', 'USD')).toBe('$1,235');
    expect(formatStackCell(0, 'mrrOpportunity', 'USD')).toBe('$0');
    expect(formatStackCell(99.4, 'mrrOpportunity', 'EUR')).toBe('€99');
  });
  it('rounds alignment to whole numbers', () => {
    expect(formatAlignment(33.333)).toBe('33%');
    expect(formatAlignment(62.5)).toBe('63%');
    expect(formatAlignment(100)).toBe('100%');
  });
  it('shows missing values as --', () => {
    expect(formatStackCell(null, 'mrrOpportunity', 'USD')).toBe('--');
    expect(formatStackCell(null, 'alignmentScore', 'USD')).toBe('--');
    expect(formatStackCell(undefined, 'alignmentScore', 'USD')).toBe('--');
  });
  it('formats the same with the shared table formatter', () => {
    for (const view of ['mrrOpportunity', 'alignmentScore'] as const) {
      const f = stackCellFormatter(view, 'USD');
      for (const v of [null, 0, 0.5, 1.5, 999.5, 1234567.89, 62.5]) expect(f(v)).toBe(formatStackCell(v, view, 'USD'));
    }
  });
});

describe('stack overview: top 10 and request', () => {
  it('ranks rows by their Total MRR opportunity, leaves out the Total row and keeps 10', () => {
    const top = topByMrrOpportunity(sampleMatrix().StackByCompanyPivot);
    expect(top).toEqual([
      { id: 2, name: '=Beta, "Logistics"', mrrOpportunity: 2000, alignmentScore: 0 },
      { id: 1, name: 'Acme Dental', mrrOpportunity: 1234.5, alignmentScore: 75 },
    ]);
    const many: StackPivot = {
      index: [
        ...Array.from({ length: 15 }, (_, i) => ({ id: i + 1, name: `C${String(i + 1).padStart(2, '0')}` })),
        { id: null, name: 'Total' },
      ],
      columns: [
        { id: null, name: 'Total', tag: 'alignmentScore' },
        { id: null, name: 'Total', tag: 'mrrOpportunity' },
      ],
      data: [...Array.from({ length: 15 }, (_, i) => [50, i * 10]), [50, 99999]],
    };
    const t = topByMrrOpportunity(many);
    expect(t).toHaveLength(10);
    expect(t[0]).toMatchObject({ name: 'C15', mrrOpportunity: 140 });
    expect(t.map((e) => e.name)).not.toContain('Total');
  });
  it('knows an empty matrix (only the Total row)', () => {
    expect(isEmptyPivot({ index: [{ id: null, name: 'Total' }], columns: [], data: [[]] })).toBe(true);
    expect(isEmptyPivot(sampleMatrix().StackByCompanyPivot)).toBe(false);
  });
  it('sends only the chosen tag and category filters with the type filter', () => {
    expect(matrixRequest({ tagIds: [], categoryIds: [], typeFilter: 'mrrGt0' })).toEqual({ typeFilter: 'mrrGt0' });
    expect(matrixRequest({ tagIds: [3], categoryIds: [7, 8], typeFilter: 'none' })).toEqual({
      tagIds: [3],
      categoryIds: [7, 8],
      typeFilter: 'none',
    });
  });
});
