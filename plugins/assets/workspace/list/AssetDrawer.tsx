/**
 * An asset's detail drawer (opened from a row of the list): every field, its lifecycle as of today (warranty state,
 * age, end of life, replacement due and cost, due soon), which source gave each field, and the way to its PSA view
 * (/assetpsaview?assetId=N). Edit and Delete for Read/Write access.
 */
import { Button, Classes, Drawer, HTMLTable, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { api, navigate, useTenantFormat } from '../../../../workspace/sdk';
import type { Asset } from '../../shared/api';
import { assetSourcesPath, type AssetFieldSource } from '../../shared/columns';
import { ASSET_SOURCE_LABELS, type AssetSource } from '../../shared/fields';
import { LIFECYCLE_LABELS } from '../../shared/lifecycle';
import { LIFECYCLE_INTENTS } from './format';
import { ASSET_PSA_VIEW } from '../../shared/pages';
import { cellText, dueSoonText, WARRANTY_LABELS } from './format';

const EOL_LABELS = { ok: 'OK', approaching: 'Approaching', reached: 'Reached', unknown: 'Unknown' } as const;

/** The field names of asset_field_sources as a person reads them. */
const FIELD_LABELS: Record<string, string> = {
  tenant_company_id: 'Company',
  asset_type_id: 'Type',
  tenant_asset_status_id: 'Status',
  location_id: 'Location',
  name: 'Name',
  serial: 'Serial',
  make: 'Make',
  model: 'Model',
  purchase_date: 'Purchase date',
  warranty_start: 'Warranty start',
  warranty_expiry: 'Warranty expiry',
  eol_date: 'End of life',
  operating_system: 'Operating system',
  assigned_to: 'Assigned to',
  cost: 'Cost',
  notes: 'Notes',
};

export interface AssetDrawerProps {
  tenantId: number;
  asset: Asset | null;
  readOnly: boolean;
  onClose(): void;
  onEdit(asset: Asset): void;
  onDelete(asset: Asset): void;
}

export function AssetDrawer({ tenantId, asset, readOnly, onClose, onEdit, onDelete }: AssetDrawerProps) {
  const f = useTenantFormat();
  const [sources, setSources] = useState<AssetFieldSource[] | null | 'error'>(null);
  useEffect(() => {
    if (!asset) return;
    let live = true;
    setSources(null);
    api.get<{ sources: AssetFieldSource[] }>(assetSourcesPath(tenantId, asset.asset_id), { expect: 'sources' }).then(
      (r) => live && setSources(r.sources),
      () => live && setSources('error'),
    );
    return () => {
      live = false;
    };
  }, [tenantId, asset]);

  const rows: [string, string][] = asset
    ? [
        ['Company', asset.company_moniker],
        ['Type', asset.asset_type_moniker ?? ''],
        ['Status', asset.status_moniker ?? ''],
        ['Serial', asset.serial ?? ''],
        ['Make', asset.make ?? ''],
        ['Model', asset.model ?? ''],
        ['Operating system', asset.operating_system ?? ''],
        ['Assigned to', asset.assigned_to ?? ''],
        ['Location id', asset.location_id === null ? '' : String(asset.location_id)],
        ['Purchase date', cellText(asset, 'purchase_date', f)],
        ['Warranty start', cellText(asset, 'warranty_start', f)],
        ['Warranty expiry', cellText(asset, 'warranty_expiry', f)],
        ['End of life date', cellText(asset, 'eol_date', f)],
        ['Cost', cellText(asset, 'cost', f)],
        ['Source', `${ASSET_SOURCE_LABELS[asset.source]}${asset.source_id ? ` (${asset.source_id})` : ''}`],
        ['Last seen', cellText(asset, 'last_seen_at', f)],
        ['Created', f.dateTime(asset.created_at)],
        ['Updated', f.dateTime(asset.updated_at)],
        ['Notes', asset.notes ?? ''],
      ]
    : [];
  const lifecycle: [string, string][] = asset
    ? [
        ['Lifecycle state', LIFECYCLE_LABELS[asset.lifecycle_state]],
        ['Warranty', WARRANTY_LABELS[asset.warranty_state]],
        ['Age', asset.age_months === null ? 'Unknown (no purchase date)' : `${asset.age_months} months`],
        ['End of life', EOL_LABELS[asset.eol_state]],
        ['Replacement due', asset.replacement_due ? f.date(asset.replacement_due) : 'Unknown'],
        ['Replacement cost', asset.replacement_cost === null ? 'Unknown' : f.money(asset.replacement_cost)],
        ['Due soon', dueSoonText(asset.due_soon) || 'Not within a year'],
      ]
    : [];

  return (
    <Drawer
      isOpen={!!asset}
      onClose={onClose}
      title={asset?.name ?? ''}
      size="min(560px, 100vw)"
      className="asset-drawer"
    >
      {asset && (
        // The drawer's own element has no role: this names its content for assistive technology.
        <div role="dialog" aria-label={`Asset ${asset.name}`} className="asset-drawer-content">
          <div className={`${Classes.DRAWER_BODY} asset-drawer-body`}>
            <div className="asset-drawer-tags">
              <Tag large minimal intent={LIFECYCLE_INTENTS[asset.lifecycle_state]}>
                {LIFECYCLE_LABELS[asset.lifecycle_state]}
              </Tag>
            </div>
            <h3 className="bp6-heading">Lifecycle</h3>
            <Pairs label="Lifecycle" rows={lifecycle} />
            <h3 className="bp6-heading">Details</h3>
            <Pairs label="Details" rows={rows} />
            <h3 className="bp6-heading">Field sources</h3>
            {sources === null && <p className="bp6-text-muted">Loading the field sources…</p>}
            {sources === 'error' && <p className="bp6-text-muted">The field sources could not be loaded.</p>}
            {Array.isArray(sources) && sources.length === 0 && (
              <p className="bp6-text-muted">No source is recorded for the fields of this asset.</p>
            )}
            {Array.isArray(sources) && sources.length > 0 && (
              <HTMLTable compact striped aria-label="Field sources" className="asset-sources">
                <thead>
                  <tr>
                    <th>Field</th>
                    <th>Source</th>
                    <th>Source id</th>
                    <th>Seen</th>
                  </tr>
                </thead>
                <tbody>
                  {sources.map((s) => (
                    <tr key={s.field}>
                      <td>{FIELD_LABELS[s.field] ?? s.field}</td>
                      <td>{ASSET_SOURCE_LABELS[s.source as AssetSource] ?? s.source}</td>
                      <td>{s.source_id ?? ''}</td>
                      <td>{f.dateTime(s.seen_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            )}
          </div>
          <div className={Classes.DRAWER_FOOTER}>
            <Button
              icon="link"
              text="PSA view"
              onClick={() => void navigate(`${ASSET_PSA_VIEW}?assetId=${asset.asset_id}`)}
            />
            {!readOnly && (
              <>
                <Button icon="edit" text="Edit" onClick={() => onEdit(asset)} />
                <Button icon="trash" intent="danger" variant="outlined" text="Delete" onClick={() => onDelete(asset)} />
              </>
            )}
          </div>
        </div>
      )}
    </Drawer>
  );
}

function Pairs({ label, rows }: { label: string; rows: [string, string][] }) {
  return (
    <dl className="asset-pairs" aria-label={label}>
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
