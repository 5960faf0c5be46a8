/** Shapes of the health and effort objects as the API answers them (server/metrics/*). */
import type { HealthDelta } from '../../shared/health-delta';
import type { CalcCode, ScoreType } from '../../shared/metric-calc-codes';

export interface MetricDef {
  tenantCsHealthMetricId?: number;
  tenantCsEffortMetricId?: number;
  name: string;
  calcCode: CalcCode;
  weight: number;
  max: number;
  assessmentTemplateId: number | null;
  sort: number;
  activeFlag: 0 | 1;
  version: number;
}

export interface MetricValue {
  healthMetricId?: number;
  effortMetricId?: number;
  calcCode: CalcCode;
  weight: number;
  max: number;
  value: number | null;
  score: number | null;
  source: 'calculated' | 'manual';
  version: number;
}

export interface CompanyValues {
  tenantCompanyId: number;
  healthScore?: number | null;
  effortScore?: number | null;
  previousHealthScore?: number | null;
  previousEffortScore?: number | null;
  healthDelta?: HealthDelta;
  effortDelta?: HealthDelta;
  calculatedAt: string | null;
  metrics: MetricValue[];
}

/** Inferred from the reply schema (shared/api.ts). */
export type { EffortDisplayInfo } from '../../shared/api';

export const OBJECTS = {
  health: {
    metric: 'TenantCsHealthMetric',
    values: 'CompanyCsHealthMetricValues',
    history: 'CompanyCsHealthMetricHistoricValues',
    defsKey: 'tenantCsHealthMetrics',
    valuesKey: 'companyCsHealthMetricValues',
    idKey: 'tenantCsHealthMetricId',
    valueIdKey: 'healthMetricId',
    scoreKey: 'healthScore',
    deltaKey: 'healthDelta',
    previousKey: 'previousHealthScore',
  },
  effort: {
    metric: 'TenantCsEffortMetric',
    values: 'CompanyCsEffortMetricValues',
    history: 'CompanyCsEffortMetricHistoricValues',
    defsKey: 'tenantCsEffortMetrics',
    valuesKey: 'companyCsEffortMetricValues',
    idKey: 'tenantCsEffortMetricId',
    valueIdKey: 'effortMetricId',
    scoreKey: 'effortScore',
    deltaKey: 'effortDelta',
    previousKey: 'previousEffortScore',
  },
} as const satisfies Record<ScoreType, unknown>;

export const metricId = (type: ScoreType, m: MetricDef): number =>
  (type === 'health' ? m.tenantCsHealthMetricId : m.tenantCsEffortMetricId)!;
export const valueMetricId = (type: ScoreType, v: MetricValue): number =>
  (type === 'health' ? v.healthMetricId : v.effortMetricId)!;
