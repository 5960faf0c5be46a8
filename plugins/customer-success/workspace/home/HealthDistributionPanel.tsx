/** /dashboard panel: active companies per health band (chart `healthDistribution`, the tenant's health cuts). */
import { Callout, NonIdealState, Spinner } from '@blueprintjs/core';
import { useDashboardChart, type DashboardPanelProps } from '../../../../workspace/sdk';
import { VARIANT_COLORS } from '../../shared/cut-scores';
import { bandLabel, HEALTH_DISTRIBUTION_CHART, healthDistributionChart } from '../../shared/home-charts';

export default function HealthDistributionPanel({ hidePanel }: DashboardPanelProps) {
  const { data, error } = useDashboardChart(HEALTH_DISTRIBUTION_CHART, healthDistributionChart, hidePanel);
  if (error) return <Callout intent="danger">{error}</Callout>;
  if (data === undefined) return <Spinner size={20} aria-label="Loading health scores" />;
  if (data === null || data.total === 0)
    return (
      <NonIdealState icon="heart" title="No companies yet" description="Health scores appear once you add companies." />
    );
  const widest = Math.max(1, ...data.bands.map((b) => b.companies), data.unscored);
  const rows = [
    ...[...data.bands].reverse().map((b) => ({
      key: `band-${b.max}`,
      label: `Health ${bandLabel(b)}`,
      count: b.companies,
      color: VARIANT_COLORS[b.variant],
    })),
    { key: 'none', label: 'No score yet', count: data.unscored, color: '#abb3bf' },
  ];
  return (
    <ul className="lci-bars" aria-label="Health distribution">
      {rows.map((r) => (
        <li key={r.key} aria-label={`${r.label}: ${r.count} compan${r.count === 1 ? 'y' : 'ies'}`}>
          <span className="lci-bar-label">{r.label}</span>
          <span className="lci-bar" style={{ width: `${(r.count / widest) * 60}%`, background: r.color }} />
          <span className="lci-bar-value">{r.count}</span>
        </li>
      ))}
    </ul>
  );
}
