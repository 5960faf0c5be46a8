/**
 * Data quality of the Customer Success data (dashboard chart "data_quality"; customer-success.md 3
 * "Data quality chart: overallScore, overallScoreColor"). Decision (README): each company is checked for
 * five things a score depends on; a check's score is the percent of companies passing it; overallScore
 * is the percent of all checks passed (rounded). The colour is the health cut-score variant of overallScore
 * (higher is better), given by the caller's cut lookup.
 */

export const DATA_QUALITY_CHECKS = [
  { key: 'healthScored', label: 'Health scored' },
  { key: 'effortScored', label: 'Effort scored' },
  { key: 'hasContracts', label: 'Current contracts' },
  { key: 'hasAccountManager', label: 'Account manager assigned' },
  { key: 'hasProfile', label: 'Profile filled in' },
] as const;
export type DataQualityCheck = (typeof DATA_QUALITY_CHECKS)[number]['key'];

export type DataQualityCompany = { tenantCompanyId: number } & Record<DataQualityCheck, boolean>;

export interface DataQualityChart {
  overallScore: number | null;
  overallScoreColor: string | null;
  checks: { key: DataQualityCheck; label: string; passed: number; total: number; score: number }[];
}

export function dataQuality(rows: DataQualityCompany[], colorOf: (score: number) => string | null): DataQualityChart {
  const checks = DATA_QUALITY_CHECKS.map(({ key, label }) => {
    const passed = rows.filter((r) => r[key]).length;
    return {
      key,
      label,
      passed,
      total: rows.length,
      score: rows.length ? Math.round((100 * passed) / rows.length) : 0,
    };
  });
  if (rows.length === 0) return { overallScore: null, overallScoreColor: null, checks };
  const passed = checks.reduce((a, c) => a + c.passed, 0);
  const overallScore = Math.round((100 * passed) / (rows.length * checks.length));
  return { overallScore, overallScoreColor: colorOf(overallScore), checks };
}
