/** Headlines of the company (TenantCsHeadlines, keyed by company). */
import { Callout, NonIdealState } from '@blueprintjs/core';
import type { Headline } from '../../../shared/headlines';

const INTENT = { danger: 'danger', warning: 'warning', success: 'success', info: 'primary' } as const;

export function HeadlinesTile({ headlines }: { headlines: Headline[] }) {
  if (!headlines.length) return <NonIdealState icon="tick-circle" title="Nothing to report" />;
  return (
    <ul className="cs-headlines" aria-label="Headlines">
      {headlines.map((h, i) => (
        <li key={`${h.code}-${i}`}>
          <Callout compact intent={INTENT[h.variant]} icon={null}>
            {h.text}
          </Callout>
        </li>
      ))}
    </ul>
  );
}
