/**
 * /lcisupport/deleteTenantData: pick a tenant, see the dry run (rows per tenant table, users removed and kept, what
 * blocks it), export its data (download link), then delete after typing the tenant's name; the result with the
 * export made just before the deletion.
 */
import { AnchorButton, Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLTable, InputGroup, NonIdealState } from '@blueprintjs/core';
import { useState } from 'react';
import { PageLoadError, PageLoading } from '../../../../workspace/sdk';
import { AdminPageHeader, SUPPORT_HOME } from '../core/AdminPageHeader';
import { useLoad } from '../core/useLoad';
import { dataApi, type DeletionPlan, type DeletionResult, type TenantExport } from './api';
import { TenantPicker } from './TenantPicker';

const matches = (name: string, typed: string) => typed.trim().length > 0 && typed.trim() === name.trim();

function ExportLink({ exported }: { exported: TenantExport }) {
  return (
    <Callout intent="success" icon="download" style={{ margin: '12px 0' }} title="Export ready">
      <p>{exported.rows} rows, {Math.ceil(exported.bytes / 1024)} KB: <code>{exported.path}</code></p>
      <AnchorButton href={exported.url} icon="download" text="Download export (JSON lines)" target="_blank" rel="noopener" />
      <span className="bp6-text-muted" style={{ marginLeft: 8 }}>The link works for one hour.</span>
    </Callout>
  );
}

function PlanView({ plan }: { plan: DeletionPlan }) {
  const rows = plan.tables.filter((t) => t.rows > 0);
  return (
    <>
      <p><strong>{plan.totalRows}</strong> rows in {rows.length} of {plan.tables.length} tenant tables.</p>
      {rows.length > 0 && (
        <HTMLTable compact striped style={{ minWidth: 360 }}>
          <thead><tr><th>Table</th><th style={{ textAlign: 'right' }}>Rows</th></tr></thead>
          <tbody>{rows.map((t) => <tr key={t.table}><td><code>{t.table}</code></td><td style={{ textAlign: 'right' }}>{t.rows}</td></tr>)}</tbody>
        </HTMLTable>
      )}
      <p style={{ marginTop: 12 }}>Users removed (no other tenant): {plan.usersRemoved.map((u) => u.username).join(', ') || 'none'}</p>
      <p>Users kept (they belong to other tenants; only their membership here goes): {plan.usersKept.map((u) => u.username).join(', ') || 'none'}</p>
      {plan.blockers.map((b) => <Callout key={b} intent="warning" icon="blocked-person" style={{ marginBottom: 8 }}>{b}</Callout>)}
    </>
  );
}

export default function DeleteTenantDataPage() {
  const tenants = useLoad(() => dataApi.tenants(), []);
  const [tenantId, setTenantId] = useState<number | null>(null);
  const plan = useLoad(() => (tenantId === null ? Promise.resolve(null) : dataApi.plan(tenantId)), [tenantId]);
  const [exported, setExported] = useState<TenantExport | null>(null);
  const [exporting, setExporting] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<DeletionResult | null>(null);

  if (tenants.loading && !tenants.data) return <PageLoading what="tenants" />;
  if (tenants.error || !tenants.data) return <PageLoadError title="Could not load the tenants" error={tenants.error ?? ''} retry={tenants.reload} busy={tenants.loading} />;

  const pick = (id: number | null) => { setTenantId(id); setExported(null); setResult(null); setError(null); };
  const doExport = async () => {
    if (tenantId === null) return;
    setExporting(true); setError(null);
    try { setExported(await dataApi.exportTenant(tenantId)); } catch (e) { setError((e as Error).message); } finally { setExporting(false); }
  };
  const doDelete = async () => {
    if (!plan.data || !matches(plan.data.name, typed)) return;
    setDeleting(true); setError(null);
    try {
      setResult(await dataApi.deleteTenant(plan.data.tenantId, typed));
      setConfirmOpen(false); setTyped(''); setTenantId(null); tenants.reload();
    } catch (e) {
      setError((e as Error).message); setConfirmOpen(false);
    } finally { setDeleting(false); }
  };
  const p = plan.data;

  return (
    <div className="lci-page">
      <AdminPageHeader title="Delete Tenant Data" subtitle="Export, then delete every row of a tenant's data in one transaction" back={SUPPORT_HOME} />
      {result && (
        <Callout intent="success" icon="tick-circle" title={`Deleted tenant ${result.name} (${result.tenantId})`} style={{ marginBottom: 12 }}>
          <p>{result.totalRows} rows deleted; {result.usersRemoved.length} users removed, {result.usersKept.length} kept.</p>
          <ExportLink exported={result.export} />
        </Callout>
      )}
      <TenantPicker tenants={tenants.data} value={tenantId} onChange={pick} disabled={deleting} />
      {error && <Callout intent="danger" role="alert" style={{ marginBottom: 12 }}>{error}</Callout>}
      {tenantId === null && !result && <NonIdealState icon="office" title="Choose a tenant" description="The dry run lists what would be deleted before anything is." />}
      {tenantId !== null && plan.loading && !p && <PageLoading what="the dry run" />}
      {tenantId !== null && plan.error && <PageLoadError title="Could not load the dry run" error={plan.error} retry={plan.reload} busy={plan.loading} />}
      {tenantId !== null && p && (
        <>
          <h3>Dry run: {p.name} ({p.tenantId})</h3>
          <PlanView plan={p} />
          {exported && <ExportLink exported={exported} />}
          <div style={{ display: 'flex', gap: 8, marginTop: 12 }}>
            <Button icon="export" text="Export data" loading={exporting} onClick={() => void doExport()} />
            <Button icon="trash" intent="danger" text="Delete tenant data…" disabled={p.blockers.length > 0} onClick={() => { setTyped(''); setConfirmOpen(true); }} />
          </div>
          <Dialog isOpen={confirmOpen} title={`Delete the data of ${p.name}?`} icon="trash" onClose={() => { if (!deleting) setConfirmOpen(false); }} canEscapeKeyClose={!deleting}>
            <DialogBody>
              <p>This exports, then deletes <strong>{p.totalRows}</strong> rows of <strong>{p.name}</strong> and removes {p.usersRemoved.length} users. It cannot be undone.</p>
              <FormGroup label={`Type the tenant's name (${p.name}) to confirm`} labelFor="lci-delete-confirm"
                intent={typed && !matches(p.name, typed) ? 'danger' : 'none'} helperText={typed && !matches(p.name, typed) ? 'The name does not match.' : undefined}>
                <InputGroup id="lci-delete-confirm" autoFocus value={typed} disabled={deleting} onChange={(e) => setTyped(e.target.value)}
                  onKeyDown={(e) => { if (e.key === 'Enter' && matches(p.name, typed)) void doDelete(); }} />
              </FormGroup>
            </DialogBody>
            <DialogFooter actions={<>
              <Button text="Cancel" disabled={deleting} onClick={() => setConfirmOpen(false)} />
              <Button intent="danger" icon="trash" text="Delete everything" loading={deleting} disabled={!matches(p.name, typed)} onClick={() => void doDelete()} />
            </>} />
          </Dialog>
        </>
      )}
    </div>
  );
}
