import { dashboardMetrics, type DashboardCompany } from '../shared/dashboard-metrics';
import { dataQuality } from '../shared/data-quality';
import { DEFAULT_SEGMENT_SETTINGS } from '../shared/segment-settings';

const row = (id: number, p: Partial<DashboardCompany>): DashboardCompany => ({
  tenantCompanyId: id,
  healthScore: null,
  healthVariant: null,
  effortScore: null,
  effortVariant: null,
  segmentId: null,
  monthlyValue: 0,
  ...p,
});

describe('dashboard metrics', () => {
  it('counts by colour, by segment, and averages the scores', () => {
    const m = dashboardMetrics(
      [
        row(1, {
          healthScore: 90,
          healthVariant: 'success',
          effortScore: 20,
          effortVariant: 'success',
          segmentId: 1,
          monthlyValue: 800,
        }),
        row(2, {
          healthScore: 40,
          healthVariant: 'danger',
          effortScore: 85,
          effortVariant: 'danger',
          segmentId: 4,
          monthlyValue: 100.5,
        }),
        row(3, { healthScore: 95, healthVariant: 'success', segmentId: 1, monthlyValue: 600 }),
        row(4, {}),
      ],
      DEFAULT_SEGMENT_SETTINGS,
    );
    expect(m.companyCount).toBe(4);
    expect(m.healthByColor).toEqual([
      { variant: 'success', count: 2 },
      { variant: 'danger', count: 1 },
      { variant: 'none', count: 1 },
    ]);
    expect(m.effortByColor).toEqual([
      { variant: 'success', count: 1 },
      { variant: 'danger', count: 1 },
      { variant: 'none', count: 2 },
    ]);
    expect(m.segmentDistribution.map((s) => [s.segmentId, s.count, s.monthlyValue])).toEqual([
      [1, 2, 1400],
      [2, 0, 0],
      [3, 0, 0],
      [4, 1, 100.5],
    ]);
    expect(m.averageHealthScore).toBe(75);
    expect(m.averageEffortScore).toBe(52.5);
    expect(m.totalMonthlyValue).toBe(1500.5);
  });
  it('has no averages without scores', () => {
    const m = dashboardMetrics([], DEFAULT_SEGMENT_SETTINGS);
    expect(m).toMatchObject({ companyCount: 0, averageHealthScore: null, averageEffortScore: null, healthByColor: [] });
  });
});

describe('data quality chart', () => {
  const colorOf = (s: number) => (s <= 49 ? 'danger' : s <= 79 ? 'warning' : 'success');
  it('scores the share of checks passed and colours it', () => {
    const q = dataQuality(
      [
        {
          tenantCompanyId: 1,
          healthScored: true,
          effortScored: true,
          hasContracts: true,
          hasAccountManager: true,
          hasProfile: true,
        },
        {
          tenantCompanyId: 2,
          healthScored: true,
          effortScored: false,
          hasContracts: false,
          hasAccountManager: false,
          hasProfile: false,
        },
      ],
      colorOf,
    );
    expect(q.overallScore).toBe(60);
    expect(q.overallScoreColor).toBe('warning');
    expect(q.checks.find((c) => c.key === 'healthScored')).toMatchObject({ passed: 2, total: 2, score: 100 });
    expect(q.checks.find((c) => c.key === 'hasProfile')).toMatchObject({ passed: 1, score: 50 });
  });
  it('has no score without companies', () => {
    expect(dataQuality([], colorOf)).toMatchObject({ overallScore: null, overallScoreColor: null });
  });
});

import { formatMoney, formatMoneyShort } from '../shared/money';

describe('money (platform 9)', () => {
  it('shows currency without decimals', () => {
    expect(formatMoney(1234.56)).toBe('$1,235');
    expect(formatMoney(null)).toBe('--');
    expect(formatMoney(50, 'CAD')).toMatch(/50/);
  });
  it('shortens over 1,000 with K and over 1,000,000 with M', () => {
    expect(formatMoneyShort(950)).toBe('$950');
    expect(formatMoneyShort(1000)).toBe('$1,000');
    expect(formatMoneyShort(12_345)).toBe('$12.3K');
    expect(formatMoneyShort(2_500_000)).toBe('$2.5M');
  });
});
