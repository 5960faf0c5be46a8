/** The health (or effort) delta: percent versus previous, one decimal; green up, red down, grey none. */
import { Icon } from '@blueprintjs/core';
import { formatDelta, type HealthDelta } from '../../shared/health-delta';

const ICONS = { up: 'arrow-up', down: 'arrow-down', none: 'minus' } as const;

export function DeltaBadge({
  delta,
  previous,
}: {
  delta: HealthDelta | undefined;
  previous: number | null | undefined;
}) {
  const d = delta ?? { percent: null, direction: 'none' as const, color: 'grey' as const };
  const title = previous === null || previous === undefined ? 'No previous score' : `Previous: ${previous}`;
  if (d.percent === null && d.direction === 'none') {
    return (
      <span className="cs-delta cs-delta-grey" data-color="grey" title={title} aria-label={`Change -- (${title})`}>
        --
      </span>
    );
  }
  return (
    <span
      className={`cs-delta cs-delta-${d.color}`}
      data-color={d.color}
      title={title}
      aria-label={`Change ${formatDelta(d)} (${title})`}
    >
      <Icon icon={ICONS[d.direction]} size={12} />
      {formatDelta(d)}
    </span>
  );
}
