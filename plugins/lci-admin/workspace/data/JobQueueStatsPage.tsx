/** /lcisupport/jobQueueStats: queues with counts by state; the jobs of one state (failed by default) with their error; retry and cancel. */
import { Alert, Button, Callout, HTMLSelect, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { useState } from 'react';
import { PageLoadError, PageLoading } from '../../../../workspace/sdk';
import { AdminPageHeader, SUPPORT_HOME } from '../core/AdminPageHeader';
import { useLoad } from '../core/useLoad';
import { dataApi, JOB_STATES, type JobInfo } from './api';

export default function JobQueueStatsPage() {
  const [queue, setQueue] = useState('');
  const [state, setState] = useState<string>('failed');
  const stats = useLoad(() => dataApi.queueStats(queue || undefined, state), [queue, state]);
  const [confirm, setConfirm] = useState<{ job: JobInfo; action: 'retry' | 'cancel' } | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ intent: 'success' | 'danger'; text: string } | null>(null);

  if (stats.loading && !stats.data) return <PageLoading what="job queues" />;
  if (stats.error && !stats.data) return <PageLoadError title="Could not load the job queues" error={stats.error} retry={stats.reload} busy={stats.loading} />;
  const data = stats.data!;

  const act = async () => {
    if (!confirm) return;
    setBusy(true);
    try {
      const job = confirm.action === 'retry' ? await dataApi.retry(confirm.job.id) : await dataApi.cancel(confirm.job.id);
      setNotice({ intent: 'success', text: `Job ${job.id} is now ${job.state}.` });
      stats.reload();
    } catch (e) {
      setNotice({ intent: 'danger', text: (e as Error).message });
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };

  return (
    <div className="lci-page">
      <AdminPageHeader title="Job Queue Stats" subtitle="Background job queues, failed jobs, retry and cancel" back={SUPPORT_HOME}>
        <Button icon="refresh" text="Refresh" variant="minimal" loading={stats.loading} onClick={stats.reload} />
      </AdminPageHeader>
      {notice && <Callout intent={notice.intent} role="status" style={{ marginBottom: 12 }}>{notice.text}</Callout>}
      {data.queues.length === 0 ? <NonIdealState icon="inbox" title="No queues" description="No plugin declares a job queue yet." /> : (
        <HTMLTable compact striped style={{ width: '100%', marginBottom: 16 }}>
          <thead><tr><th>Queue</th>{JOB_STATES.map((s) => <th key={s} style={{ textAlign: 'right' }}>{s}</th>)}</tr></thead>
          <tbody>
            {data.queues.map((q) => (
              <tr key={q.queue}>
                <td><Button variant="minimal" size="small" text={q.queue} onClick={() => setQueue(q.queue)} aria-label={`Show jobs of ${q.queue}`} /></td>
                {JOB_STATES.map((s) => <td key={s} style={{ textAlign: 'right', color: s === 'failed' && q.counts[s] ? 'var(--bp6-intent-danger, #cd4246)' : undefined }}>{q.counts[s] ?? 0}</td>)}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 8 }}>
        <label htmlFor="lci-jobs-queue">Queue</label>
        <HTMLSelect id="lci-jobs-queue" value={queue} onChange={(e) => setQueue(e.target.value)}>
          <option value="">All queues</option>
          {data.queues.map((q) => <option key={q.queue} value={q.queue}>{q.queue}</option>)}
        </HTMLSelect>
        <label htmlFor="lci-jobs-state">State</label>
        <HTMLSelect id="lci-jobs-state" value={state} onChange={(e) => setState(e.target.value)}>
          {JOB_STATES.map((s) => <option key={s} value={s}>{s}</option>)}
        </HTMLSelect>
      </div>
      {data.jobs.length === 0 ? <NonIdealState icon="tick-circle" title={`No ${state} jobs`} /> : (
        <HTMLTable compact striped style={{ width: '100%' }}>
          <thead><tr><th>Job</th><th>Queue</th><th>Created</th><th>Retries</th><th>Error</th><th /></tr></thead>
          <tbody>
            {data.jobs.map((j) => (
              <tr key={j.id}>
                <td><code>{j.id}</code></td>
                <td>{j.name}</td>
                <td>{new Date(j.createdOn).toLocaleString()}</td>
                <td>{j.retryCount}</td>
                <td style={{ whiteSpace: 'pre-wrap' }}>{j.error ?? ''}</td>
                <td style={{ whiteSpace: 'nowrap' }}>
                  {j.state === 'failed' && <Button size="small" icon="repeat" text="Retry" onClick={() => setConfirm({ job: j, action: 'retry' })} />}
                  {['created', 'retry', 'active'].includes(j.state) && <Button size="small" icon="cross" intent="warning" text="Cancel" onClick={() => setConfirm({ job: j, action: 'cancel' })} />}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <Alert isOpen={confirm !== null} loading={busy} intent={confirm?.action === 'cancel' ? 'warning' : 'primary'} icon={confirm?.action === 'cancel' ? 'cross' : 'repeat'}
        confirmButtonText={confirm?.action === 'cancel' ? 'Cancel job' : 'Retry job'} cancelButtonText="Keep as is" canEscapeKeyCancel
        onConfirm={() => void act()} onCancel={() => setConfirm(null)}>
        {confirm && <p>{confirm.action === 'cancel' ? 'Cancel' : 'Retry'} job <code>{confirm.job.id}</code> of queue {confirm.job.name}?</p>}
      </Alert>
    </div>
  );
}
