/**
 * vega-lite specifications of the Customer Success charts (pure: data in, spec out). Colours are the variant
 * colours of section 9; scores without a cut show grey.
 */
import type { VisualizationSpec } from 'vega-embed';
import { VARIANT_COLORS, type CutVariant } from '../../shared/cut-scores';
import type { ColorCount, SegmentCount } from '../../shared/dashboard-metrics';
import { placeSegment, type SegmentBounds } from '../../shared/segment-placement';
import {
  segmentName,
  SEGMENT_IDS,
  type ColorBy,
  type SegmentId,
  type SegmentSettings,
} from '../../shared/segment-settings';
import type { TrendPoint } from '../../shared/insights';

export const NONE_COLOR = '#a7b6c2';
export const SEGMENT_COLORS: Record<SegmentId, string> = { 1: '#238551', 2: '#c87619', 3: '#2d72d2', 4: '#cd4246' };
export const variantColor = (v: string | null | undefined) =>
  v && v in VARIANT_COLORS ? VARIANT_COLORS[v as CutVariant] : NONE_COLOR;
const VARIANT_LABEL = (v: string) => (v === 'none' ? 'Not scored' : v[0].toUpperCase() + v.slice(1));

export interface SegmentPoint {
  tenantCompanyId: number;
  companyName: string;
  monthlyValue: number | null;
  effortScore: number | null;
  healthScore: number | null;
  healthVariant: string | null;
  effortVariant: string | null;
}

/** Each company placed under the (draft) bounds, with its colour group. */
export function segmentChartData(
  rows: SegmentPoint[],
  s: SegmentBounds & Pick<SegmentSettings, 'segmentNames' | 'colorBy'>,
) {
  return rows.map((r) => {
    const segmentId = placeSegment(r.monthlyValue, r.effortScore, s);
    const group =
      s.colorBy === 'segment'
        ? segmentName(s, segmentId)
        : VARIANT_LABEL((s.colorBy === 'health' ? r.healthVariant : r.effortVariant) ?? 'none');
    const color =
      s.colorBy === 'segment'
        ? SEGMENT_COLORS[segmentId]
        : variantColor(s.colorBy === 'health' ? r.healthVariant : r.effortVariant);
    return {
      company: r.companyName,
      value: Math.min(Math.max(r.monthlyValue ?? s.minSegValue, s.minSegValue), s.maxSegValue),
      effort: Math.min(Math.max(r.effortScore ?? s.minSegEffort, s.minSegEffort), s.maxSegEffort),
      monthlyValue: r.monthlyValue,
      effortScore: r.effortScore,
      healthScore: r.healthScore,
      segment: segmentName(s, segmentId),
      segmentId,
      group,
      color,
    };
  });
}

/** Pixels between a segment name and the corner of the chart it names. */
export const CORNER_INSET = 10;

const COLOR_TITLE: Record<ColorBy, string> = { health: 'Health', effort: 'Effort', segment: 'Segment' };

/** Value (y) versus effort (x), the two cuts as rules and the segment names in their quadrants. */
export function segmentChartSpec(rows: SegmentPoint[], s: SegmentSettings): VisualizationSpec {
  const data = segmentChartData(rows, s);
  const groups = [...new Map(data.map((d) => [d.group, d.color])).entries()];
  const x = {
    field: 'effort',
    type: 'quantitative',
    title: s.effortDesc,
    scale: { domain: [s.minSegEffort, s.maxSegEffort], nice: false },
  } as const;
  const y = {
    field: 'value',
    type: 'quantitative',
    title: s.valueDesc,
    scale: { domain: [s.minSegValue, s.maxSegValue], nice: false },
  } as const;
  // Each segment's name sits inside its corner, kept off the axes and their labels ("Ideal" clear of "1,000").
  const corner = (id: SegmentId) => {
    const high = id === 1 || id === 2;
    const hard = id === 2 || id === 4;
    return {
      data: {
        values: [
          {
            label: segmentName(s, id),
            effort: hard ? s.maxSegEffort : s.minSegEffort,
            value: high ? s.maxSegValue : s.minSegValue,
          },
        ],
      },
      mark: {
        type: 'text',
        fontWeight: 'bold',
        opacity: 0.45,
        align: hard ? 'right' : 'left',
        baseline: high ? 'top' : 'bottom',
        dx: hard ? -CORNER_INSET : CORNER_INSET,
        dy: high ? CORNER_INSET : -CORNER_INSET,
        limit: 140,
      },
      encoding: {
        x: { ...x, field: 'effort' },
        y: { ...y, field: 'value' },
        text: { field: 'label' },
      },
    };
  };
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    width: 'container',
    height: 360,
    layer: [
      ...SEGMENT_IDS.map(corner),
      {
        data: { values: [{ cut: s.cutSegEffort }] },
        mark: { type: 'rule', strokeDash: [4, 4] },
        encoding: { x: { field: 'cut', type: 'quantitative' } },
      },
      {
        data: { values: [{ cut: s.cutSegValue }] },
        mark: { type: 'rule', strokeDash: [4, 4] },
        encoding: { y: { field: 'cut', type: 'quantitative' } },
      },
      {
        data: { values: data },
        mark: { type: 'point', filled: true, size: 90 },
        encoding: {
          x,
          y,
          color: {
            field: 'group',
            type: 'nominal',
            title: COLOR_TITLE[s.colorBy],
            scale: { domain: groups.map((g) => g[0]), range: groups.map((g) => g[1]) },
          },
          tooltip: [
            { field: 'company', title: 'Company' },
            { field: 'segment', title: 'Segment' },
            { field: 'monthlyValue', title: s.valueDesc, format: ',.0f' },
            { field: 'effortScore', title: s.effortDesc },
            { field: 'healthScore', title: 'Health' },
          ],
        },
      },
    ],
  } as VisualizationSpec;
}

/** Companies per cut colour (bar), coloured by the variant. */
export function colorCountSpec(counts: ColorCount[], title: string): VisualizationSpec {
  const values = counts.map((c) => ({
    variant: VARIANT_LABEL(c.variant),
    count: c.count,
    color: variantColor(c.variant),
  }));
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title,
    width: 'container',
    height: 180,
    data: { values },
    mark: { type: 'bar', cornerRadiusEnd: 3 },
    encoding: {
      y: { field: 'variant', type: 'nominal', title: null, sort: values.map((v) => v.variant) },
      x: { field: 'count', type: 'quantitative', title: 'Companies', axis: { tickMinStep: 1 } },
      color: {
        field: 'variant',
        type: 'nominal',
        legend: null,
        scale: { domain: values.map((v) => v.variant), range: values.map((v) => v.color) },
      },
      tooltip: [
        { field: 'variant', title: 'Colour' },
        { field: 'count', title: 'Companies' },
      ],
    },
  } as VisualizationSpec;
}

/** Companies and monthly value per segment. */
export function segmentDistributionSpec(segments: SegmentCount[]): VisualizationSpec {
  const values = segments.map((s) => ({
    segment: s.name,
    count: s.count,
    monthlyValue: s.monthlyValue,
    color: SEGMENT_COLORS[s.segmentId],
  }));
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: 'Segments',
    width: 'container',
    height: 180,
    data: { values },
    mark: { type: 'arc', innerRadius: 45 },
    encoding: {
      theta: { field: 'count', type: 'quantitative' },
      color: {
        field: 'segment',
        type: 'nominal',
        title: 'Segment',
        scale: { domain: values.map((v) => v.segment), range: values.map((v) => v.color) },
      },
      tooltip: [
        { field: 'segment', title: 'Segment' },
        { field: 'count', title: 'Companies' },
        { field: 'monthlyValue', title: 'Monthly value', format: ',.0f' },
      ],
    },
  } as VisualizationSpec;
}

/** The data quality chart: each check's score as a bar, coloured like the overall score. */
export function dataQualitySpec(
  checks: { label: string; score: number }[],
  overallScoreColor: string | null,
): VisualizationSpec {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: 'Data quality',
    width: 'container',
    height: 160,
    data: { values: checks },
    mark: { type: 'bar', color: variantColor(overallScoreColor), cornerRadiusEnd: 3 },
    encoding: {
      y: { field: 'label', type: 'nominal', title: null, sort: null },
      x: { field: 'score', type: 'quantitative', title: 'Companies passing (%)', scale: { domain: [0, 100] } },
      tooltip: [
        { field: 'label', title: 'Check' },
        { field: 'score', title: '%' },
      ],
    },
  } as VisualizationSpec;
}

/** Average health and effort per month. */
export function trendSpec(points: TrendPoint[]): VisualizationSpec {
  const values = points
    .flatMap((p) => [
      { month: p.month, score: p.averageHealthScore, series: 'Health' },
      { month: p.month, score: p.averageEffortScore, series: 'Effort' },
    ])
    .filter((v) => v.score !== null);
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: 'Average scores by month',
    width: 'container',
    height: 220,
    data: { values },
    mark: { type: 'line', point: true },
    encoding: {
      x: { field: 'month', type: 'ordinal', title: null, sort: points.map((p) => p.month), axis: { labelAngle: 0 } },
      y: { field: 'score', type: 'quantitative', title: 'Average score', scale: { domain: [0, 100] } },
      color: {
        field: 'series',
        type: 'nominal',
        title: null,
        scale: { domain: ['Health', 'Effort'], range: [VARIANT_COLORS.success, VARIANT_COLORS.info] },
      },
      tooltip: [{ field: 'month' }, { field: 'series' }, { field: 'score', title: 'Average' }],
    },
  } as VisualizationSpec;
}

/** A company's health and effort score per month. */
export function historySpec(
  points: { month: string; health: number | null; effort: number | null }[],
): VisualizationSpec {
  return trendSpec(
    points.map((p) => ({ month: p.month, averageHealthScore: p.health, averageEffortScore: p.effort, companies: 1 })),
  );
}
