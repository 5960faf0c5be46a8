/**
 * The contact routes (customer-success.md 7 "Other company-scoped endpoints": contact, userList), under
 * /v3/tenant/:tenantId/. Thin: parse with the shared schemas, call the service, audit, shape the answer. Every route
 * serves the page /userList: reading needs any access to it, writing Read/Write.
 */
import type { RouteRegistrar } from '../../../kernel/index';
import {
  companyParams,
  contactAnswer,
  contactDeleteAnswer,
  contactParams,
  contactWriteAnswer,
  createContactBody,
  deleteContactQuery,
  tenantParams,
  updateContactBody,
  userListAnswer,
  userListQuery,
} from '../shared/api';
import { CONTACTS_PAGE } from '../shared/pages';
import { createContact, editContact, getContact, listContacts, removeContact } from './service';

const page = CONTACTS_PAGE;

export function routes(r: RouteRegistrar): void {
  r.get(
    '/v3/tenant/:tenantId/userList',
    {
      summary: "Contacts of the tenant's companies: filtered, sorted and paged, with the total",
      params: tenantParams,
      query: userListQuery,
      page,
      response: userListAnswer,
    },
    async ({ db, query }) => listContacts(db, query),
  );

  r.get(
    '/v3/tenant/:tenantId/company/:tenantCompanyId/userList',
    {
      summary: 'Contacts of a company: filtered, sorted and paged, with the total',
      params: companyParams,
      query: userListQuery.omit({ tenantCompanyId: true }),
      page,
      response: userListAnswer,
    },
    async ({ db, params, query }) => listContacts(db, { ...query, tenantCompanyId: params.tenantCompanyId }),
  );

  r.get(
    '/v3/tenant/:tenantId/company/:tenantCompanyId/contact/:contactId',
    { summary: 'One contact of a company', params: contactParams, page, response: contactAnswer },
    async ({ db, params }) => ({ contact: await getContact(db, params.tenantCompanyId, params.contactId) }),
  );

  r.post(
    '/v3/tenant/:tenantId/company/:tenantCompanyId/contact',
    {
      summary: 'Add a contact to a company',
      params: companyParams,
      body: createContactBody,
      page,
      response: contactWriteAnswer,
    },
    async ({ db, tenantId, params, body, audit }) => {
      const contact = await createContact(db, tenantId, params.tenantCompanyId, body);
      await audit('contact.insert', { tenant_company_id: contact.tenant_company_id }, String(contact.contact_id));
      return { contact, records_updated: 1 as const };
    },
  );

  r.put(
    '/v3/tenant/:tenantId/company/:tenantCompanyId/contact/:contactId',
    {
      summary: 'Change a contact (the version read is required; a stale one answers 409)',
      params: contactParams,
      body: updateContactBody,
      page,
      response: contactWriteAnswer,
    },
    async ({ db, params, body, audit }) => {
      const contact = await editContact(db, params.tenantCompanyId, params.contactId, body);
      const changed = Object.keys(body).filter((k) => k !== 'version');
      await audit(
        'contact.update',
        { tenant_company_id: contact.tenant_company_id, changed },
        String(contact.contact_id),
      );
      return { contact, records_updated: 1 as const };
    },
  );

  r.delete(
    '/v3/tenant/:tenantId/company/:tenantCompanyId/contact/:contactId',
    {
      summary: 'Delete a contact (a stale version answers 409)',
      params: contactParams,
      query: deleteContactQuery,
      page,
      response: contactDeleteAnswer,
    },
    async ({ db, params, query, audit }) => {
      await removeContact(db, params.tenantCompanyId, params.contactId, query.version);
      await audit('contact.delete', { tenant_company_id: params.tenantCompanyId }, String(params.contactId));
      return { records_updated: 1 as const, contact_id: params.contactId };
    },
  );
}
