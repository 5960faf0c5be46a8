/** /dashboard panel: contracts reaching their notice date (chart `contractNotices`), soonest first. */
import { Callout, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useDashboardChart, type DashboardPanelProps } from '../../../../workspace/sdk';
import { CONTRACT_NOTICES_CHART, contractNoticesChart, noticeDistance } from '../../shared/dashboard';

export default function ContractNoticesPanel({ hidePanel }: DashboardPanelProps) {
  const { data, error } = useDashboardChart(CONTRACT_NOTICES_CHART, contractNoticesChart, hidePanel);
  if (error) return <Callout intent="danger">{error}</Callout>;
  if (data === undefined) return <Spinner size={20} aria-label="Loading contracts" />;
  if (data === null || data.total === 0)
    return (
      <NonIdealState
        icon="document"
        title="No notice dates coming up"
        description={`No contract reaches its notice date in the next ${data?.window_days ?? 90} days.`}
      />
    );
  return (
    <>
      <p>
        {data.total} contract{data.total === 1 ? '' : 's'} reach{data.total === 1 ? 'es' : ''} the notice date within{' '}
        {data.window_days} days.
      </p>
      <HTMLTable compact aria-label="Contracts reaching their notice date">
        <thead>
          <tr>
            <th>Company</th>
            <th>Contract</th>
            <th>Notice date</th>
          </tr>
        </thead>
        <tbody>
          {data.contracts.map((c) => (
            <tr key={c.tenant_company_contract_id}>
              <td>{c.company}</td>
              <td>{c.account ? `${c.vendor}: ${c.account}` : c.vendor}</td>
              <td>
                {c.notice_date}{' '}
                <Tag minimal intent={c.days_to_notice < 0 ? 'danger' : c.days_to_notice <= 30 ? 'warning' : 'none'}>
                  {noticeDistance(c.days_to_notice)}
                </Tag>
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </>
  );
}
