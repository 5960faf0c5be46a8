/**
 * The company's contracts as Customer Success reads them (TenantCompanyCsContract: the companies plugin's contracts
 * without those a contract filter, e.g. stack-manager's contract exclusions, leaves out; a note counts them).
 */
import { HTMLTable, NonIdealState } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { navigate } from '../../../../../workspace/sdk';
import { formatMoney } from '../../../shared/money';
import { relativeTime } from '../../../shared/relative-time';
import { formatTenantDate } from '../../../shared/tenant-date-format';
import { byLocations } from '../../../shared/company-filter-rules';
import { useCsApi } from '../../cs-api';
import { useCompanyFilters } from '../../filters/company-filters';

interface Contract {
  tenant_company_contract_id: number;
  vendor: string;
  account: string | null;
  contract_status: string | null;
  billing_cycle: string | null;
  cost: number | null;
  end_date: string | null;
  notice_date: string | null;
  tenant_company_location_id: number | null;
  location_moniker: string | null;
}

export function ContractsTile({
  companyId,
  currency,
  dateFormat,
}: {
  tenantId: number;
  companyId: number;
  currency: string;
  dateFormat: string | undefined;
}) {
  const cs = useCsApi();
  const { selections } = useCompanyFilters();
  const [answer, setAnswer] = useState<{ rows: Contract[]; excluded: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    cs.csGet<'TenantCompanyCsContract', Contract[]>('TenantCompanyCsContract', { tenantCompanyId: companyId }).then(
      (r) => {
        if (live) setAnswer({ rows: r.contracts, excluded: Number(r.excludedCount ?? 0) });
      },
      (e) => {
        if (live) setError((e as Error).message);
      },
    );
    return () => {
      live = false;
    };
  }, [cs, companyId]);
  if (error) return <p className="bp6-text-muted">Contracts could not be loaded: {error}</p>;
  if (!answer) return null;
  const { excluded, rows } = answer;
  const shown = byLocations(rows, selections.locations);
  const note = (
    <>
      {excluded > 0 && (
        <p className="bp6-text-muted">
          {excluded === 1 ? '1 contract is' : `${excluded} contracts are`} excluded by the Customer Success App
          Settings.
        </p>
      )}
      {shown.length < rows.length && (
        <p className="bp6-text-muted" data-testid="contracts-location-note">
          Showing {shown.length} of {rows.length} contracts (the locations chosen in the company filters).
        </p>
      )}
    </>
  );
  if (!shown.length)
    return (
      <>
        {note}
        <NonIdealState
          icon="document"
          title="No contracts"
          action={
            <a
              href="/contractManager"
              onClick={(e) => {
                e.preventDefault();
                void navigate('/contractManager');
              }}
            >
              Contract manager
            </a>
          }
        />
      </>
    );
  return (
    <>
      {note}
      <HTMLTable compact striped aria-label="Contracts" className="cs-tile-table">
        <thead>
          <tr>
            <th>Contract</th>
            <th>Location</th>
            <th>Status</th>
            <th>Cost</th>
            <th>Ends</th>
            <th>Notice</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((c) => (
            <tr key={c.tenant_company_contract_id}>
              <td>{[c.vendor, c.account].filter(Boolean).join(' ')}</td>
              <td>{c.location_moniker ?? ''}</td>
              <td>{c.contract_status ?? ''}</td>
              <td>
                {c.cost === null
                  ? ''
                  : `${formatMoney(c.cost, currency)}${c.billing_cycle ? ` ${c.billing_cycle}` : ''}`}
              </td>
              <td>
                {c.end_date ? (
                  <>
                    {formatTenantDate(c.end_date, dateFormat)}{' '}
                    <span className="bp6-text-muted">({relativeTime(c.end_date)})</span>
                  </>
                ) : (
                  ''
                )}
              </td>
              <td>{formatTenantDate(c.notice_date, dateFormat)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </>
  );
}
