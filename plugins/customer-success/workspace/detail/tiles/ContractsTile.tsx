/**
 * The company's contracts (companies plugin: GET v3/tenant/{tenantId}/company/{id}/contracts), without those the
 * contract exclusions leave out of Customer Success (a note counts them).
 */
import { HTMLTable, NonIdealState } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { api, navigate } from '../../../../../workspace/sdk';
import { formatMoney } from '../../../shared/money';
import { relativeTime } from '../../../shared/relative-time';
import { formatTenantDate } from '../../../shared/tenant-date-format';
import { isContractExcluded } from '../../../shared/contract-exclusion-match';
import { useExcludedKeys } from '../../exclusions/use-excluded-keys';

interface Contract { tenant_company_contract_id: number; vendor: string; account: string | null; contract_status: string | null; billing_cycle: string | null; cost: number | null; end_date: string | null; notice_date: string | null }

export function ContractsTile({ tenantId, companyId, currency, dateFormat }: { tenantId: number; companyId: number; currency: string; dateFormat: string | undefined }) {
  const [rows, setRows] = useState<Contract[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const excludedKeys = useExcludedKeys();
  useEffect(() => {
    let live = true;
    api.get<{ contracts: Contract[] }>(`/v3/tenant/${tenantId}/company/${companyId}/contracts`)
      .then((r) => { if (live) setRows(r.contracts); }, (e) => { if (live) setError((e as Error).message); });
    return () => { live = false; };
  }, [tenantId, companyId]);
  if (error) return <p className="bp6-text-muted">Contracts could not be loaded: {error}</p>;
  if (!rows || !excludedKeys) return null;
  const excluded = rows.filter((c) => isContractExcluded(c, excludedKeys)).length;
  const note = excluded > 0 && <p className="bp6-text-muted">{excluded === 1 ? '1 contract is' : `${excluded} contracts are`} excluded by the Customer Success App Settings.</p>;
  const shown = rows.filter((c) => !isContractExcluded(c, excludedKeys));
  if (!shown.length) return <>{note}<NonIdealState icon="document" title="No contracts" action={<a href="/contractManager" onClick={(e) => { e.preventDefault(); void navigate('/contractManager'); }}>Contract manager</a>} /></>;
  return (
    <>{note}<HTMLTable compact striped aria-label="Contracts" className="cs-tile-table">
      <thead><tr><th>Contract</th><th>Status</th><th>Cost</th><th>Ends</th><th>Notice</th></tr></thead>
      <tbody>
        {shown.map((c) => (
          <tr key={c.tenant_company_contract_id}>
            <td>{[c.vendor, c.account].filter(Boolean).join(' ')}</td>
            <td>{c.contract_status ?? ''}</td>
            <td>{c.cost === null ? '' : `${formatMoney(c.cost, currency)}${c.billing_cycle ? ` ${c.billing_cycle}` : ''}`}</td>
            <td>{c.end_date ? <>{formatTenantDate(c.end_date, dateFormat)} <span className="bp6-text-muted">({relativeTime(c.end_date)})</span></> : ''}</td>
            <td>{formatTenantDate(c.notice_date, dateFormat)}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable></>
  );
}
