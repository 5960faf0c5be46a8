/** A score coloured by its cut (variant colours of section 9); no score: '--'. */
import { Tag } from '@blueprintjs/core';
import { cutFor, VARIANT_COLORS, type CutScore } from '../../shared/cut-scores';

export function ScoreTag({
  score,
  cuts,
  label,
}: {
  score: number | null | undefined;
  cuts: readonly CutScore[];
  label?: string;
}) {
  const cut = cutFor(score, cuts);
  if (score === null || score === undefined) return <span className="bp6-text-muted">--</span>;
  const color = cut ? VARIANT_COLORS[cut.variant] : undefined;
  return (
    <Tag
      round
      style={color ? { background: color, color: cut!.variant === 'warning' ? '#1c2127' : '#fff' } : undefined}
      data-variant={cut?.variant ?? 'none'}
      aria-label={`${label ?? 'Score'} ${score}${cut ? ` (${cut.variant})` : ''}`}
    >
      {score}
    </Tag>
  );
}
