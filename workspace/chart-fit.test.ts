/** Every chart fits its figure: axis titles and labels are laid out inside it (issue 15 part 11: clipped titles). */
import { AXIS_LABEL_LIMIT, CHART_PADDING, withChartFit } from './components/chart-fit';

const bars = {
  width: 'container',
  data: { values: [{ label: 'Health scored', score: 50 }] },
  mark: 'bar',
  encoding: {
    y: { field: 'label', type: 'nominal' },
    x: { field: 'score', type: 'quantitative', title: 'Companies passing (%)' },
  },
} as const;

test('autosize fits the chart with its padding, so "Companies passing (%)" is not cut at the edge', () => {
  const spec = withChartFit(bars as never) as Record<string, unknown>;
  expect(spec.autosize).toEqual({ type: 'fit', contains: 'padding', resize: true });
  expect(spec.padding).toBe(CHART_PADDING);
  expect(spec.config).toEqual({ axis: expect.objectContaining({ labelLimit: AXIS_LABEL_LIMIT }) });
  // The spec's own choices win.
  const own = withChartFit({
    ...bars,
    autosize: 'pad',
    padding: 2,
    config: { axis: { labelLimit: 50 } },
  } as never) as Record<string, unknown>;
  expect(own.autosize).toBe('pad');
  expect(own.padding).toBe(2);
  expect((own.config as { axis: { labelLimit: number } }).axis.labelLimit).toBe(50);
});
