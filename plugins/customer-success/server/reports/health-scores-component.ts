/**
 * Report builder component `cs_health_scores` (registered in the reports plugin's `reports.components` when that
 * plugin is on): the company's current health and effort scores with the change since the previous month, and each
 * active metric's part of them (value of max, weight, points) as a table and a bar chart. Read from the metrics
 * area (metrics/values.ts), the same numbers as the company detail.
 */
import type { ReportBlock, ReportComponentDef } from '../../../reports/public';
import type { ScoreType } from '../../shared/metric-calc-codes';
import { companyValues, scoreKeys, type CompanyValuesApi } from '../metrics/values';
import type { MetricRow } from '../metrics/definitions';

export const MSG_HEALTH_NO_COMPANY = 'Choose a company to see its health and effort scores.';
export const MSG_HEALTH_NO_DATA =
  'No health or effort scores have been calculated for this company yet. Add metrics on the Health and Effort admin pages and enter their values.';

/** One score type of one company, as the component shows it. */
interface ScoreSummary {
  type: ScoreType;
  score: number | null;
  previous: number | null;
  changePercent: number | null;
  calculatedAt: string | null;
  metrics: { name: string; weight: number; max: number; value: number | null; score: number | null }[];
}

const TYPE_LABEL: Record<ScoreType, string> = { health: 'Health', effort: 'Effort' };

/** The summary of a company's values of one type (metrics/values.ts) with the metrics' names. */
function scoreSummary(type: ScoreType, company: CompanyValuesApi | undefined, defs: MetricRow[]): ScoreSummary {
  const keys = scoreKeys(type);
  const delta = company?.[keys.delta] as { percent: number | null } | undefined;
  const names = new Map(defs.map((d) => [Number(d.cs_metric_id), d.name]));
  return {
    type,
    score: (company?.[keys.score] as number | null | undefined) ?? null,
    previous: (company?.[keys.previous] as number | null | undefined) ?? null,
    changePercent: delta?.percent ?? null,
    calculatedAt: (company?.calculatedAt as string | null | undefined) ?? null,
    metrics: (company?.metrics ?? []).map((m) => ({
      name: names.get(Number(m[keys.metricId])) ?? m.calcCode,
      weight: m.weight,
      max: m.max,
      value: m.value,
      score: m.score,
    })),
  };
}

/** The blocks of the component: key figures, the metric breakdown and its chart; an empty block without data. */
function healthScoreBlocks(health: ScoreSummary, effort: ScoreSummary): ReportBlock[] {
  const both = [health, effort];
  const hasData = both.some((s) => s.score !== null || s.metrics.some((m) => m.value !== null));
  if (!hasData) return [{ kind: 'empty', title: 'No scores yet', message: MSG_HEALTH_NO_DATA }];
  const calculated = both.map((s) => s.calculatedAt).find((d) => d !== null) ?? null;
  const rows = both.flatMap((s) =>
    s.metrics.map((m) => ({
      type: TYPE_LABEL[s.type],
      metric: m.name,
      value: m.value,
      max: m.max,
      weight: m.weight,
      score: m.score,
    })),
  );
  const blocks: ReportBlock[] = [
    {
      kind: 'metrics',
      items: [
        { label: 'Health score', value: health.score, format: 'number' },
        { label: 'Health change', value: health.changePercent, format: 'percent' },
        { label: 'Effort score', value: effort.score, format: 'number' },
        { label: 'Effort change', value: effort.changePercent, format: 'percent' },
        { label: 'Calculated', value: calculated ? calculated.slice(0, 10) : null, format: 'date' },
      ],
    },
  ];
  if (rows.length) {
    blocks.push({
      kind: 'table',
      title: 'Metric breakdown',
      columns: [
        { key: 'type', label: 'Score', format: 'text' },
        { key: 'metric', label: 'Metric', format: 'text' },
        { key: 'value', label: 'Value', format: 'number' },
        { key: 'max', label: 'Max', format: 'number' },
        { key: 'weight', label: 'Weight', format: 'number' },
        { key: 'score', label: 'Points', format: 'number' },
      ],
      rows,
    });
    const scored = rows.filter((r) => r.score !== null);
    if (scored.length)
      blocks.push({
        kind: 'chart',
        title: 'Points by metric',
        alt: `Bar chart of the points each metric adds to the scores: ${scored
          .map((r) => `${r.metric} (${r.type.toLowerCase()}) ${r.score} of ${r.weight}`)
          .join(', ')}.`,
        spec: {
          $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
          data: { values: scored.map((r) => ({ type: r.type, metric: r.metric, points: r.score, weight: r.weight })) },
          mark: { type: 'bar' },
          encoding: {
            y: { field: 'metric', type: 'nominal', title: 'Metric', sort: null },
            x: { field: 'points', type: 'quantitative', title: 'Points' },
            color: { field: 'type', type: 'nominal', title: 'Score' },
            tooltip: [
              { field: 'metric', title: 'Metric' },
              { field: 'points', title: 'Points' },
              { field: 'weight', title: 'Weight' },
            ],
          },
        },
      });
  }
  return blocks;
}

export const healthScoresComponent: ReportComponentDef = {
  type: 'cs_health_scores',
  label: 'Health and Effort Scores',
  description: "The company's health and effort scores with each metric's part in them.",
  group: 'Customer Success',
  module: 'Customer Success',
  perCompany: true,
  async build({ db, tenantId, companyId }) {
    if (companyId === null) return [{ kind: 'empty', title: 'No company chosen', message: MSG_HEALTH_NO_COMPANY }];
    const [health, effort] = await Promise.all(
      (['health', 'effort'] as const).map(async (type) => {
        const { companies, metrics } = await companyValues(db, tenantId, type, [companyId], { single: companyId });
        return scoreSummary(type, companies[0], metrics);
      }),
    );
    return healthScoreBlocks(health, effort);
  },
};
