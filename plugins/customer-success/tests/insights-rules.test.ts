import { healthChanges, inRange, monthsInRange, scoreTrend, type ScoreHistoryRow } from '../shared/insights';

const range = { startDate: '2024-11-15', endDate: '2025-02-10' };
const h = (
  id: number,
  month: string,
  score: number | null,
  scoreType: 'health' | 'effort' = 'health',
): ScoreHistoryRow => ({ tenantCompanyId: id, month, score, scoreType });

describe('insights over a date range', () => {
  it('includes both ends of the range', () => {
    expect(inRange('2024-11-15', range)).toBe(true);
    expect(inRange('2025-02-10', range)).toBe(true);
    expect(inRange('2025-02-11', range)).toBe(false);
    expect(inRange(null, range)).toBe(false);
  });
  it('lists the months a range touches across a year end', () => {
    expect(monthsInRange(range)).toEqual(['2024-11', '2024-12', '2025-01', '2025-02']);
    expect(monthsInRange({ startDate: '2025-03-01', endDate: '2025-03-31' })).toEqual(['2025-03']);
  });
  it('averages the scores per month', () => {
    const t = scoreTrend(
      [
        h(1, '2024-11', 80),
        h(2, '2024-11', 61),
        h(1, '2024-11', 30, 'effort'),
        h(1, '2025-01', null),
        h(3, '2025-03', 10),
      ],
      range,
    );
    expect(t).toEqual([
      { month: '2024-11', averageHealthScore: 70.5, averageEffortScore: 30, companies: 2 },
      { month: '2024-12', averageHealthScore: null, averageEffortScore: null, companies: 0 },
      { month: '2025-01', averageHealthScore: null, averageEffortScore: null, companies: 0 },
      { month: '2025-02', averageHealthScore: null, averageEffortScore: null, companies: 0 },
    ]);
  });
  it('finds each company health change from first to last month in the range, biggest first', () => {
    const c = healthChanges(
      [
        h(1, '2024-11', 80),
        h(1, '2025-02', 60),
        h(1, '2025-03', 10),
        h(2, '2024-12', 50),
        h(2, '2025-01', 55),
        h(3, '2024-12', 40),
        h(3, '2025-02', 40),
        h(4, '2025-01', 90),
        h(5, '2024-12', 70),
        h(5, '2025-01', 50, 'effort'),
      ],
      range,
    );
    expect(c.map((x) => [x.tenantCompanyId, x.from, x.to, x.delta.percent, x.delta.color])).toEqual([
      [1, 80, 60, -25, 'red'],
      [2, 50, 55, 10, 'green'],
    ]);
  });
});
