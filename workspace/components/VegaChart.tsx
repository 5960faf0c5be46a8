/**
 * A vega-lite chart for plugin pages (workspace/sdk.ts) through react-vega's <VegaEmbed spec options />, loaded lazily: vega is large, so it is fetched
 * only when a chart is first shown (the pages and the first page stay small). `ast: true` evaluates the specs'
 * expressions with vega's interpreter instead of `new Function`, so charts run under the workspace's
 * Content-Security-Policy (no 'unsafe-eval'). Every spec is fitted (chart-fit.ts): axis titles and labels are laid
 * out inside the figure instead of being cut at its edges.
 *
 * When a 'chart' handler of the fileExports slot is visible to the user (workspace/slots.ts; reports: fusionexport),
 * a small "Download chart" menu (PNG image, SVG image) sits in the figure's corner and passes the fitted spec to the
 * first handler, loaded on first use (the button itself is light: no vega).
 */
import { Button, Menu, MenuItem, Popover, Spinner } from '@blueprintjs/core';
import { lazy, Suspense, useMemo, useRef, useState, type RefObject } from 'react';
import type { VisualizationSpec } from 'vega-embed';
import { useFileExports, type FileExportOf } from '../file-exports';
import { withChartFit } from './chart-fit';

const VegaEmbed = lazy(() => import('react-vega').then((m) => ({ default: m.VegaEmbed })));

const FILE_NAME_MAX = 120;

/** The spec with `width`/`height: 'container'` replaced by the figure's size (a server draws it without a container). */
function sizedSpec(spec: VisualizationSpec, figure: HTMLElement | null): Record<string, unknown> {
  const out = { ...(spec as Record<string, unknown>) };
  const box = figure?.getBoundingClientRect();
  if (out.width === 'container') out.width = Math.max(100, Math.round(box?.width || 600));
  if (out.height === 'container') out.height = Math.max(100, Math.round((box?.height || 400) - 8));
  return out;
}

/** A file name from the chart's label: letters kept, at most 120 characters. */
export function chartFileName(label: string): string {
  const name = label
    .replace(/[\\/:*?"<>|\x00-\x1f\x7f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, FILE_NAME_MAX)
    .trim();
  return name || 'Chart';
}

function DownloadChart({
  handler,
  tenantId,
  spec,
  label,
  figure,
}: {
  handler: FileExportOf<'chart'>;
  tenantId: number;
  spec: VisualizationSpec;
  label: string;
  figure: RefObject<HTMLElement | null>;
}) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const run = async (format: 'png' | 'svg') => {
    setBusy(true);
    setFailed(false);
    try {
      const exportChart = (await handler.load()).default;
      await exportChart(tenantId, { spec: sizedSpec(spec, figure.current), format, fileName: chartFileName(label) });
    } catch (e) {
      console.warn(`The chart could not be exported (${handler.title})`, e);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="lci-chart-export">
      <Popover
        placement="bottom-end"
        content={
          <Menu aria-label={`Download ${label}`}>
            <MenuItem icon="media" text="PNG image" onClick={() => void run('png')} />
            <MenuItem icon="code" text="SVG image" onClick={() => void run('svg')} />
          </Menu>
        }
      >
        <Button
          variant="minimal"
          size="small"
          icon="download"
          loading={busy}
          aria-label="Download chart"
          title="Download chart"
        />
      </Popover>
      {failed && (
        <span role="alert" className="lci-chart-export-error">
          The chart could not be exported. Please try again.
        </span>
      )}
    </div>
  );
}

export function VegaChart({ spec, label, className }: { spec: VisualizationSpec; label: string; className?: string }) {
  const fitted = useMemo(() => withChartFit(spec), [spec]);
  const figure = useRef<HTMLElement>(null);
  const exports = useFileExports('chart');
  const handler = exports.items[0];
  return (
    <figure ref={figure} className={`lci-chart ${className ?? ''}`} aria-label={label}>
      {handler && exports.tenantId != null && (
        <DownloadChart handler={handler} tenantId={exports.tenantId} spec={fitted} label={label} figure={figure} />
      )}
      <Suspense fallback={<Spinner size={24} aria-label={`Loading ${label}`} />}>
        <VegaEmbed spec={fitted} options={{ actions: false, renderer: 'svg', ast: true }} />
      </Suspense>
    </figure>
  );
}
