import {
  CORNER_INSET,
  colorCountSpec,
  segmentChartData,
  segmentChartSpec,
  variantColor,
  NONE_COLOR,
} from '../workspace/charts/specs';
import { VARIANT_COLORS } from '../shared/cut-scores';
import { DEFAULT_SEGMENT_SETTINGS } from '../shared/segment-settings';

const rows = [
  {
    tenantCompanyId: 1,
    companyName: 'Acme',
    monthlyValue: 900,
    effortScore: 70,
    healthScore: 85,
    healthVariant: 'success',
    effortVariant: 'warning',
  },
  {
    tenantCompanyId: 2,
    companyName: 'Beta',
    monthlyValue: 120,
    effortScore: null,
    healthScore: null,
    healthVariant: null,
    effortVariant: null,
  },
  {
    tenantCompanyId: 3,
    companyName: 'Huge',
    monthlyValue: 50_000,
    effortScore: 10,
    healthScore: 30,
    healthVariant: 'danger',
    effortVariant: 'success',
  },
];

describe('segment chart (value versus effort)', () => {
  it('places each point under the draft bounds and clamps it into the axes', () => {
    const d = segmentChartData(rows, DEFAULT_SEGMENT_SETTINGS);
    expect(d.map((p) => [p.company, p.segmentId, p.value, p.effort])).toEqual([
      ['Acme', 2, 900, 70],
      ['Beta', 3, 120, 0],
      ['Huge', 1, 1000, 10],
    ]);
    const moved = segmentChartData(rows, { ...DEFAULT_SEGMENT_SETTINGS, cutSegValue: 950 });
    expect(moved[0].segmentId).toBe(4);
    expect(moved[0].segment).toBe('Review');
  });
  it('colours by health, effort or segment', () => {
    const byHealth = segmentChartData(rows, DEFAULT_SEGMENT_SETTINGS);
    expect(byHealth.map((p) => p.color)).toEqual([VARIANT_COLORS.success, NONE_COLOR, VARIANT_COLORS.danger]);
    const byEffort = segmentChartData(rows, { ...DEFAULT_SEGMENT_SETTINGS, colorBy: 'effort' });
    expect(byEffort.map((p) => p.group)).toEqual(['Warning', 'Not scored', 'Success']);
    const bySegment = segmentChartData(rows, { ...DEFAULT_SEGMENT_SETTINGS, colorBy: 'segment' });
    expect(bySegment.map((p) => p.group)).toEqual(['High Maintenance', 'Growth', 'Ideal']);
  });
  it('draws the cuts where the settings put them, on axes from min to max', () => {
    const spec = segmentChartSpec(rows, { ...DEFAULT_SEGMENT_SETTINGS, cutSegValue: 300, cutSegEffort: 40 }) as {
      layer: {
        data: { values: Record<string, unknown>[] };
        mark: Record<string, unknown>;
        encoding: Record<string, { scale?: { domain?: number[] } }>;
      }[];
    };
    expect(spec.layer[4].data.values).toEqual([{ cut: 40 }]);
    expect(spec.layer[5].data.values).toEqual([{ cut: 300 }]);
    expect(spec.layer[6].encoding.y.scale?.domain).toEqual([0, 1000]);
    expect(spec.layer[6].encoding.x.scale?.domain).toEqual([0, 100]);
    const corners = spec.layer.slice(0, 4);
    expect(corners.map((l) => l.data.values[0].label)).toEqual(['Ideal', 'High Maintenance', 'Growth', 'Review']);
    // Each name sits inside its corner, off the axes and their labels: 'Ideal' (top left) right of and below it.
    expect(corners[0].mark).toMatchObject({ align: 'left', baseline: 'top', dx: CORNER_INSET, dy: CORNER_INSET });
    expect(corners[3].mark).toMatchObject({ align: 'right', baseline: 'bottom', dx: -CORNER_INSET, dy: -CORNER_INSET });
  });
});

describe('colour counts chart', () => {
  it('maps each variant to its colour of section 9', () => {
    expect(variantColor('warning')).toBe(VARIANT_COLORS.warning);
    expect(variantColor('none')).toBe(NONE_COLOR);
    const spec = colorCountSpec(
      [
        { variant: 'danger', count: 2 },
        { variant: 'none', count: 1 },
      ],
      'Health',
    ) as { encoding: { color: { scale: { domain: string[]; range: string[] } } } };
    expect(spec.encoding.color.scale).toEqual({
      domain: ['Danger', 'Not scored'],
      range: [VARIANT_COLORS.danger, NONE_COLOR],
    });
  });
});
