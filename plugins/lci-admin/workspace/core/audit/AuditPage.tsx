/** /lciadmin/audit: the audit log — search by tenant, action, text and date range; paged; each entry's details expand. */
import { Button, Callout, Code, FormGroup, HTMLTable, InputGroup, NonIdealState } from '@blueprintjs/core';
import { Fragment, useState } from 'react';
import { api, PageLoadError, PageLoading } from '../../../../../workspace/sdk';
import { AdminPageHeader } from '../AdminPageHeader';
import { formatDateTime } from '../format';
import { useLoad } from '../useLoad';
import type { AuditPage as Page } from '../../../shared/api';
import { auditSearchParams, filterErrors, type AuditFilters } from './filters';

const PAGE_SIZE = 50;
const EMPTY: AuditFilters = { tenantId: '', action: '', text: '', since: '', until: '' };

export default function AuditPage() {
  const [draft, setDraft] = useState<AuditFilters>(EMPTY);
  const [applied, setApplied] = useState<AuditFilters>(EMPTY);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Set<number>>(new Set());
  const errors = filterErrors(draft);
  const { data, error, loading, reload } = useLoad(
    () => api.get<Page>(`/v3/lciadmin/audit?${auditSearchParams(applied, page, PAGE_SIZE)}`),
    [applied, page],
  );

  const set = (k: keyof AuditFilters) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setDraft((d) => ({ ...d, [k]: e.target.value }));
  const search = (e?: React.FormEvent) => {
    e?.preventDefault();
    if (Object.keys(errors).length) return;
    setApplied(draft);
    setPage(1);
    setOpen(new Set());
  };
  const toggle = (id: number) =>
    setOpen((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <div>
      <AdminPageHeader
        title="Audit Log"
        subtitle="Admin, support and impersonation actions across tenants, newest first."
      />
      <form
        onSubmit={search}
        style={{ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'flex-start' }}
        aria-label="Audit search"
      >
        <FormGroup
          label="Tenant id"
          labelFor="lci-audit-tenant"
          intent={errors.tenantId ? 'danger' : 'none'}
          helperText={errors.tenantId}
        >
          <InputGroup
            id="lci-audit-tenant"
            value={draft.tenantId}
            onChange={set('tenantId')}
            style={{ width: 110 }}
            intent={errors.tenantId ? 'danger' : 'none'}
          />
        </FormGroup>
        <FormGroup label="Action" labelFor="lci-audit-action" helperText="e.g. maintenance, impersonation.start">
          <InputGroup id="lci-audit-action" value={draft.action} onChange={set('action')} />
        </FormGroup>
        <FormGroup label="Text" labelFor="lci-audit-text">
          <InputGroup id="lci-audit-text" value={draft.text} onChange={set('text')} leftIcon="search" />
        </FormGroup>
        <FormGroup
          label="From"
          labelFor="lci-audit-since"
          intent={errors.since ? 'danger' : 'none'}
          helperText={errors.since}
        >
          <InputGroup id="lci-audit-since" type="date" value={draft.since} onChange={set('since')} />
        </FormGroup>
        <FormGroup
          label="To"
          labelFor="lci-audit-until"
          intent={errors.until ? 'danger' : 'none'}
          helperText={errors.until}
        >
          <InputGroup id="lci-audit-until" type="date" value={draft.until} onChange={set('until')} />
        </FormGroup>
        <FormGroup label={'\u00a0'}>
          <Button
            type="submit"
            intent="primary"
            icon="search"
            text="Search"
            disabled={Object.keys(errors).length > 0}
          />
          <Button
            variant="minimal"
            text="Clear"
            style={{ marginLeft: 8 }}
            onClick={() => {
              setDraft(EMPTY);
              setApplied(EMPTY);
              setPage(1);
            }}
          />
        </FormGroup>
      </form>
      {loading && !data && <PageLoading what="the audit log" />}
      {error && <PageLoadError title="The audit log could not be loaded" error={error} retry={reload} busy={loading} />}
      {data && !data.entries.length && (
        <NonIdealState icon="history" title="No audit entries match" description="Change or clear the filters." />
      )}
      {data && data.entries.length > 0 && (
        <>
          <HTMLTable compact striped style={{ width: '100%' }} aria-label="Audit entries">
            <thead>
              <tr>
                <th aria-label="Details" />
                <th>When</th>
                <th>Tenant</th>
                <th>Action</th>
                <th>Target</th>
                <th>By</th>
                <th>Impersonator</th>
              </tr>
            </thead>
            <tbody>
              {data.entries.map((e) => (
                <Fragment key={e.auditId}>
                  <tr>
                    <td>
                      <Button
                        size="small"
                        variant="minimal"
                        icon={open.has(e.auditId) ? 'chevron-down' : 'chevron-right'}
                        aria-expanded={open.has(e.auditId)}
                        aria-label={`Details of entry ${e.auditId}`}
                        onClick={() => toggle(e.auditId)}
                      />
                    </td>
                    <td>{formatDateTime(e.at)}</td>
                    <td>{e.tenantId === 0 ? 'Platform' : `${e.tenantName ?? ''} (${e.tenantId})`}</td>
                    <td>
                      <Code>{e.action}</Code>
                    </td>
                    <td>{e.target}</td>
                    <td>{e.actor ?? (typeof e.details.by === 'string' ? e.details.by : '')}</td>
                    <td>{e.impersonator}</td>
                  </tr>
                  {open.has(e.auditId) && (
                    <tr>
                      <td />
                      <td colSpan={6}>
                        <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{JSON.stringify(e.details, null, 2)}</pre>
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </HTMLTable>
          <div
            style={{ display: 'flex', gap: 8, alignItems: 'center', marginTop: 12 }}
            role="navigation"
            aria-label="Pages"
          >
            <Button
              icon="chevron-left"
              text="Previous"
              disabled={page <= 1 || loading}
              onClick={() => setPage((p) => p - 1)}
            />
            <span>
              Page {data.page} of {pages} ({data.total} entries)
            </span>
            <Button
              rightIcon="chevron-right"
              text="Next"
              disabled={page >= pages || loading}
              onClick={() => setPage((p) => p + 1)}
            />
          </div>
        </>
      )}
      {error && data && <Callout intent="danger">{error}</Callout>}
    </div>
  );
}
