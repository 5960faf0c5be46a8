/** The details tile (CustomerSuccessDetailsTile): managers, groups, segment, value, scores, contracts, goals. */
import { Tag } from '@blueprintjs/core';
import { formatMoney } from '../../../shared/money';
import { relativeTime } from '../../../shared/relative-time';
import { formatTenantDate } from '../../../shared/tenant-date-format';
import { variantColor } from '../../charts/specs';
import type { DetailsTileData } from './types';

const Score = ({ score, variant, label }: { score: number | null; variant: string | null; label: string }) =>
  score === null ? (
    <span className="bp6-text-muted">--</span>
  ) : (
    <Tag
      round
      aria-label={`${label} ${score}`}
      data-variant={variant ?? 'none'}
      style={{ background: variantColor(variant), color: variant === 'warning' ? '#1c2127' : '#fff' }}
    >
      {score}
    </Tag>
  );

export function DetailsTile({
  d,
  currency,
  dateFormat,
}: {
  d: DetailsTileData;
  currency: string;
  dateFormat: string | undefined;
}) {
  return (
    <dl className="cs-detail-list">
      <dt>Account managers</dt>
      <dd>
        {d.accountManagers.length ? (
          d.accountManagers.map((m) => m.name).join(', ')
        ) : (
          <span className="bp6-text-muted">None assigned</span>
        )}
      </dd>
      <dt>Account groups</dt>
      <dd>
        {d.accountGroups.length ? (
          d.accountGroups.map((g) => g.moniker).join(', ')
        ) : (
          <span className="bp6-text-muted">None</span>
        )}
      </dd>
      <dt>Segment</dt>
      <dd>{d.segmentName ?? <span className="bp6-text-muted">Not placed yet</span>}</dd>
      <dt>Monthly value</dt>
      <dd>{formatMoney(d.monthlyValue, currency)}</dd>
      <dt>Health</dt>
      <dd>
        <Score score={d.healthScore} variant={d.healthVariant} label="Health" />
      </dd>
      <dt>Effort</dt>
      <dd>
        <Score score={d.effortScore} variant={d.effortVariant} label="Effort" />
      </dd>
      <dt>Current contracts</dt>
      <dd>{d.currentContracts}</dd>
      <dt>Next contract end</dt>
      <dd>
        {d.nextContractEnd ? (
          `${d.nextContractEnd.label}: ${formatTenantDate(d.nextContractEnd.end_date, dateFormat)} (${relativeTime(d.nextContractEnd.end_date)})`
        ) : (
          <span className="bp6-text-muted">None</span>
        )}
      </dd>
      <dt>Open goals</dt>
      <dd>{d.openGoals}</dd>
    </dl>
  );
}
