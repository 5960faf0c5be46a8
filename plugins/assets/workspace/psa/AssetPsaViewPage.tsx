/**
 * /assetpsaview?assetId=N (platform.md 2.2): the asset as its PSA sees it. No PSA integration exists yet, so this
 * shows what the asset itself knows of its PSA record: its source and source id; for an asset that came from a PSA,
 * the fields the PSA gave (asset_field_sources) and a link out only when a url of the record is known (none is
 * today). Any other asset: "No PSA is connected", never a made-up record. A missing or unknown assetId says so.
 */
import { Button, Callout, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import {
  api,
  ApiError,
  navigate,
  PageHeader,
  PageLoading,
  useTenant,
  useTenantFormat,
} from '../../../../workspace/sdk';
import { assetPaths, type Asset } from '../../shared/api';
import { assetSourcesPath, type AssetFieldSource } from '../../shared/columns';
import { ASSET_SOURCE_LABELS } from '../../shared/fields';
import { ASSET_LIST_PAGE } from '../../shared/pages';
import { cellText } from '../list/format';
import '../list/asset-list.css';

type Loaded =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'notFound' }
  | { kind: 'error'; message: string }
  | { kind: 'ok'; asset: Asset; sources: AssetFieldSource[] };

function assetIdFromUrl(): number | null {
  const raw = new URLSearchParams(window.location.search).get('assetId');
  if (!raw || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) ? n : null;
}

/** A url of the asset's record in its PSA, when one is known (no PSA integration records one yet). */
function psaRecordUrl(_asset: Asset): string | null {
  return null;
}

const backToList = (
  <Button icon="arrow-left" text="Back to the asset list" onClick={() => void navigate(ASSET_LIST_PAGE)} />
);

export default function AssetPsaViewPage() {
  const tenant = useTenant();
  const f = useTenantFormat();
  const [assetId] = useState(assetIdFromUrl);
  const [state, setState] = useState<Loaded>({ kind: assetId === null ? 'missing' : 'loading' });
  const tenantId = tenant?.tenantId ?? null;

  useEffect(() => {
    if (tenantId === null || assetId === null) return;
    let live = true;
    Promise.all([
      api.get<{ asset: Asset }>(assetPaths.one(tenantId, assetId), { expect: 'asset' }),
      api.get<{ sources: AssetFieldSource[] }>(assetSourcesPath(tenantId, assetId), { expect: 'sources' }),
    ]).then(
      ([a, s]) => live && setState({ kind: 'ok', asset: a.asset, sources: s.sources }),
      (e) => {
        if (!live) return;
        if (e instanceof ApiError && (e.status === 404 || e.status === 400)) setState({ kind: 'notFound' });
        else setState({ kind: 'error', message: (e as Error).message });
      },
    );
    return () => {
      live = false;
    };
  }, [tenantId, assetId]);

  if (!tenant) return <PageLoading what="the asset" />;
  const header = <PageHeader title="Asset PSA View" subtitle="The asset as its PSA sees it" />;
  const wrap = (body: React.ReactNode) => (
    <div className="lci-page asset-psa">
      {header}
      {body}
    </div>
  );

  if (state.kind === 'missing')
    return wrap(
      <NonIdealState
        icon="search"
        title="No asset chosen"
        description="Open this page from an asset of the asset list (its PSA view), or add ?assetId= with the asset's number."
        action={backToList}
      />,
    );
  if (state.kind === 'notFound')
    return wrap(
      <NonIdealState
        icon="search"
        title="Asset not found"
        description={`No asset numbered ${assetId} exists in your company's assets.`}
        action={backToList}
      />,
    );
  if (state.kind === 'error')
    return wrap(
      <NonIdealState
        icon="error"
        title="The asset could not be loaded"
        description={state.message}
        action={backToList}
      />,
    );
  if (state.kind === 'loading') return wrap(<PageLoading what="the asset" />);

  const { asset, sources } = state;
  const fromPsa = asset.source === 'psa';
  const psaFields = sources.filter((s) => s.source === 'psa');
  const url = psaRecordUrl(asset);
  return wrap(
    <>
      <h2 className="bp6-heading">{asset.name}</h2>
      <dl className="asset-pairs" aria-label="PSA record">
        <div>
          <dt>Company</dt>
          <dd>{asset.company_moniker}</dd>
        </div>
        <div>
          <dt>Source</dt>
          <dd>{ASSET_SOURCE_LABELS[asset.source]}</dd>
        </div>
        <div>
          <dt>Source id</dt>
          <dd>{asset.source_id ?? '—'}</dd>
        </div>
        {fromPsa && (
          <>
            <div>
              <dt>Serial</dt>
              <dd>{asset.serial ?? '—'}</dd>
            </div>
            <div>
              <dt>Make and model</dt>
              <dd>{[asset.make, asset.model].filter(Boolean).join(' ') || '—'}</dd>
            </div>
            <div>
              <dt>Type</dt>
              <dd>{asset.asset_type_moniker ?? '—'}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>{asset.status_moniker ?? '—'}</dd>
            </div>
            <div>
              <dt>Assigned to</dt>
              <dd>{asset.assigned_to ?? '—'}</dd>
            </div>
            <div>
              <dt>Warranty expiry</dt>
              <dd>{cellText(asset, 'warranty_expiry', f) || '—'}</dd>
            </div>
            <div>
              <dt>Last seen by the PSA</dt>
              <dd>{cellText(asset, 'last_seen_at', f) || '—'}</dd>
            </div>
          </>
        )}
      </dl>
      {fromPsa ? (
        <>
          <h3 className="bp6-heading">Fields the PSA gave</h3>
          {psaFields.length === 0 ? (
            <p className="bp6-text-muted">No field of this asset is recorded as coming from the PSA.</p>
          ) : (
            <HTMLTable compact striped aria-label="Fields from the PSA">
              <thead>
                <tr>
                  <th>Field</th>
                  <th>PSA record</th>
                  <th>Seen</th>
                </tr>
              </thead>
              <tbody>
                {psaFields.map((s) => (
                  <tr key={s.field}>
                    <td>{s.field}</td>
                    <td>{s.source_id ?? ''}</td>
                    <td>{f.dateTime(s.seen_at)}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
          {url ? (
            <Button icon="share" text="Open in the PSA" onClick={() => window.open(url, '_blank', 'noopener')} />
          ) : (
            <Callout intent="none" icon="info-sign" className="asset-stale">
              No link to this record in the PSA is known: no PSA integration is connected to give one.
            </Callout>
          )}
        </>
      ) : (
        <NonIdealState
          icon="offline"
          title="No PSA is connected"
          description={`This asset came from ${ASSET_SOURCE_LABELS[asset.source].toLowerCase() === 'manual' ? 'a manual entry' : ASSET_SOURCE_LABELS[asset.source]}, not from a PSA, and no PSA is connected to this account. To see assets as your PSA sees them, connect one under integration settings.`}
        />
      )}
      <div className="asset-empty-actions asset-stale">{backToList}</div>
    </>,
  );
}
