/**
 * /contractManager: the selected company's contracts (customer-success.md sections 3-5). Add, edit, delete after a
 * confirmation, copy into other companies; the notice date shown in the tenant's date format. The local list changes
 * only when the server reports records_updated > 0; a copy leaves it as it is; an insert keeps the returned id.
 * Read-only pages show the list without the controls.
 */
import { Alert, Button, NonIdealState } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import {
  ApiError,
  api,
  PageHeader,
  PageLoadError,
  PageLoading,
  pushMessage,
  useCompanies,
  useReadOnly,
  useSelectedCompany,
  useTenant,
} from '../../../../workspace/sdk';
import type { Contract, ContractInput } from '../../shared/contract-fields';
import { applyWriteResult, type RecordOperation } from '../../shared/record-results';
import { useCompanyData } from '../company-data/company-store';
import { emptyForm, formOf } from './contract-form';
import { ContractDialog } from './ContractDialog';
import { ContractsTable } from './ContractsTable';
import { CopyDialog } from './CopyDialog';
import '../companies.css';
import { MSG_MUST_SELECT_CUSTOMER } from '../../../../common/texts';

export const CONTRACT_MANAGER_PAGE = '/contractManager';

interface WriteAnswer {
  records_updated: number;
  tenant_company_contract_id?: number;
  contract?: Contract;
  tenant_company_contract_ids?: number[];
}

export default function ContractManagerPage() {
  const tenant = useTenant();
  const readOnly = useReadOnly(CONTRACT_MANAGER_PAGE);
  const companies = useCompanies();
  const { companyId, company } = useSelectedCompany();
  const { data, reload, setContracts } = useCompanyData();
  const [editing, setEditing] = useState<Contract | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Contract | null>(null);
  const [copying, setCopying] = useState<Contract | null>(null);
  const current = data.tenantCompanyId === companyId && companyId !== null;

  // Opening the page shows the contracts as stored now (another user may have changed them).
  useEffect(() => {
    if (current) void reload('contracts');
  }, [current]); // eslint-disable-line react-hooks/exhaustive-deps

  const url = tenant && companyId !== null ? `/v3/tenant/${tenant.tenantId}/company/${companyId}/contracts` : null;

  /** Sends one operation and applies the answer to the local list (section 4). */
  const send = async (
    operation: RecordOperation,
    payload: Record<string, unknown>,
    local: Contract,
  ): Promise<WriteAnswer> => {
    const answer = await api.post<WriteAnswer>(url!, { operation, payload });
    setContracts((list) =>
      applyWriteResult(
        list,
        (c) => c.tenant_company_contract_id,
        operation,
        local,
        {
          records_updated: answer.records_updated,
          id: answer.tenant_company_contract_id,
          record: answer.contract ?? null,
        },
        (c, id) => ({ ...c, tenant_company_contract_id: id }),
      ),
    );
    return answer;
  };

  const save = async (payload: ContractInput): Promise<void> => {
    try {
      if (editing === 'new') {
        const r = await send('insert', payload as unknown as Record<string, unknown>, {
          ...(payload as unknown as Contract),
          tenant_company_contract_id: 0,
        });
        if (r.records_updated > 0)
          pushMessage({ msg_type: 'success', msg: `The ${payload.vendor} contract was added.` });
      } else if (editing) {
        const r = await send(
          'update',
          { ...payload, tenant_company_contract_id: editing.tenant_company_contract_id, version: editing.version },
          { ...editing, ...payload },
        );
        if (r.records_updated > 0)
          pushMessage({ msg_type: 'success', msg: `The ${payload.vendor} contract was saved.` });
      }
      setEditing(null);
    } catch (e) {
      if ((e as ApiError).status === 409) void reload('contracts');
      throw e;
    }
  };

  const remove = async (c: Contract) => {
    setDeleting(null);
    try {
      const r = await send(
        'delete',
        { tenant_company_contract_id: c.tenant_company_contract_id, version: c.version },
        c,
      );
      if (r.records_updated > 0) pushMessage({ msg_type: 'success', msg: `The ${c.vendor} contract was deleted.` });
    } catch (e) {
      pushMessage({ msg_type: 'error', msg: `The ${c.vendor} contract could not be deleted: ${(e as Error).message}` });
      if ((e as ApiError).status === 409 || (e as ApiError).status === 404) void reload('contracts');
    }
  };

  const copy = async (c: Contract, targets: number[]): Promise<string | null> => {
    try {
      const r = await send(
        'copy',
        { tenant_company_contract_id: c.tenant_company_contract_id, target_tenant_company_ids: targets },
        c,
      );
      pushMessage({
        msg_type: 'success',
        msg: `The ${c.vendor} contract was copied to ${r.records_updated} compan${r.records_updated === 1 ? 'y' : 'ies'}.`,
      });
      setCopying(null);
      return null;
    } catch (e) {
      return (e as Error).message;
    }
  };

  const header = (
    <PageHeader
      title="Contract Manager"
      subtitle={company ? `Contracts of ${company.name}` : undefined}
      readOnly={readOnly}
    >
      {!readOnly && current && (
        <Button icon="add" intent="primary" text="Add contract" onClick={() => setEditing('new')} />
      )}
    </PageHeader>
  );

  if (companyId === null || !tenant) {
    return (
      <div className="lci-page">
        {header}
        <NonIdealState
          icon="office"
          title={MSG_MUST_SELECT_CUSTOMER}
          description="Choose a company in the company selector to see its contracts."
        />
      </div>
    );
  }
  const loading = !current || (data.loading.includes('contracts') && data.contracts.length === 0);
  if (current && data.errors.contracts && data.contracts.length === 0) {
    return (
      <div className="lci-page">
        {header}
        <PageLoadError
          title="Contracts could not be loaded"
          error={data.errors.contracts}
          retry={() => void reload('contracts')}
          busy={data.loading.includes('contracts')}
        />
      </div>
    );
  }
  if (loading)
    return (
      <div className="lci-page">
        {header}
        <PageLoading what="contracts" />
      </div>
    );

  const dateFormat = tenant.dateFormat;
  const others = (companies ?? [])
    .filter((c) => c.is_active && c.tenant_company_id !== companyId)
    .map((c) => ({ tenant_company_id: c.tenant_company_id, name: c.name }));

  return (
    <div className="lci-page">
      {header}
      {data.contracts.length === 0 ? (
        <NonIdealState
          icon="document"
          title="No contracts yet"
          description={`${company?.name ?? 'This company'} has no contracts.`}
          action={
            readOnly ? undefined : (
              <Button icon="add" intent="primary" text="Add contract" onClick={() => setEditing('new')} />
            )
          }
        />
      ) : (
        <ContractsTable
          contracts={data.contracts}
          currency={tenant.currency}
          dateFormat={dateFormat}
          readOnly={readOnly}
          copyDisabled={others.length === 0}
          onEdit={setEditing}
          onCopy={setCopying}
          onDelete={setDeleting}
        />
      )}
      {editing && (
        <ContractDialog
          title={editing === 'new' ? 'Add contract' : `Edit the ${editing.vendor} contract`}
          initial={editing === 'new' ? emptyForm() : formOf(editing)}
          locations={data.filters?.locations ?? []}
          dateFormat={dateFormat}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      )}
      {copying && (
        <CopyDialog
          vendor={copying.vendor}
          companies={others}
          onCopy={(ids) => copy(copying, ids)}
          onClose={() => setCopying(null)}
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
        <p>
          Delete the {deleting?.vendor} contract{deleting?.account ? ` (${deleting.account})` : ''} of {company?.name}?
          This cannot be undone.
        </p>
      </Alert>
    </div>
  );
}
