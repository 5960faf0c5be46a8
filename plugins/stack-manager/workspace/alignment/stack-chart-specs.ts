/**
 * vega-lite spec of the stack charts (overview and dashboard): the top 10 by MRR opportunity as bars (currency
 * without decimals on the left axis) with the alignment percent as points on a secondary axis capped at 100 %
 * (customer-success.md section 9). Pure: data in, spec out.
 */
import type { VisualizationSpec } from 'vega-embed';
import { STACK_TOP, type StackTopEntry } from '../../shared/stack-overview';

export const STACK_BAR_COLOR = '#2d72d2';
export const STACK_ALIGNMENT_COLOR = '#c87619';
/** Pixels of a name on the x axis before it ends in an ellipsis. */
export const STACK_LABEL_LIMIT = 180;

/** The currency symbol of the tenant's currency (USD: $), for the axis format. */
export function currencySymbol(currency: string): string {
  try {
    const part = new Intl.NumberFormat('en-US', { style: 'currency', currency })
      .formatToParts(0)
      .find((p) => p.type === 'currency');
    return part?.value ?? currency;
  } catch {
    return currency;
  }
}

export function stackTopSpec(
  entries: readonly StackTopEntry[],
  o: { title: string; axis: 'Company' | 'Service'; currency: string },
): VisualizationSpec {
  const symbol = currencySymbol(o.currency);
  const values = entries.slice(0, STACK_TOP).map((e) => ({
    name: e.name,
    mrrOpportunity: Math.round(e.mrrOpportunity),
    // The secondary axis is capped at 100 %: a value above it is drawn at the cap (the tooltip keeps the real value).
    alignmentPlot: e.alignmentScore === null ? null : Math.min(100, Math.max(0, e.alignmentScore)),
    alignment: e.alignmentScore === null ? '--' : `${Math.round(e.alignmentScore)}%`,
    mrrText: `${symbol}${Math.round(e.mrrOpportunity).toLocaleString('en-US')}`,
  }));
  const x = {
    field: 'name',
    type: 'nominal',
    title: o.axis,
    sort: values.map((v) => v.name),
    // Names up to ~30 characters show whole; longer ones end in an ellipsis (the bars' tooltips name them in full).
    axis: { labelAngle: -35, labelAlign: 'right', labelLimit: STACK_LABEL_LIMIT },
  } as const;
  const tooltip = [
    { field: 'name', title: o.axis },
    { field: 'mrrText', title: 'MRR opportunity' },
    { field: 'alignment', title: 'Alignment' },
  ];
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: o.title,
    width: 'container',
    height: 260,
    data: { values },
    layer: [
      {
        mark: { type: 'bar', color: STACK_BAR_COLOR, cornerRadiusEnd: 2 },
        encoding: {
          x,
          y: {
            field: 'mrrOpportunity',
            type: 'quantitative',
            title: 'MRR opportunity',
            axis: {
              format: ',.0f',
              labelExpr: `'${symbol.replace(/'/g, "\\'")}' + datum.label`,
              titleColor: STACK_BAR_COLOR,
            },
          },
          tooltip,
        },
      },
      {
        mark: { type: 'point', filled: true, size: 70, color: STACK_ALIGNMENT_COLOR },
        encoding: {
          x,
          y: {
            field: 'alignmentPlot',
            type: 'quantitative',
            title: 'Alignment %',
            scale: { domain: [0, 100], clamp: true },
            axis: { orient: 'right', titleColor: STACK_ALIGNMENT_COLOR, format: 'd', labelExpr: "datum.label + '%'" },
          },
          tooltip,
        },
      },
    ],
    resolve: { scale: { y: 'independent' } },
  } as VisualizationSpec;
}
