/**
 * A vega-lite chart for plugin pages (workspace/sdk.ts) through react-vega's <VegaEmbed spec options />, loaded lazily: vega is large, so it is fetched
 * only when a chart is first shown (the pages and the first page stay small). `ast: true` evaluates the specs'
 * expressions with vega's interpreter instead of `new Function`, so charts run under the workspace's
 * Content-Security-Policy (no 'unsafe-eval'). Every spec is fitted (chart-fit.ts): axis titles and labels are laid
 * out inside the figure instead of being cut at its edges.
 */
import { Spinner } from '@blueprintjs/core';
import { lazy, Suspense, useMemo } from 'react';
import type { VisualizationSpec } from 'vega-embed';
import { withChartFit } from './chart-fit';

const VegaEmbed = lazy(() => import('react-vega').then((m) => ({ default: m.VegaEmbed })));

export function VegaChart({ spec, label, className }: { spec: VisualizationSpec; label: string; className?: string }) {
  const fitted = useMemo(() => withChartFit(spec), [spec]);
  return (
    <figure className={`lci-chart ${className ?? ''}`} aria-label={label}>
      <Suspense fallback={<Spinner size={24} aria-label={`Loading ${label}`} />}>
        <VegaEmbed spec={fitted} options={{ actions: false, renderer: 'svg', ast: true }} />
      </Suspense>
    </figure>
  );
}
