/** The stack alignment rules: score, charges by calcType with seats, opportunity, totals, score colour, matrix. */
import { DEFAULT_HEALTH_CUTS } from '../../customer-success/public';
import { alignmentScore, divRound, scoreVariant } from '../shared/stack-alignment';
import { itemState } from '../shared/stack-alignment-item';
import {
  stackAggregates,
  stackCells,
  stackMatrix,
  topByMrr,
  type MatrixCompany,
  type MatrixService,
} from '../shared/stack-matrix';
import { itemMoney, opportunityTotals, itemMoneyCents } from '../shared/stack-opportunity';
import { chargeBasis, chargingProducts, toCents, type CalcType } from '../shared/stack-opportunity-charge';

const A = (alignment: 'fully' | 'partial' | 'other', applicable = true) => ({ alignment, applicable });

describe('alignment score', () => {
  test('fully counts 1, partial 0.5, other 0, as a percent of the applicable items', () => {
    expect(alignmentScore([A('fully'), A('partial'), A('other'), A('fully')])).toBe(63); // 2.5 / 4 = 62.5 -> 63
    expect(alignmentScore([A('fully'), A('fully')])).toBe(100);
    expect(alignmentScore([A('other')])).toBe(0);
  });
  test('rounded to a whole percent (half up)', () => {
    expect(alignmentScore([A('fully'), A('other'), A('other')])).toBe(33);
    expect(alignmentScore([A('fully'), A('fully'), A('other')])).toBe(67);
    expect(alignmentScore([A('partial'), A('other'), A('other'), A('other')])).toBe(13); // 12.5
  });
  test('not applicable items do not count; none applicable: n/a', () => {
    expect(alignmentScore([A('fully'), A('other', false)])).toBe(100);
    expect(alignmentScore([A('fully', false)])).toBe('n/a');
    expect(alignmentScore([])).toBe('n/a');
  });
  test('the colour is the variant of the score under the health cuts; n/a has none', () => {
    expect(scoreVariant(49, DEFAULT_HEALTH_CUTS)).toBe('danger');
    expect(scoreVariant(50, DEFAULT_HEALTH_CUTS)).toBe('warning');
    expect(scoreVariant(80, DEFAULT_HEALTH_CUTS)).toBe('success');
    expect(
      scoreVariant(60, [
        { max: 59, variant: 'secondary' },
        { max: 100, variant: 'info' },
      ]),
    ).toBe('info');
    expect(scoreVariant('n/a', DEFAULT_HEALTH_CUTS)).toBeNull();
  });
  test('divRound rounds half away from zero', () => {
    expect([divRound(5, 2), divRound(-5, 2), divRound(4, 3), divRound(0, 7)]).toEqual([3, -3, 1, 0]);
  });
});

describe('charges by calcType with seats', () => {
  const one = (calcType: CalcType, chargeEstimate: number, seats: number) =>
    itemMoney(
      { alignment: 'other', applicable: true, partOfContract: false },
      chargeBasis([], { calcType, chargeEstimate }),
      seats,
    );
  test.each([
    ['adhoc', 250, 8, 0, 250],
    ['perSeat', 25, 8, 0, 200],
    ['perSeatPerMonth', 12.5, 8, 100, 0],
    ['perSeatPerYear', 120, 8, 80, 0],
    ['perMonth', 99.99, 8, 99.99, 0],
    ['perYear', 1000, 8, 83.33, 0],
  ] as [CalcType, number, number, number, number][])(
    '%s %d with %d seats: MRR %d, NRR %d',
    (calcType, charge, seats, mrr, nrr) => {
      const m = one(calcType, charge, seats);
      expect([m.mrrCharge, m.nrrCharge]).toEqual([mrr, nrr]);
    },
  );
  test('no seats: per-seat charges are 0', () => {
    expect(one('perSeatPerMonth', 10, 0).mrrCharge).toBe(0);
    expect(one('perSeat', 10, 0).nrrCharge).toBe(0);
  });
  test('a yearly amount is divided exactly before rounding to cents', () => {
    expect(one('perSeatPerYear', 5, 7).mrrCharge).toBe(2.92); // 35 / 12 = 2.9166...
    expect(one('perYear', 0.06, 1).mrrCharge).toBe(0.01); // 0.5 cent rounds up
  });
  test('active preferred products charge; else all active products; else the defaults', () => {
    const p = (calcType: CalcType, chargeEstimate: number, preferred = false, active = true) => ({
      calcType,
      chargeEstimate,
      preferred,
      active,
    });
    expect(
      chargingProducts([p('perMonth', 1, true), p('perMonth', 2), p('perMonth', 4, true, false)]).map(
        (x) => x.chargeEstimate,
      ),
    ).toEqual([1]);
    expect(
      chargingProducts([p('perMonth', 1, true, false), p('perMonth', 2), p('perMonth', 4)]).map(
        (x) => x.chargeEstimate,
      ),
    ).toEqual([2, 4]);
    const fallback = { calcType: 'perMonth' as CalcType, chargeEstimate: 50 };
    expect(chargeBasis([p('perMonth', 2, false, false)], fallback)).toEqual(chargeBasis([], fallback));
    const mixed = chargeBasis([p('perMonth', 10), p('perSeatPerYear', 12), p('adhoc', 100), p('perSeat', 5)], fallback);
    expect(itemMoney({ alignment: 'other', applicable: true, partOfContract: false }, mixed, 3)).toEqual({
      mrrCharge: 13,
      nrrCharge: 115,
      mrrOpportunity: 13,
      nrrOpportunity: 115,
    });
  });
  test('toCents is exact for two decimals', () => {
    expect([toCents(1.005), toCents(19.99), toCents(0.1 + 0.2), toCents(-2.5)]).toEqual([101, 1999, 30, -250]);
  });
});

describe('opportunity', () => {
  const basis = chargeBasis(
    [
      { calcType: 'perMonth', chargeEstimate: 100.01, preferred: false, active: true },
      { calcType: 'adhoc', chargeEstimate: 301, preferred: false, active: true },
    ],
    { calcType: 'adhoc', chargeEstimate: 0 },
  );
  const opp = (alignment: 'fully' | 'partial' | 'other', applicable = true, partOfContract = false) =>
    itemMoney({ alignment, applicable, partOfContract }, basis, 1);
  test('fully nothing, partial half (rounded to cents), other all of the charge', () => {
    expect(opp('fully')).toMatchObject({ mrrOpportunity: 0, nrrOpportunity: 0 });
    expect(opp('partial')).toMatchObject({ mrrOpportunity: 50.01, nrrOpportunity: 150.5 });
    expect(opp('other')).toMatchObject({
      mrrOpportunity: 100.01,
      nrrOpportunity: 301,
      mrrCharge: 100.01,
      nrrCharge: 301,
    });
  });
  test('only applicable items not part of a contract count (the charge still shows)', () => {
    expect(opp('other', false)).toEqual({ mrrCharge: 100.01, nrrCharge: 301, mrrOpportunity: 0, nrrOpportunity: 0 });
    expect(opp('other', true, true)).toMatchObject({ mrrOpportunity: 0, nrrOpportunity: 0 });
  });
  test('totals add cents exactly; total = MRR + NRR', () => {
    const items = [0.1, 0.2, 0.7].map((x) => ({
      mrrOpportunityCents: toCents(x),
      nrrOpportunityCents: toCents(x * 2),
    }));
    expect(opportunityTotals(items)).toEqual({ mrrOpportunity: 1, nrrOpportunity: 2, totalOpportunity: 3 });
    expect(opportunityTotals([])).toEqual({ mrrOpportunity: 0, nrrOpportunity: 0, totalOpportunity: 0 });
    const m = itemMoneyCents({ alignment: 'partial', applicable: true, partOfContract: false }, basis, 1);
    expect(opportunityTotals([m]).totalOpportunity).toBe(200.51);
  });
});

describe('item state', () => {
  const svc = {
    tagIds: [7],
    defaultApplicable: true,
    defaultAlignment: 'partial' as const,
    defaultPartOfContract: true,
  };
  test('a stored item decides', () => {
    expect(itemState({ alignment: 'fully', applicable: true, partOfContract: false }, svc, [])).toEqual({
      alignment: 'fully',
      applicable: true,
      partOfContract: false,
    });
  });
  test('else the defaults, applicable by the service tags or the default flag', () => {
    expect(itemState(undefined, svc, [7])).toEqual({ alignment: 'partial', applicable: true, partOfContract: true });
    expect(itemState(undefined, svc, [8]).applicable).toBe(false);
    expect(itemState(undefined, { ...svc, tagIds: [], defaultApplicable: false }, [7]).applicable).toBe(false);
  });
});

describe('matrix', () => {
  const basis = (perMonth: number) => chargeBasis([], { calcType: 'perMonth', chargeEstimate: perMonth });
  const service = (
    serviceId: number,
    name: string,
    perMonth: number,
    extra: Partial<MatrixService> = {},
  ): MatrixService => ({
    serviceId,
    name,
    basis: basis(perMonth),
    tagIds: [],
    defaultApplicable: true,
    defaultAlignment: 'other',
    defaultPartOfContract: false,
    ...extra,
  });
  const company = (
    id: number,
    name: string,
    stored: [number, 'fully' | 'partial' | 'other', boolean, boolean][] = [],
  ): MatrixCompany => ({
    tenantCompanyId: id,
    name,
    seats: 1,
    tagIds: [],
    stored: new Map(
      stored.map(([s, alignment, applicable, partOfContract]) => [s, { alignment, applicable, partOfContract }]),
    ),
  });
  const services = [service(1, 'A', 10), service(2, 'B', 20)];
  const companies = [
    company(10, 'X'),
    company(11, 'Y', [
      [1, 'fully', true, false],
      [2, 'partial', true, true],
    ]),
    company(12, 'Z', [
      [1, 'other', false, false],
      [2, 'other', false, false],
    ]),
  ];
  const cells = stackCells(companies, services);

  test('cells: score 100/50/0 or missing when not applicable; MRR missing when part of a contract', () => {
    const m = stackMatrix(cells, 'none').StackByCompanyPivot;
    expect(m.index.map((r) => r.name)).toEqual(['X', 'Y', 'Z', 'Total']);
    expect(m.data).toEqual([
      [0, 10, 0, 20, 0, 30],
      [100, 0, 50, null, 75, 0],
      [null, null, null, null, null, null],
      [50, 10, 25, 20, 38, 30],
    ]);
  });
  test('type filters: mrr drops rows without an MRR value, mrrGt0 rows at 0', () => {
    expect(stackMatrix(cells, 'mrr').StackByCompanyPivot.index.map((r) => r.name)).toEqual(['X', 'Y', 'Total']);
    const gt0 = stackMatrix(cells, 'mrrGt0').StackByCompanyPivot;
    expect(gt0.index.map((r) => r.name)).toEqual(['X', 'Total']);
    expect(gt0.data[1]).toEqual([0, 10, 0, 20, 0, 30]);
  });
  test('the service pivot is the transpose (with its own type filter on services)', () => {
    const p = stackMatrix(cells, 'none').StackByServicePivot;
    expect(p.index.map((r) => r.name)).toEqual(['A', 'B', 'Total']);
    expect(p.columns.map((c) => `${c.name}:${c.tag}`)).toEqual([
      'X:alignmentScore',
      'X:mrrOpportunity',
      'Y:alignmentScore',
      'Y:mrrOpportunity',
      'Z:alignmentScore',
      'Z:mrrOpportunity',
      'Total:alignmentScore',
      'Total:mrrOpportunity',
    ]);
    expect(p.data[0]).toEqual([0, 10, 100, 0, null, null, 50, 10]);
    expect(p.data[2]).toEqual([0, 30, 75, 0, null, null, 38, 30]);
  });
  test('no rows: only the Total row with missing values', () => {
    const p = stackMatrix(stackCells([], services), 'none').StackByCompanyPivot;
    expect(p.data).toEqual([[null, null, null, null, null, null]]);
  });
  test('top by MRR opportunity: above 0, largest first, at most n', () => {
    const rows = stackAggregates(cells, false);
    expect(rows.map((r) => [r.name, r.mrrOpportunity, r.alignmentScore])).toEqual([
      ['X', 30, 0],
      ['Y', 0, 75],
      ['Z', null, null],
    ]);
    expect(topByMrr(rows).map((r) => r.name)).toEqual(['X']);
    const many = Array.from({ length: 15 }, (_, i) => ({ id: i, name: `C${i}`, alignmentScore: 0, mrrOpportunity: i }));
    expect(topByMrr(many).map((r) => r.mrrOpportunity)).toEqual([14, 13, 12, 11, 10, 9, 8, 7, 6, 5]);
  });
});
