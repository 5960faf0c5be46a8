/**
 * /assettypemanager: the tenant's asset types with every field of platform.md section 3 (create with id 0, then the
 * list is loaded again; edit in place; delete after a confirmation, a failure shows the text of section 5), a
 * company's own settings of each type (the selected company), and the asset statuses toggle.
 */
import { Alert, Button, Callout, HTMLSelect, HTMLTable, NonIdealState, Tag } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import {
  api,
  PageHeader,
  PageLoadError,
  PageLoading,
  pushMessage,
  useReadOnly,
  useSelectedCompany,
  useTenant,
} from '../../../../workspace/sdk';
import { MISSING_FLAGS, type AssetStatusRow, type AssetType, type CompanyAssetType } from '../../shared/api-types';
import { formatCost } from '../contracts/contract-form';
import { useCompanyData } from '../company-data/company-store';
import { AssetStatusesSection } from './AssetStatusesSection';
import { AssetTypeDialog } from './AssetTypeDialog';
import {
  assetTypeFormOf,
  MSG_DELETE_FAILED,
  newAssetTypeForm,
  settingsOf,
  type AssetTypeForm,
} from './asset-type-form';
import '../companies.css';

export const ASSET_TYPE_MANAGER_PAGE = '/assettypemanager';

export default function AssetTypeManagerPage() {
  const tenant = useTenant();
  const readOnly = useReadOnly(ASSET_TYPE_MANAGER_PAGE);
  const { companyId, company } = useSelectedCompany();
  const { data: companyData, reload: reloadCompany } = useCompanyData();
  const [types, setTypes] = useState<AssetType[] | null>(null);
  const [statuses, setStatuses] = useState<AssetStatusRow[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [scope, setScope] = useState<'tenant' | 'company'>('tenant');
  const [editing, setEditing] = useState<AssetType | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AssetType | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const base = tenant ? `/v3/tenant/${tenant.tenantId}` : '';
  const load = useCallback(async () => {
    if (!tenant) return;
    setLoading(true);
    try {
      setError(null);
      const [t, s] = await Promise.all([
        api.get<{ assetTypes: AssetType[] }>(`${base}/assetType`),
        api.get<{ assetStatuses: AssetStatusRow[] }>(`${base}/assetStatus`),
      ]);
      setTypes(t.assetTypes);
      setStatuses(s.assetStatuses);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setLoading(false);
    }
  }, [tenant?.tenantId]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (companyId === null) setScope('tenant');
  }, [companyId]);

  const companyScope = scope === 'company' && companyId !== null && companyData.tenantCompanyId === companyId;
  const shownTypes: (AssetType | CompanyAssetType)[] = companyScope ? companyData.assetTypes : (types ?? []);

  const saveTenant = async (form: AssetTypeForm): Promise<void> => {
    const id = editing === 'new' || !editing ? 0 : editing.asset_type_id;
    const body = {
      assetTypeId: id,
      asset_type_moniker: form.asset_type_moniker.trim(),
      ...settingsOf(form),
      ...(editing !== 'new' && editing ? { version: editing.version } : {}),
    };
    const r = await api.post<{ records_updated: number; asset_type_id: number }>(`${base}/assetType`, body);
    if (id === 0)
      await load(); // id 0 created: the list is loaded again
    else if (r.records_updated > 0)
      setTypes((list) =>
        (list ?? []).map((t) =>
          t.asset_type_id === id
            ? { ...t, asset_type_moniker: body.asset_type_moniker, ...settingsOf(form), version: t.version + 1 }
            : t,
        ),
      );
    pushMessage({ msg_type: 'success', msg: `${body.asset_type_moniker} saved.` });
    setEditing(null);
    if (companyId !== null) void reloadCompany('assetTypes');
  };

  const saveCompany = async (form: AssetTypeForm): Promise<void> => {
    if (!editing || editing === 'new' || companyId === null) return;
    const t = editing as CompanyAssetType;
    await api.put(`${base}/company/${companyId}/assetType`, {
      assetTypeId: t.asset_type_id,
      ...settingsOf(form),
      ...(t.company_override ? { version: t.version } : {}),
    });
    await reloadCompany('assetTypes');
    pushMessage({ msg_type: 'success', msg: `${t.asset_type_moniker} saved for ${company?.name}.` });
    setEditing(null);
  };

  const resetToDefaults = async (t: CompanyAssetType) => {
    try {
      await api.del(`${base}/company/${companyId}/assetType/${t.asset_type_id}`);
      await reloadCompany('assetTypes');
    } catch (e) {
      pushMessage({ msg_type: 'error', msg: (e as Error).message });
    }
  };

  const remove = async (t: AssetType) => {
    setDeleting(null);
    try {
      const r = await api.del<{ records_updated: number }>(`${base}/assetType/${t.asset_type_id}?version=${t.version}`);
      if (r.records_updated > 0) setTypes((list) => (list ?? []).filter((x) => x.asset_type_id !== t.asset_type_id));
      else setDeleteError(MSG_DELETE_FAILED);
    } catch {
      setDeleteError(MSG_DELETE_FAILED);
      void load(); // the list as stored now (e.g. deleted or changed in another session)
    }
  };

  const header = (
    <PageHeader
      title="Asset Type Manager"
      subtitle="Replacement costs, life spans and missing-data rules by asset type"
      readOnly={readOnly}
    />
  );
  if (error && !types)
    return (
      <div className="lci-page">
        {header}
        <PageLoadError title="Asset types could not be loaded" error={error} retry={() => void load()} busy={loading} />
      </div>
    );
  if (!types || !tenant)
    return (
      <div className="lci-page">
        {header}
        <PageLoading what="asset types" />
      </div>
    );

  return (
    <div className="lci-page">
      {header}
      {deleteError && (
        <Callout intent="danger" role="alert" icon="error" title="Delete failed">
          {deleteError} <Button variant="minimal" text="Dismiss" onClick={() => setDeleteError(null)} />
        </Callout>
      )}
      <section aria-labelledby="asset-types-heading">
        <div className="lci-toolbar">
          <h2 id="asset-types-heading" className="bp6-heading" style={{ margin: 0, fontSize: 16 }}>
            Asset types
          </h2>
          <HTMLSelect
            aria-label="Settings for"
            value={scope}
            onChange={(e) => setScope(e.currentTarget.value as 'tenant' | 'company')}
            options={[
              { value: 'tenant', label: 'Defaults for every company' },
              ...(companyId !== null && company ? [{ value: 'company', label: `Settings of ${company.name}` }] : []),
            ]}
          />
          {!readOnly && scope === 'tenant' && (
            <Button icon="add" intent="primary" text="Add asset type" onClick={() => setEditing('new')} />
          )}
        </div>
        {scope === 'company' && !companyScope ? (
          <PageLoading what="the company's asset types" />
        ) : shownTypes.length === 0 ? (
          <NonIdealState
            icon="desktop"
            title="No asset types yet"
            description="Add the kinds of assets you track: workstations, servers, network devices..."
          />
        ) : (
          <HTMLTable striped aria-label="Asset types" className="lci-table">
            <thead>
              <tr>
                <th>Asset type</th>
                <th>Replacement cost</th>
                <th>Life (months)</th>
                <th>End of life warning (months)</th>
                <th>Warranty warning (months)</th>
                <th>Missing data when absent</th>
                {companyScope && <th>Source</th>}
                {!readOnly && (
                  <th>
                    <span className="bp6-text-muted">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {shownTypes.map((t) => (
                <tr key={t.asset_type_id}>
                  <td>{t.asset_type_moniker}</td>
                  <td>{formatCost(t.default_replacement_cost, tenant.currency)}</td>
                  <td>{t.default_life_in_months}</td>
                  <td>{t.approaching_duration_in_months_eol}</td>
                  <td>{t.approaching_duration_in_months_warranty}</td>
                  <td>
                    <span className="lci-flag-tags">
                      {MISSING_FLAGS.filter(([k]) => t[k]).map(([k, label]) => (
                        <Tag key={k} minimal>
                          {label}
                        </Tag>
                      ))}
                    </span>
                  </td>
                  {companyScope && (
                    <td>
                      {(t as CompanyAssetType).company_override ? (
                        <Tag intent="primary" minimal>
                          Company
                        </Tag>
                      ) : (
                        <Tag minimal>Default</Tag>
                      )}
                    </td>
                  )}
                  {!readOnly && (
                    <td className="lci-row-actions">
                      <Button
                        variant="minimal"
                        icon="edit"
                        aria-label={`Edit ${t.asset_type_moniker}`}
                        onClick={() => setEditing(t)}
                      />
                      {companyScope ? (
                        (t as CompanyAssetType).company_override && (
                          <Button
                            variant="minimal"
                            icon="reset"
                            aria-label={`Use the defaults for ${t.asset_type_moniker}`}
                            onClick={() => void resetToDefaults(t as CompanyAssetType)}
                          />
                        )
                      ) : (
                        <Button
                          variant="minimal"
                          icon="trash"
                          intent="danger"
                          aria-label={`Delete ${t.asset_type_moniker}`}
                          onClick={() => setDeleting(t)}
                        />
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </section>
      <AssetStatusesSection
        tenantId={tenant.tenantId}
        statuses={statuses}
        readOnly={readOnly}
        onChange={setStatuses}
        reload={load}
      />
      {editing && (
        <AssetTypeDialog
          title={
            editing === 'new'
              ? 'Add asset type'
              : companyScope
                ? `${editing.asset_type_moniker} for ${company?.name}`
                : `Edit ${editing.asset_type_moniker}`
          }
          initial={editing === 'new' ? newAssetTypeForm() : assetTypeFormOf(editing)}
          withName={!companyScope}
          onSave={companyScope ? saveCompany : saveTenant}
          onClose={() => setEditing(null)}
        />
      )}
      <Alert
        isOpen={deleting !== null}
        intent="danger"
        icon="trash"
        cancelButtonText="Cancel"
        confirmButtonText="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) void remove(deleting);
        }}
      >
        <p>Delete the asset type {deleting?.asset_type_moniker}? Companies' own settings of it are deleted too.</p>
      </Alert>
    </div>
  );
}
