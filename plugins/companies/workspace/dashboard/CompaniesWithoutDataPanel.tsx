/** /dashboard panel: active companies without data (chart `companiesWithoutData`: no location, contract or saved link). */
import { Callout, NonIdealState, Spinner } from '@blueprintjs/core';
import { useDashboardChart, type DashboardPanelProps } from '../../../../workspace/sdk';
import { COMPANIES_WITHOUT_DATA_CHART, companiesWithoutDataChart } from '../../shared/dashboard';

export default function CompaniesWithoutDataPanel({ hidePanel }: DashboardPanelProps) {
  const { data, error } = useDashboardChart(COMPANIES_WITHOUT_DATA_CHART, companiesWithoutDataChart, hidePanel);
  if (error) return <Callout intent="danger">{error}</Callout>;
  if (data === undefined) return <Spinner size={20} aria-label="Loading companies" />;
  if (data === null || data.total === 0)
    return (
      <NonIdealState
        icon="tick-circle"
        title="Every company has data"
        description="Each active company has a location, a contract or a saved link."
      />
    );
  return (
    <>
      <p>
        {data.total} of {data.active} active companies have no locations, contracts or saved links yet.
      </p>
      <ul aria-label="Companies without data">
        {data.companies.map((c) => (
          <li key={c.tenant_company_id}>{c.moniker}</li>
        ))}
        {data.total > data.companies.length && <li>and {data.total - data.companies.length} more</li>}
      </ul>
    </>
  );
}
