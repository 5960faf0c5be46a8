/** Asset statuses of the tenant: a switch per status toggles is_active (POST payload tenantAssetStatusIds); add a status. */
import { Button, HTMLTable, InputGroup, NonIdealState, Switch } from '@blueprintjs/core';
import { useState } from 'react';
import { api, pushMessage } from '../../../../workspace/sdk';
import type { AssetStatusRow } from '../../shared/api-types';
import { toggleAssetStatuses } from '../../shared/asset-status-toggle';

export interface AssetStatusesProps {
  tenantId: number;
  statuses: AssetStatusRow[];
  readOnly: boolean;
  onChange(next: AssetStatusRow[]): void;
  reload(): Promise<void>;
}

export function AssetStatusesSection({ tenantId, statuses, readOnly, onChange, reload }: AssetStatusesProps) {
  const [busy, setBusy] = useState<number | null>(null);
  const [name, setName] = useState('');
  const [adding, setAdding] = useState(false);

  const toggle = async (s: AssetStatusRow) => {
    if (readOnly) return;
    setBusy(s.tenant_asset_status_id);
    try {
      const r = await api.post<{ return_message: string; msg_class: string; records_updated: number }>(
        `/v3/tenant/${tenantId}/assetStatus`,
        { payload: { tenantAssetStatusIds: [s.tenant_asset_status_id] } },
      );
      if (r.records_updated > 0) onChange(toggleAssetStatuses(statuses, [s.tenant_asset_status_id]));
      pushMessage({ msg_type: r.msg_class === 'success' ? 'success' : 'warning', msg: r.return_message });
    } catch (e) {
      pushMessage({ msg_type: 'error', msg: `The status ${s.moniker} could not be changed: ${(e as Error).message}` });
    } finally {
      setBusy(null);
    }
  };

  const add = async () => {
    if (!name.trim() || adding) return;
    setAdding(true);
    try {
      await api.post(`/v3/tenant/${tenantId}/assetStatus/add`, { moniker: name.trim() });
      setName('');
      await reload();
    } catch (e) {
      pushMessage({ msg_type: 'error', msg: `The status could not be added: ${(e as Error).message}` });
    } finally {
      setAdding(false);
    }
  };

  return (
    <section className="lci-section" aria-labelledby="asset-statuses-heading">
      <h2 id="asset-statuses-heading">Asset statuses</h2>
      <p className="bp6-text-muted">Assets in an active status count in lists, filters and reports.</p>
      {!readOnly && (
        <form
          className="lci-toolbar"
          onSubmit={(e) => {
            e.preventDefault();
            void add();
          }}
        >
          <InputGroup
            placeholder="New status"
            aria-label="New status"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={100}
          />
          <Button type="submit" icon="add" text="Add status" disabled={!name.trim()} loading={adding} />
        </form>
      )}
      {statuses.length === 0 ? (
        <NonIdealState
          icon="tag"
          title="No asset statuses"
          description="Statuses arrive with your PSA data, or add them here."
        />
      ) : (
        <HTMLTable striped aria-label="Asset statuses" className="lci-table">
          <thead>
            <tr>
              <th>Status</th>
              <th>Active</th>
            </tr>
          </thead>
          <tbody>
            {statuses.map((s) => (
              <tr key={s.tenant_asset_status_id}>
                <td>{s.moniker}</td>
                <td>
                  <Switch
                    checked={s.is_active}
                    disabled={readOnly || busy === s.tenant_asset_status_id}
                    aria-label={`${s.moniker} active`}
                    onChange={() => void toggle(s)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </section>
  );
}
