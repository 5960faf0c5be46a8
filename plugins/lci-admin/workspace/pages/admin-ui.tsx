/** What the pages share: loading a URL with loading and error states, a plain table, a confirm alert. */
import { Alert, FormGroup, HTMLSelect, HTMLTable, NonIdealState, type Intent } from '@blueprintjs/core';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { api, PageLoadError, PageLoading, pushMessage } from '../../../../workspace/sdk';

export function useAdminData<T>(url: string | null) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    if (!url) return;
    setBusy(true);
    try {
      setData(await api.get<T>(url));
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }, [url]);
  useEffect(() => {
    void load();
  }, [load]);
  return { data, error, busy, reload: load };
}

/** Loading / error / content. */
export function Loaded<T>({
  state,
  what,
  children,
}: {
  state: { data: T | null; error: string | null; busy: boolean; reload(): void };
  what: string;
  children(data: T): ReactNode;
}) {
  if (state.error)
    return (
      <PageLoadError title={`Could not load ${what}`} error={state.error} retry={state.reload} busy={state.busy} />
    );
  if (!state.data) return <PageLoading what={what} />;
  return <>{children(state.data)}</>;
}

export interface Col<R> {
  header: string;
  cell(row: R): ReactNode;
}
export function DataTable<R>({
  rows,
  cols,
  empty,
  rowKey,
}: {
  rows: R[];
  cols: Col<R>[];
  empty: string;
  rowKey(row: R): string | number;
}) {
  if (!rows.length) return <NonIdealState icon="inbox" title={empty} />;
  return (
    <HTMLTable striped compact interactive className="lci-admin-table" style={{ width: '100%' }}>
      <thead>
        <tr>
          {cols.map((c) => (
            <th key={c.header} scope="col">
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={rowKey(r)}>
            {cols.map((c) => (
              <td key={c.header}>{c.cell(r)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

/** Runs a write and reports the outcome as a toast; returns whether it succeeded. */
export async function act(fn: () => Promise<unknown>, done: string): Promise<boolean> {
  try {
    await fn();
    pushMessage({ msg_type: 'success', msg: done, display_type: 'success' });
    return true;
  } catch (e) {
    pushMessage({ msg_type: 'error', msg: (e as Error).message, display_type: 'danger' });
    return false;
  }
}

export function Confirm({
  open,
  text,
  confirm,
  intent = 'primary',
  onConfirm,
  onClose,
}: {
  open: boolean;
  text: ReactNode;
  confirm: string;
  intent?: Intent;
  onConfirm(): void;
  onClose(): void;
}) {
  return (
    <Alert
      isOpen={open}
      intent={intent}
      icon="warning-sign"
      confirmButtonText={confirm}
      cancelButtonText="Cancel"
      canEscapeKeyCancel
      onConfirm={onConfirm}
      onCancel={onClose}
    >
      {text}
    </Alert>
  );
}

export const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '');

/** Picks one tenant (names and ids from the support tenant list). */
export function TenantSelect({
  value,
  onChange,
  label = 'Tenant',
  allowAll,
}: {
  value: number | null;
  onChange(id: number | null): void;
  label?: string;
  allowAll?: string;
}) {
  const state = useAdminData<{ tenants: { tenant_id: number; name: string }[] }>('/v3/lcisupport/currency');
  if (state.error)
    return (
      <p role="alert" className="bp6-text-muted">
        Could not load tenants: {state.error}
      </p>
    );
  return (
    <FormGroup label={label} labelFor="lci-pages-tenant" inline>
      <HTMLSelect
        id="lci-pages-tenant"
        value={value ?? ''}
        disabled={!state.data}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
      >
        <option value="">{state.data ? (allowAll ?? 'Choose a tenant…') : 'Loading tenants…'}</option>
        {(state.data?.tenants ?? []).map((t) => (
          <option key={t.tenant_id} value={t.tenant_id}>
            {t.name} ({t.tenant_id})
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}

/** A validation message under a form (shown only once the user has typed something). */
export const Problem = ({ text }: { text: string | null }) =>
  text ? (
    <p role="status" style={{ color: 'var(--bp-intent-danger-text, #c23030)', margin: '4px 0 8px' }}>
      {text}
    </p>
  ) : null;
