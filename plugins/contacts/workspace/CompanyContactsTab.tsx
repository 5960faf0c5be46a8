/**
 * The company detail's Contacts tab (slot companyDetailTabs of /cs/company/detail, anchor #contacts): the selected
 * company's contacts. Writing needs Read/Write on /userList as well as on the detail page.
 */
import { NonIdealState } from '@blueprintjs/core';
import { useCompanies, useReadOnly, useTenant, type CompanyDetailSlotProps } from '../../../workspace/sdk';
import { CONTACTS_PAGE } from '../shared/pages';
import { ContactsList } from './ContactsList';
import './contacts.css';

export default function CompanyContactsTab({ companyId, readOnly }: CompanyDetailSlotProps) {
  const tenant = useTenant();
  const companies = useCompanies() ?? [];
  const contactsReadOnly = useReadOnly(CONTACTS_PAGE);
  if (!tenant || !companyId)
    return <NonIdealState icon="people" title="Select a company" description="Choose a company to see its contacts." />;
  return (
    <ContactsList
      key={companyId}
      tenantId={tenant.tenantId}
      companyId={companyId}
      companies={companies}
      readOnly={readOnly || contactsReadOnly}
    />
  );
}
