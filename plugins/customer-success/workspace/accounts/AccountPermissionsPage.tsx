/**
 * /cs/admin/accountpermissions (Account Permissions): which tenant users are account managers and which companies
 * each manages. Account managers and groups act as filters of the Customer Success pages, not as roles.
 */
import { Alert, Button, Callout, HTMLSelect, HTMLTable, NonIdealState, Spinner, Switch, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { FilterMenu, PageHeader, useCompanies, useReadOnly } from '../../../../workspace/sdk';
import { useCsApi } from '../cs-api';
import type { AccountManager, Candidate } from './types';
import '../admin/admin.css';

export default function AccountPermissionsPage() {
  const cs = useCsApi();
  const readOnly = useReadOnly();
  const companies = useCompanies() ?? [];
  const [managers, setManagers] = useState<AccountManager[] | null>(null);
  const [removed, setRemoved] = useState<AccountManager[]>([]);
  const [candidates, setCandidates] = useState<Candidate[]>([]);
  const [showRemoved, setShowRemoved] = useState(false);
  const [pick, setPick] = useState<number | ''>('');
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<AccountManager | null>(null);
  const companyName = (id: number) => companies.find((c) => c.tenant_company_id === id)?.name ?? `#${id}`;

  const load = async () => {
    try {
      setError(null);
      const active = await cs.csGet<'TenantAccountManager', AccountManager[]>('TenantAccountManager');
      const gone = await cs.csGet<'TenantAccountManager', AccountManager[]>('TenantAccountManager', { activeFlag: 0 });
      setManagers(active.tenantAccountManagers);
      setCandidates((active.candidates as Candidate[]) ?? []);
      setRemoved(gone.tenantAccountManagers);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  useEffect(() => {
    void load();
  }, [cs]);

  const run = async (f: () => Promise<unknown>) => {
    try {
      await f();
    } catch (e) {
      setError((e as Error).message);
    }
    await load();
  };
  const add = () =>
    run(async () => {
      if (pick !== '') await cs.csCreate('TenantAccountManager', { tenantUserId: pick, tenantCompanyIds: [] });
      setPick('');
    });
  const setCompanies = (m: AccountManager, ids: number[]) =>
    run(() =>
      cs.csUpdate('TenantAccountManager', m.tenantAccountManagerId, { tenantCompanyIds: ids, version: m.version }),
    );
  const restore = (m: AccountManager) =>
    run(() => cs.csUpdate('TenantAccountManager', m.tenantAccountManagerId, { activeFlag: 1, version: m.version }));
  const remove = (m: AccountManager) => run(() => cs.csDelete('TenantAccountManager', m.tenantAccountManagerId));

  return (
    <div className="lci-page">
      <PageHeader
        title="Account Permissions"
        subtitle="Account managers and the companies they manage"
        readOnly={readOnly}
      />
      {error && (
        <Callout intent="danger" title="Something went wrong">
          {error}
        </Callout>
      )}
      {!managers && !error && <Spinner aria-label="Loading account managers" />}
      {managers && (
        <section className="cs-section">
          {!readOnly && (
            <div className="cs-inline-form">
              <HTMLSelect
                aria-label="User to make account manager"
                value={pick}
                onChange={(e) => setPick(e.target.value ? Number(e.target.value) : '')}
                options={[
                  { value: '', label: candidates.length ? 'Choose a user…' : 'Every user is an account manager' },
                  ...candidates.map((c) => ({ value: c.tenantUserId, label: `${c.name} (${c.email})` })),
                ]}
              />
              <Button
                icon="add"
                intent="primary"
                text="Add account manager"
                disabled={pick === ''}
                onClick={() => void add()}
              />
            </div>
          )}
          {managers.length === 0 ? (
            <NonIdealState
              icon="people"
              title="No account managers yet"
              description="Make tenant users account managers and assign them companies; the Customer Success pages can then be filtered by them."
            />
          ) : (
            <HTMLTable striped className="lci-table" aria-label="Account managers">
              <thead>
                <tr>
                  <th>Account manager</th>
                  <th>Companies</th>
                  <th>Groups</th>
                  {!readOnly && <th aria-label="Actions" />}
                </tr>
              </thead>
              <tbody>
                {managers.map((m) => (
                  <tr key={m.tenantAccountManagerId}>
                    <td>
                      {m.name}
                      <div className="bp6-text-muted">{m.email}</div>
                    </td>
                    <td>
                      {readOnly ? (
                        m.tenantCompanyIds.map((id) => (
                          <Tag key={id} minimal>
                            {companyName(id)}
                          </Tag>
                        ))
                      ) : (
                        <FilterMenu
                          label="Companies"
                          options={companies.map((c) => ({ value: c.tenant_company_id, label: c.name }))}
                          selected={m.tenantCompanyIds}
                          onChange={(v) => void setCompanies(m, v as number[])}
                        />
                      )}
                      {!readOnly && m.tenantCompanyIds.length > 0 && (
                        <div className="bp6-text-muted">{m.tenantCompanyIds.map(companyName).join(', ')}</div>
                      )}
                    </td>
                    <td>{m.tenantAccountGroupIds.length}</td>
                    {!readOnly && (
                      <td>
                        <Button
                          variant="minimal"
                          icon="trash"
                          aria-label={`Remove ${m.name}`}
                          onClick={() => setConfirm(m)}
                        />
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
          <Switch
            className="cs-show-removed"
            checked={showRemoved}
            label={`Show removed account managers (${removed.length})`}
            onChange={() => setShowRemoved((x) => !x)}
          />
          {showRemoved && removed.length > 0 && (
            <HTMLTable compact className="lci-table" aria-label="Removed account managers">
              <tbody>
                {removed.map((m) => (
                  <tr key={m.tenantAccountManagerId} className="cs-muted-row">
                    <td>{m.name}</td>
                    <td>{m.email}</td>
                    <td>
                      {!readOnly && (
                        <Button variant="minimal" icon="undo" text="Restore" onClick={() => void restore(m)} />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
        </section>
      )}
      <Alert
        isOpen={confirm !== null}
        intent="danger"
        icon="trash"
        confirmButtonText="Remove"
        cancelButtonText="Cancel"
        onConfirm={() => {
          const m = confirm!;
          setConfirm(null);
          void remove(m);
        }}
        onCancel={() => setConfirm(null)}
        canEscapeKeyCancel
      >
        <p>
          Remove {confirm?.name} as account manager? Their company assignments are kept and come back if you restore
          them.
        </p>
      </Alert>
    </div>
  );
}
