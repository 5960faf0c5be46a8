import { stackTopSpec } from '../workspace/alignment/stack-chart-specs';

describe('stack top-10 chart', () => {
  const entries = Array.from({ length: 12 }, (_, i) => ({
    id: i + 1,
    name: `Company ${i + 1}`,
    mrrOpportunity: 1000 - i * 10 + 0.4,
    alignmentScore: i === 0 ? 120 : i === 1 ? null : 40,
  }));
  const spec = stackTopSpec(entries, { title: 'Top', axis: 'Company', currency: 'USD' }) as any;

  it('shows at most 10 bars, MRR without decimals', () => {
    expect(spec.data.values).toHaveLength(10);
    expect(spec.data.values[0]).toMatchObject({ name: 'Company 1', mrrOpportunity: 1000, mrrText: '$1,000' });
  });
  it('puts the alignment on a secondary axis capped at 100 %', () => {
    const align = spec.layer[1].encoding.y;
    expect(align.axis.orient).toBe('right');
    expect(align.scale.domain).toEqual([0, 100]);
    expect(spec.resolve.scale.y).toBe('independent');
    expect(spec.data.values[0].alignmentPlot).toBe(100);
    expect(spec.data.values[1]).toMatchObject({ alignmentPlot: null, alignment: '--' });
  });
  it('keeps the order of the ranking on the x axis', () => {
    expect(spec.layer[0].encoding.x.sort.slice(0, 2)).toEqual(['Company 1', 'Company 2']);
  });
});
