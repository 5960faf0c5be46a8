/** The companies with their value, effort, health and segment (placed under the draft settings). */
import { HTMLTable, Tag } from '@blueprintjs/core';
import { placeSegment } from '../../shared/segment-placement';
import { segmentName, type SegmentSettings } from '../../shared/segment-settings';
import { SEGMENT_COLORS, variantColor } from '../charts/specs';
import type { CompanySegmentRow } from './segment-loader';

export function SegmentTable({
  rows,
  settings,
  formatValue,
}: {
  rows: CompanySegmentRow[];
  settings: SegmentSettings;
  formatValue(n: number | null): string;
}) {
  return (
    <HTMLTable compact striped className="cs-seg-table" aria-label="Companies by segment">
      <thead>
        <tr>
          <th>Company</th>
          <th>{settings.valueDesc}</th>
          <th>{settings.effortDesc}</th>
          <th>Health</th>
          <th>Segment</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => {
          const id = placeSegment(r.monthlyValue, r.effortScore, settings);
          return (
            <tr key={r.tenantCompanyId} data-company-id={r.tenantCompanyId}>
              <td>{r.companyName}</td>
              <td>{formatValue(r.monthlyValue)}</td>
              <td>{r.effortScore ?? '--'}</td>
              <td>
                {r.healthScore === null ? (
                  '--'
                ) : (
                  <Tag round style={{ background: variantColor(r.healthVariant), color: '#fff' }}>
                    {r.healthScore}
                  </Tag>
                )}
              </td>
              <td aria-label="Segment">
                <span className="cs-seg-dot" style={{ background: SEGMENT_COLORS[id] }} />
                {segmentName(settings, id)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}
