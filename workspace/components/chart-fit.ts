/**
 * What every vega-lite chart of the workspace gets unless its spec says otherwise (VegaChart.tsx): the chart, its
 * axes, titles and legends fit inside the figure (`autosize: fit` containing the padding; with the default
 * `contains: content` a `width: 'container'` chart draws its axis labels and titles outside the figure, where they
 * are cut: "Companies passing (%", "ndpoint Detection & Re…"), a little padding, and axis titles and labels kept to
 * a length that fits (longer ones end in an ellipsis; the marks' tooltips carry the full text). Pure.
 */
import type { VisualizationSpec } from 'vega-embed';

export const CHART_PADDING = 8;
export const AXIS_LABEL_LIMIT = 140;
export const AXIS_TITLE_LIMIT = 260;

type Spec = Record<string, unknown>;

export function withChartFit(spec: VisualizationSpec): VisualizationSpec {
  const s = spec as Spec;
  const config = (s.config ?? {}) as Spec;
  const axis = (config.axis ?? {}) as Spec;
  return {
    ...s,
    autosize: s.autosize ?? { type: 'fit', contains: 'padding', resize: true },
    padding: s.padding ?? CHART_PADDING,
    config: {
      ...config,
      axis: { labelLimit: AXIS_LABEL_LIMIT, titleLimit: AXIS_TITLE_LIMIT, ...axis },
    },
  } as VisualizationSpec;
}
