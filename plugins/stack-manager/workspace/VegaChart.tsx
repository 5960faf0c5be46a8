/**
 * A vega-lite chart (react-vega's <VegaEmbed />), loaded lazily like Customer Success's charts: vega is fetched when
 * a chart is first shown; `ast: true` keeps charts within the workspace's Content-Security-Policy (no 'unsafe-eval').
 */
import { Spinner } from '@blueprintjs/core';
import { lazy, Suspense } from 'react';
import type { VisualizationSpec } from 'vega-embed';
import './filter-menu.css';

const VegaEmbed = lazy(() => import('react-vega').then((m) => ({ default: m.VegaEmbed })));

export function VegaChart({ spec, label }: { spec: VisualizationSpec; label: string }) {
  return (
    <figure className="sm-chart" aria-label={label}>
      <Suspense fallback={<Spinner size={24} aria-label={`Loading ${label}`} />}>
        <VegaEmbed spec={spec} options={{ actions: false, renderer: 'svg', ast: true }} />
      </Suspense>
    </figure>
  );
}
