/**
 * The dashboard's stack charts (TenantCsDashboardMetrics stackMrrAlignmentByCompanyChart and
 * stackMrrAlignmentByServiceChart: the top 10 by MRR opportunity with the alignment on a secondary axis), or tables
 * when the header's charts switch is off. A company opens its stack alignment. Shown on /cs/dashboard as a panel of
 * csDashboardPanelsPoint (workspace/index.ts), after the dashboard's own charts.
 */
import { Card, HTMLTable } from '@blueprintjs/core';
import type { CsDashboardPanelProps } from '../../../customer-success/public.browser';
import { useSelectedCompany, VegaChart } from '../../../../workspace/sdk';
import { formatAlignment, formatStackMoney, type StackTopEntry } from '../../shared/stack-overview';
import { openCompanyStackAlignment } from './stack-alignment-link';
import { stackTopSpec } from './stack-chart-specs';

interface CompanyBar {
  tenantCompanyId: number;
  name: string;
  mrrOpportunity: number;
  alignmentScore: number | string | null;
}
interface ServiceBar {
  serviceId: number;
  name: string;
  mrrOpportunity: number;
  alignmentScore: number | string | null;
}
export interface StackDashboardMetrics {
  stackMrrAlignmentByCompanyChart?: CompanyBar[];
  stackMrrAlignmentByServiceChart?: ServiceBar[];
}

const score = (v: number | string | null): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const entries = (
  rows: (CompanyBar | ServiceBar)[] | undefined,
  id: (r: CompanyBar | ServiceBar) => number,
): StackTopEntry[] =>
  (rows ?? []).map((r) => ({
    id: id(r),
    name: r.name,
    mrrOpportunity: r.mrrOpportunity ?? 0,
    alignmentScore: score(r.alignmentScore),
  }));

export function StackDashboardCharts({
  metrics,
  chartsShown,
  currency,
}: {
  metrics: StackDashboardMetrics;
  chartsShown: boolean;
  currency: string;
}) {
  const { setCompanyId } = useSelectedCompany();
  const companies = entries(metrics.stackMrrAlignmentByCompanyChart, (r) => (r as CompanyBar).tenantCompanyId);
  const services = entries(metrics.stackMrrAlignmentByServiceChart, (r) => (r as ServiceBar).serviceId);
  if (!metrics.stackMrrAlignmentByCompanyChart && !metrics.stackMrrAlignmentByServiceChart) return null;
  const table = (title: string, axis: 'Company' | 'Service', rows: StackTopEntry[]) => (
    <HTMLTable compact aria-label={title}>
      <thead>
        <tr>
          <th>{axis}</th>
          <th>MRR opportunity</th>
          <th>Alignment</th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && (
          <tr>
            <td colSpan={3} className="bp6-text-muted">
              No stack opportunity yet
            </td>
          </tr>
        )}
        {rows.map((r) => (
          <tr key={r.id}>
            <td>
              {axis === 'Company' ? (
                <a
                  role="button"
                  tabIndex={0}
                  onClick={() => void openCompanyStackAlignment(r.id, setCompanyId)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') void openCompanyStackAlignment(r.id, setCompanyId);
                  }}
                >
                  {r.name}
                </a>
              ) : (
                r.name
              )}
            </td>
            <td>{formatStackMoney(r.mrrOpportunity, currency)}</td>
            <td>{formatAlignment(r.alignmentScore)}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
  return chartsShown ? (
    <div className="cs-dash-charts">
      <Card>
        <VegaChart
          label="Stack MRR and alignment by company"
          spec={stackTopSpec(companies, {
            title: 'Stack MRR opportunity by company (top 10)',
            axis: 'Company',
            currency,
          })}
        />
      </Card>
      <Card>
        <VegaChart
          label="Stack MRR and alignment by service"
          spec={stackTopSpec(services, {
            title: 'Stack MRR opportunity by service (top 10)',
            axis: 'Service',
            currency,
          })}
        />
      </Card>
    </div>
  ) : (
    <div className="cs-dash-charts">
      <Card>{table('Stack MRR by company', 'Company', companies)}</Card>
      <Card>{table('Stack MRR by service', 'Service', services)}</Card>
    </div>
  );
}

/** The CS dashboard panel: the stack charts of the dashboard's answer. */
export default function StackDashboardPanel({ metrics, chartsShown, currency }: CsDashboardPanelProps) {
  return (
    <StackDashboardCharts metrics={metrics as StackDashboardMetrics} chartsShown={chartsShown} currency={currency} />
  );
}
