/**
 * Metric definitions (TenantCsHealthMetric, TenantCsEffortMetric): name, calcCode, weight, max, the assessment
 * template an assessment-template metric reads, sort, activeFlag (soft delete sets 0) and version (a stale
 * write answers 409). Both types live in cs_metrics, told apart by score_type.
 */
import type { z } from 'zod';
import { conflict, type Trx } from '../../../../kernel/index';
import type { CalcCode, ScoreType } from '../../shared/metric-calc-codes';
import type { metricBody, metricUpdateBody } from '../../shared/metric-schemas';

export interface MetricRow {
  cs_metric_id: number;
  score_type: ScoreType;
  name: string;
  calc_code: CalcCode;
  weight: number;
  max: number;
  assessment_template_id: number | null;
  sort: number;
  active_flag: number;
  version: number;
  updated_at: Date | string;
}

const COLUMNS = [
  'cs_metric_id',
  'score_type',
  'name',
  'calc_code',
  'weight',
  'max',
  'assessment_template_id',
  'sort',
  'active_flag',
  'version',
  'updated_at',
] as const;

/** The fields a create sets (the body schema, objects.ts `metricBody`). */
type MetricInput = z.output<typeof metricBody>;

/** The API shape: tenantCsHealthMetricId (or tenantCsEffortMetricId) and the spec's healthMetricId / effortMetricId. */
export function metricToApi(r: MetricRow) {
  const idKeys =
    r.score_type === 'health'
      ? { tenantCsHealthMetricId: r.cs_metric_id, healthMetricId: r.cs_metric_id }
      : { tenantCsEffortMetricId: r.cs_metric_id, effortMetricId: r.cs_metric_id };
  return {
    ...idKeys,
    name: r.name,
    calcCode: r.calc_code,
    weight: Number(r.weight),
    max: Number(r.max),
    assessmentTemplateId: r.assessment_template_id === null ? null : Number(r.assessment_template_id),
    sort: r.sort,
    activeFlag: Number(r.active_flag),
    version: r.version,
  };
}

export async function listMetrics(
  db: Trx,
  tenantId: number,
  scoreType: ScoreType,
  activeFlag: 0 | 1 = 1,
): Promise<MetricRow[]> {
  return db('cs_metrics')
    .select(...COLUMNS)
    .where({ tenant_id: tenantId, score_type: scoreType, active_flag: activeFlag })
    .orderBy([{ column: 'sort' }, { column: 'cs_metric_id' }]) as Promise<MetricRow[]>;
}

export async function getMetric(db: Trx, scoreType: ScoreType, id: number): Promise<MetricRow | undefined> {
  return db('cs_metrics')
    .first(...COLUMNS)
    .where({ cs_metric_id: id, score_type: scoreType }) as Promise<MetricRow | undefined>;
}

export async function insertMetric(
  db: Trx,
  tenantId: number,
  scoreType: ScoreType,
  m: MetricInput,
): Promise<MetricRow> {
  const [row] = await db('cs_metrics')
    .insert({
      tenant_id: tenantId,
      score_type: scoreType,
      name: m.name.trim(),
      calc_code: m.calcCode,
      weight: m.weight,
      max: m.max,
      assessment_template_id: m.calcCode === 'assessment-template' ? (m.assessmentTemplateId ?? null) : null,
      sort: m.sort ?? 0,
    })
    .returning([...COLUMNS]);
  return row as MetricRow;
}

/** The fields an update sets, with the version read (objects.ts `metricUpdateBody`). */
type MetricPatch = z.output<typeof metricUpdateBody>;

/** Updates a metric when `version` is current; undefined when there is no such metric; 409 when stale. */
export async function updateMetric(
  db: Trx,
  scoreType: ScoreType,
  id: number,
  p: MetricPatch,
): Promise<MetricRow | undefined> {
  const current = await getMetric(db, scoreType, id);
  if (!current) return undefined;
  if (current.version !== p.version)
    throw conflict('This metric was changed by someone else. Reload to see the latest version.');
  const calcCode = p.calcCode ?? current.calc_code;
  const patch: Record<string, unknown> = { version: current.version + 1, updated_at: db.fn.now() };
  if (p.name !== undefined) patch.name = p.name.trim();
  if (p.calcCode !== undefined) patch.calc_code = p.calcCode;
  if (p.weight !== undefined) patch.weight = p.weight;
  if (p.max !== undefined) patch.max = p.max;
  if (p.sort !== undefined) patch.sort = p.sort;
  if (p.activeFlag !== undefined) patch.active_flag = p.activeFlag;
  if (calcCode !== 'assessment-template') patch.assessment_template_id = null;
  else if (p.assessmentTemplateId !== undefined) patch.assessment_template_id = p.assessmentTemplateId;
  const [row] = await db('cs_metrics')
    .where({ cs_metric_id: id, score_type: scoreType, version: p.version })
    .update(patch)
    .returning([...COLUMNS]);
  if (!row) throw conflict('This metric was changed by someone else. Reload to see the latest version.');
  return row as MetricRow;
}

/** Soft delete: activeFlag 0. false when there is no active metric with this id. */
export async function softDeleteMetric(db: Trx, scoreType: ScoreType, id: number): Promise<boolean> {
  const n = await db('cs_metrics')
    .where({ cs_metric_id: id, score_type: scoreType, active_flag: 1 })
    .update({ active_flag: 0, version: db.raw('version + 1'), updated_at: db.fn.now() });
  return Number(n) > 0;
}
