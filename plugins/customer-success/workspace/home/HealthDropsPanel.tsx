/** /dashboard panel: biggest health drops since an earlier month (chart `healthDrops`), biggest first. */
import { Callout, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useDashboardChart, type DashboardPanelProps } from '../../../../workspace/sdk';
import { HEALTH_DROPS_CHART, healthDropsChart } from '../../shared/home-charts';

export default function HealthDropsPanel({ hidePanel }: DashboardPanelProps) {
  const { data, error } = useDashboardChart(HEALTH_DROPS_CHART, healthDropsChart, hidePanel);
  if (error) return <Callout intent="danger">{error}</Callout>;
  if (data === undefined) return <Spinner size={20} aria-label="Loading health drops" />;
  if (data === null || data.drops.length === 0)
    return (
      <NonIdealState
        icon="trending-up"
        title="No health drops"
        description="No company's health score fell since last month."
      />
    );
  return (
    <HTMLTable compact aria-label="Biggest health drops">
      <thead>
        <tr>
          <th>Company</th>
          <th>Health</th>
          <th>Change</th>
        </tr>
      </thead>
      <tbody>
        {data.drops.map((d) => (
          <tr key={d.tenant_company_id}>
            <td>{d.company}</td>
            <td>
              {d.score} (was {d.previous} in {d.previous_month})
            </td>
            <td>
              <Tag minimal intent="danger" icon="arrow-down" aria-label={`Down ${d.drop} points`}>
                -{d.drop}
              </Tag>
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
