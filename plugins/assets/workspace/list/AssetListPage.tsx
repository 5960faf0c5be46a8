/**
 * /assetList (platform.md 2.4 "asset list"): the tenant's assets, filtered, sorted and paged by the server (GET
 * assetList), in the workspace's DataTable with the columns each user chose (kept on the server: tableSettings/assetList).
 * Filters, sort and page live in the url (a reload keeps them). Rows can be chosen for a bulk change of status or
 * type (POST assets/bulk) or a delete; a row opens the asset's drawer. Download CSV asks the server for every row
 * of the filters (GET assetList/csv). Read Only: the lock in the header, no writing controls.
 */
import { Alert, Button, Callout, NonIdealState } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  api,
  ApiError,
  navigate,
  PageHeader,
  PageLoading,
  pushMessage,
  saveFile,
  useReadOnly,
  useTenant,
  useTenantFormat,
} from '../../../../workspace/sdk';
import { assetPaths, type Asset, type AssetListAnswer, type AssetListSort } from '../../shared/api';
import { ASSET_LIST_PAGE } from '../../shared/pages';
import { AssetDialog } from './AssetDialog';
import { AssetDrawer } from './AssetDrawer';
import { AssetFilters, type Choice } from './AssetFilters';
import { AssetTable } from './AssetTable';
import { BulkBar } from './BulkBar';
import { apiQuery, hasFilters, listStateQuery, PAGE_SIZES, parseListState, type ListState } from './list-query';
import { useViewScope } from '../view-scope';
import './asset-list.css';

const IMPORT_PAGE = '/datamanager/import?kind=assets';

const ok = (msg: string) => pushMessage({ msg_type: 'success', msg, display_type: 'success' });
const fail = (msg: string) => pushMessage({ msg_type: 'error', msg, display_type: 'danger' });

export default function AssetListPage() {
  const tenant = useTenant();
  const fmt = useTenantFormat();
  const readOnly = useReadOnly(ASSET_LIST_PAGE);
  // The module view's companies (the Asset Insights view: AIR-only ones): the list and its filter keep to them.
  const scope = useViewScope();
  const companies = scope.companies;
  const scopeKey = scope.ids?.join(',');
  const [state, setState] = useState<ListState>(() => parseListState(window.location.search));
  const [data, setData] = useState<AssetListAnswer | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const [types, setTypes] = useState<Choice[]>([]);
  const [statuses, setStatuses] = useState<Choice[]>([]);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [open, setOpen] = useState<Asset | null>(null);
  const [editing, setEditing] = useState<Asset | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Asset | null>(null);
  const [downloading, setDownloading] = useState(false);
  const tenantId = tenant?.tenantId ?? null;

  const change = useCallback((patch: Partial<ListState>) => {
    setState((s) => {
      const paging = 'page' in patch || 'pageSize' in patch;
      const next = { ...s, ...patch, ...(paging ? {} : { page: 1 }) };
      const q = listStateQuery(next);
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${q ? `?${q}` : ''}`);
      return next;
    });
    if (!('page' in patch) && !('pageSize' in patch) && !('sort' in patch) && !('dir' in patch)) setSelected(new Set());
  }, []);

  // The page of assets.
  useEffect(() => {
    if (tenantId === null || companies === null) return;
    const ctl = new AbortController();
    setLoading(true);
    api
      .get<AssetListAnswer>(assetPaths.list(tenantId), {
        query: apiQuery(state, true, scope.ids),
        signal: ctl.signal,
        expect: 'assets',
      })
      .then(
        (r) => {
          setData(r);
          setError(null);
          setLoading(false);
        },
        (e) => {
          if (ctl.signal.aborted) return;
          setError((e as Error).message);
          setLoading(false);
        },
      );
    return () => ctl.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- scope.ids is read through scopeKey
  }, [tenantId, state, reload, companies === null, scopeKey]);

  // The types and statuses (for filters, the dialog and bulk changes).
  useEffect(() => {
    if (tenantId === null) return;
    let live = true;
    api
      .get<{ assetTypes: { asset_type_id: number; asset_type_moniker: string }[] }>(`/v3/tenant/${tenantId}/assetType`)
      .then(
        (r) => live && setTypes(r.assetTypes.map((t) => ({ value: t.asset_type_id, label: t.asset_type_moniker }))),
        () => undefined,
      );
    api
      .get<{ assetStatuses: { tenant_asset_status_id: number; moniker: string; is_active: boolean }[] }>(
        `/v3/tenant/${tenantId}/assetStatus`,
      )
      .then(
        (r) => live && setStatuses(r.assetStatuses.map((s) => ({ value: s.tenant_asset_status_id, label: s.moniker }))),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [tenantId]);

  const companyChoices = useMemo(
    () => (companies ?? []).map((c) => ({ value: c.tenant_company_id, label: c.name })),
    [companies],
  );

  const select = useCallback((ids: number[], on: boolean) => {
    setSelected((s) => {
      const next = new Set(s);
      for (const id of ids)
        if (on) next.add(id);
        else next.delete(id);
      return next;
    });
  }, []);
  const sortBy = useCallback((sort: AssetListSort, dir: 'asc' | 'desc') => change({ sort, dir }), [change]);

  const downloadCsv = async () => {
    if (tenantId === null || downloading) return;
    setDownloading(true);
    try {
      const text = await api.get<string>(`${assetPaths.list(tenantId)}/csv`, {
        answer: 'text',
        query: apiQuery(state, false, scope.ids),
      });
      const body = typeof text === 'string' ? text : '';
      // The browser's text() drops the byte-order mark the server sent; spreadsheets need it to read UTF-8.
      saveFile(`assets-${fmt.today()}.csv`, body.startsWith('\ufeff') ? body : `\ufeff${body}`);
    } catch (e) {
      fail(
        e instanceof ApiError && e.status === 404
          ? 'The CSV download is not available on this server.'
          : `The CSV could not be downloaded: ${(e as Error).message}`,
      );
    } finally {
      setDownloading(false);
    }
  };

  const removeOne = async (a: Asset) => {
    if (tenantId === null) return;
    try {
      await api.del(`${assetPaths.one(tenantId, a.asset_id)}?confirm=true&version=${a.version}`);
      ok(`Deleted ${a.name}.`);
      setOpen(null);
      select([a.asset_id], false);
      setReload((n) => n + 1);
    } catch (e) {
      fail((e as Error).message);
    }
  };

  if (!tenant) return <PageLoading what="assets" />;

  const total = data?.total ?? 0;
  const noAssetsAtAll = !!data && total === 0 && !hasFilters(state);

  return (
    <div className="lci-page asset-list-page">
      <PageHeader
        title="Assets"
        subtitle="The hardware of your client companies, with its warranty and end of life"
        readOnly={readOnly}
        actions={{ downloadCsv: () => void downloadCsv() }}
        busy={{ downloadCsv: downloading }}
      >
        {!readOnly && (
          <>
            <Button variant="outlined" icon="import" text="Import" onClick={() => void navigate(IMPORT_PAGE)} />
            <Button intent="primary" icon="add" text="Add asset" onClick={() => setEditing('new')} />
          </>
        )}
      </PageHeader>

      <AssetFilters state={state} companies={companyChoices} types={types} statuses={statuses} onChange={change} />

      {!readOnly && selected.size > 0 && (
        <BulkBar
          tenantId={tenant.tenantId}
          ids={[...selected]}
          types={types}
          statuses={statuses}
          onClear={() => setSelected(new Set())}
          onDone={(deleted) => {
            if (deleted.length) select(deleted, false);
            setReload((n) => n + 1);
          }}
        />
      )}

      {error && !data ? (
        <NonIdealState
          icon="error"
          title="The assets could not be loaded"
          description={error}
          action={<Button icon="refresh" text="Try again" onClick={() => setReload((n) => n + 1)} />}
        />
      ) : !data ? (
        <PageLoading what="assets" />
      ) : noAssetsAtAll ? (
        <NonIdealState
          icon="desktop"
          title="No assets yet"
          description={
            readOnly
              ? 'Your company has no assets recorded yet.'
              : 'Import your assets from a CSV file on the import page, or add one by hand.'
          }
          action={
            readOnly ? undefined : (
              <div className="asset-empty-actions">
                <Button icon="import" text="Import assets" onClick={() => void navigate(IMPORT_PAGE)} />
                <Button intent="primary" icon="add" text="Add asset" onClick={() => setEditing('new')} />
              </div>
            )
          }
        />
      ) : (
        <AssetTable
          assets={data.assets}
          sort={state.sort}
          dir={state.dir}
          paging={{
            page: state.page,
            pageSize: state.pageSize,
            total,
            pageSizes: PAGE_SIZES,
            onChange: (page, pageSize) => change({ page, pageSize }),
          }}
          loading={loading}
          selected={readOnly ? null : selected}
          empty={
            <NonIdealState
              icon="filter"
              title="No assets match the filters"
              action={
                <Button
                  icon="filter-remove"
                  text="Clear filters"
                  onClick={() =>
                    change({ search: '', companies: [], types: [], statuses: [], states: [], dueSoon: null })
                  }
                />
              }
            />
          }
          onSelect={select}
          onSort={sortBy}
          onOpen={setOpen}
        />
      )}

      <AssetDrawer
        tenantId={tenant.tenantId}
        asset={open}
        readOnly={readOnly}
        onClose={() => setOpen(null)}
        onEdit={(a) => setEditing(a)}
        onDelete={(a) => setDeleting(a)}
      />
      {editing && (
        <AssetDialog
          tenantId={tenant.tenantId}
          companies={companies ?? []}
          types={types}
          statuses={statuses}
          asset={editing === 'new' ? undefined : editing}
          onClose={(saved) => {
            setEditing(null);
            if (!saved) return;
            ok(editing === 'new' ? `Added ${saved.name}.` : `Saved ${saved.name}.`);
            if (open) setOpen(saved);
            setReload((n) => n + 1);
          }}
        />
      )}
      <Alert
        isOpen={!!deleting}
        intent="danger"
        icon="trash"
        confirmButtonText="Delete"
        cancelButtonText="Cancel"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const a = deleting;
          setDeleting(null);
          if (a) void removeOne(a);
        }}
      >
        {deleting && <p>Delete the asset {deleting.name}? This cannot be undone.</p>}
      </Alert>
      {error && data && (
        <Callout intent="warning" className="asset-stale">
          The list could not be refreshed: {error}
        </Callout>
      )}
    </div>
  );
}
