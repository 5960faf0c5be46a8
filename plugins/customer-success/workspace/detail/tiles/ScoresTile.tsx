/**
 * Health and effort of the company: the metrics area's panel (scores coloured by the cuts, deltas, custom values)
 * and the monthly history of both scores (CompanyCs{Health,Effort}MetricHistoricValues) as a vega-lite chart.
 */
import { HTMLTable } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { VegaChart } from '../../../../../workspace/sdk';
import { historySpec } from '../../charts/specs';
import { useCsApi } from '../../cs-api';
import { CompanyHealthEffortPanel } from '../../metrics/CompanyHealthEffortPanel';

interface HistoryCompany {
  tenantCompanyId: number;
  history: { month: string; healthScore?: number | null; effortScore?: number | null }[];
}

export function ScoresTile({
  companyId,
  readOnly,
  chartsShown,
  onScoresChanged,
}: {
  companyId: number;
  readOnly: boolean;
  chartsShown: boolean;
  /** A value was saved: the company was recalculated (the page reloads its details). */
  onScoresChanged?(): void;
}) {
  const cs = useCsApi();
  const [historyVersion, setHistoryVersion] = useState(0);
  const [points, setPoints] = useState<{ month: string; health: number | null; effort: number | null }[] | null>(null);
  useEffect(() => {
    let live = true;
    (async () => {
      const h = await cs.csGet<'CompanyCsHealthMetricHistoricValues', HistoryCompany[]>(
        'CompanyCsHealthMetricHistoricValues',
        { tenantCompanyId: companyId },
      );
      const e = await cs.csGet<'CompanyCsEffortMetricHistoricValues', HistoryCompany[]>(
        'CompanyCsEffortMetricHistoricValues',
        { tenantCompanyId: companyId },
      );
      const months = new Map<string, { month: string; health: number | null; effort: number | null }>();
      for (const p of h.companyCsHealthMetricHistoricValues[0]?.history ?? [])
        months.set(p.month, { month: p.month, health: p.healthScore ?? null, effort: null });
      for (const p of e.companyCsEffortMetricHistoricValues[0]?.history ?? [])
        months.set(p.month, {
          ...(months.get(p.month) ?? { month: p.month, health: null }),
          effort: p.effortScore ?? null,
        });
      if (live) setPoints([...months.values()].sort((a, b) => a.month.localeCompare(b.month)));
    })().catch(() => {
      if (live) setPoints([]);
    });
    return () => {
      live = false;
    };
  }, [cs, companyId, historyVersion]);
  return (
    <div className="cs-scores-tile">
      <CompanyHealthEffortPanel
        tenantCompanyId={companyId}
        readOnly={readOnly}
        onScoresChanged={() => {
          setHistoryVersion((v) => v + 1);
          onScoresChanged?.();
        }}
      />
      {points &&
        points.length > 0 &&
        (chartsShown ? (
          <VegaChart label="Health and effort history" spec={historySpec(points)} />
        ) : (
          <HTMLTable compact aria-label="Health and effort history">
            <thead>
              <tr>
                <th>Month</th>
                <th>Health</th>
                <th>Effort</th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.month}>
                  <td>{p.month}</td>
                  <td>{p.health ?? '--'}</td>
                  <td>{p.effort ?? '--'}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        ))}
    </div>
  );
}
