/**
 * /lcisupport/dataresync: pick a tenant and the steps, start the resync (a job), watch its progress; the history of
 * recent resyncs below (all tenants, or the picked one), refreshed while a resync is running.
 */
import { Button, Callout, Checkbox, HTMLTable, NonIdealState, ProgressBar, Tag, type Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { PageLoadError, PageLoading } from '../../../../workspace/sdk';
import { AdminPageHeader, SUPPORT_HOME } from '../core/AdminPageHeader';
import { useLoad } from '../core/useLoad';
import { dataApi, type ResyncRun } from './api';
import { TenantPicker } from './TenantPicker';

const STATE_INTENT: Record<ResyncRun['state'], Intent> = { queued: 'none', running: 'primary', completed: 'success', failed: 'danger', cancelled: 'warning' };
const active = (r: ResyncRun) => r.state === 'queued' || r.state === 'running';

export default function DataResyncPage() {
  const setup = useLoad(() => Promise.all([dataApi.tenants(), dataApi.steps()]), []);
  const [tenantId, setTenantId] = useState<number | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const history = useLoad(() => dataApi.runs(tenantId ?? undefined), [tenantId]);
  const running = (history.data ?? []).some(active);

  useEffect(() => { if (setup.data) setChosen(setup.data[1].map((s) => s.name)); }, [setup.data]);
  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => history.reload(), 1500);
    return () => clearInterval(t);
  }, [running, history.reload]);

  if (setup.loading && !setup.data) return <PageLoading what="data resync" />;
  if (setup.error || !setup.data) return <PageLoadError title="Could not load the data resync" error={setup.error ?? ''} retry={setup.reload} busy={setup.loading} />;
  const [tenants, steps] = setup.data;

  const start = async () => {
    if (tenantId === null || !chosen.length) return;
    setBusy(true);
    setError(null);
    try {
      await dataApi.startResync(tenantId, chosen.length === steps.length ? ['all'] : chosen);
      history.reload();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="lci-page">
      <AdminPageHeader title="Data Resync" subtitle="Re-run a tenant's data synchronisation and recalculation jobs" back={SUPPORT_HOME} />
      <TenantPicker tenants={tenants} value={tenantId} onChange={setTenantId} disabled={busy} />
      <fieldset style={{ border: 0, padding: 0, margin: '0 0 12px' }}>
        <legend className="bp6-text-muted">Steps</legend>
        {steps.length === 0 && <Callout intent="warning">No plugin offers a resync step.</Callout>}
        {steps.map((s) => (
          <Checkbox key={s.name} label={`${s.description} (${s.name})`} checked={chosen.includes(s.name)} disabled={busy}
            onChange={(e) => setChosen((c) => ((e.target as HTMLInputElement).checked ? [...c, s.name] : c.filter((x) => x !== s.name)))} />
        ))}
      </fieldset>
      {error && <Callout intent="danger" role="alert" style={{ marginBottom: 12 }}>{error}</Callout>}
      <Button intent="primary" icon="refresh" text="Start resync" loading={busy} disabled={tenantId === null || chosen.length === 0} onClick={() => void start()} />
      {tenantId === null && <span className="bp6-text-muted" style={{ marginLeft: 8 }}>Choose a tenant first.</span>}

      <h3 style={{ marginTop: 24 }}>Recent resyncs{tenantId !== null ? ' of this tenant' : ''}</h3>
      {history.error && <PageLoadError title="Could not load the history" error={history.error} retry={history.reload} busy={history.loading} />}
      {!history.error && history.data && history.data.length === 0 && <NonIdealState icon="history" title="No resyncs yet" description="Resyncs started here or with `lci admin resync` appear here." />}
      {!history.error && !!history.data?.length && (
        <HTMLTable compact striped style={{ width: '100%' }}>
          <thead><tr><th>Started</th><th>Tenant</th><th>Steps</th><th>State</th><th style={{ width: '30%' }}>Progress</th><th>From</th></tr></thead>
          <tbody>
            {history.data.map((r) => (
              <tr key={r.resyncRunId}>
                <td>{new Date(r.createdAt).toLocaleString()}</td>
                <td>{r.tenantName ?? r.tenantId}</td>
                <td>{r.steps.join(', ')}</td>
                <td><Tag intent={STATE_INTENT[r.state]} minimal>{r.state}</Tag></td>
                <td>
                  <ProgressBar value={r.progress / 100} intent={STATE_INTENT[r.state]} animate={active(r)} stripes={active(r)} aria-label={`Progress ${r.progress}%`} />
                  <div className="bp6-text-small bp6-text-muted">{r.error ?? r.message ?? ''}</div>
                </td>
                <td>{r.requestedVia === 'cli' ? 'CLI' : 'Workspace'}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </div>
  );
}
