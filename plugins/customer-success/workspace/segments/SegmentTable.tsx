/**
 * The companies with their value, effort, health and segment (placed under the draft settings): the workspace's
 * DataTable, sorted here (blanks last), each user's columns kept on the server under 'csSegments'.
 */
import { Tag } from '@blueprintjs/core';
import { useMemo } from 'react';
import { DataTable, type DataTableColumn } from '../../../../workspace/sdk';
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
  const columns = useMemo(
    (): DataTableColumn<CompanySegmentRow>[] => [
      { id: 'company', header: 'Company', value: (r) => r.companyName, required: true },
      {
        id: 'value',
        header: settings.valueDesc,
        value: (r) => r.monthlyValue,
        align: 'end',
        cell: (r) => formatValue(r.monthlyValue),
      },
      {
        id: 'effort',
        header: settings.effortDesc,
        value: (r) => r.effortScore,
        align: 'end',
        cell: (r) => r.effortScore ?? '--',
      },
      {
        id: 'health',
        header: 'Health',
        value: (r) => r.healthScore,
        cell: (r) =>
          r.healthScore === null ? (
            '--'
          ) : (
            <Tag round style={{ background: variantColor(r.healthVariant), color: '#fff' }}>
              {r.healthScore}
            </Tag>
          ),
      },
      {
        id: 'segment',
        header: 'Segment',
        value: (r) => segmentName(settings, placeSegment(r.monthlyValue, r.effortScore, settings)),
        cell: (r) => {
          const id = placeSegment(r.monthlyValue, r.effortScore, settings);
          return (
            <>
              <span className="cs-seg-dot" style={{ background: SEGMENT_COLORS[id] }} />
              {segmentName(settings, id)}
            </>
          );
        },
      },
    ],
    [settings, formatValue],
  );
  return (
    <DataTable
      label="Companies by segment"
      tableKey="csSegments"
      className="cs-seg-table"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.tenantCompanyId}
      fill={false}
    />
  );
}
