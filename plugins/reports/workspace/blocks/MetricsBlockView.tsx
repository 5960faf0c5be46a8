/** A row of key figures (label over value), in the tenant's formats. */
import { useTenantFormat } from '../../../../workspace/sdk';
import type { MetricsBlock } from '../../shared/blocks';
import { formatCell } from '../../shared/cell-format';

export function MetricsBlockView({ block }: { block: MetricsBlock }) {
  const f = useTenantFormat();
  if (block.items.length === 0) return null;
  return (
    <dl className="lci-report-metrics">
      {block.items.map((m, i) => (
        <div key={`${m.label}-${i}`} className="lci-report-metric">
          <dt className="bp6-text-muted">{m.label}</dt>
          <dd>{formatCell(m.value, m.format, f)}</dd>
        </div>
      ))}
    </dl>
  );
}
