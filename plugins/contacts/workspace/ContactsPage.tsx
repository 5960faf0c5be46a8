/**
 * /userList: the contacts of the tenant's client companies (platform.md 2.4 "user list"), for every tenant (with or
 * without Customer Success): all companies or one (?companyId=N, as the companies page links it), with the import.
 */
import { FormGroup, HTMLSelect, NonIdealState } from '@blueprintjs/core';
import { useState } from 'react';
import { PageHeader, PageLoading, useCompanies, useReadOnly, useTenant } from '../../../workspace/sdk';
import { CONTACTS_PAGE } from '../shared/pages';
import { ContactsList } from './ContactsList';
import './contacts.css';

function companyFromUrl(): number | null {
  const v = Number(new URLSearchParams(window.location.search).get('companyId'));
  return Number.isSafeInteger(v) && v > 0 ? v : null;
}

export default function ContactsPage() {
  const tenant = useTenant();
  const readOnly = useReadOnly(CONTACTS_PAGE);
  const companies = useCompanies();
  const [companyId, setCompanyId] = useState<number | null>(companyFromUrl);

  const choose = (id: number | null) => {
    setCompanyId(id);
    const url = new URL(window.location.href);
    if (id) url.searchParams.set('companyId', String(id));
    else url.searchParams.delete('companyId');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  };

  if (!tenant) return <PageLoading what="contacts" />;
  const list = companies ?? [];
  const known = companyId === null || list.some((c) => c.tenant_company_id === companyId);
  return (
    <div className="lci-page">
      <PageHeader
        title="Contacts"
        subtitle="The people of your client companies and their part in business reviews"
        readOnly={readOnly}
        link={
          readOnly ? undefined : { text: 'Import from CSV', to: '/datamanager/import?kind=contacts', icon: 'import' }
        }
      />
      <FormGroup label="Contacts of" labelFor="contacts-company" inline>
        <HTMLSelect
          id="contacts-company"
          value={companyId ?? ''}
          onChange={(e) => choose(e.target.value ? Number(e.target.value) : null)}
          options={[
            { value: '', label: 'All companies' },
            ...list.map((c) => ({ value: c.tenant_company_id, label: c.name })),
          ]}
        />
      </FormGroup>
      {companies && !known ? (
        <NonIdealState icon="office" title="Company not found" description="Choose a company above." />
      ) : (
        <ContactsList tenantId={tenant.tenantId} companyId={companyId} companies={list} readOnly={readOnly} fill />
      )}
    </div>
  );
}
