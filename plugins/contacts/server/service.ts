/**
 * The rules of client contacts: a contact belongs to a company of the caller's tenant (any other company or contact
 * id is a 404), an e-mail is unique within its company (400 naming body.email), and an edit or delete carrying a
 * version that is no longer the stored one is refused with 409 and changes nothing.
 */
import { badRequest, conflict, notFound, type Trx } from '../../../kernel/index';
import { getCompany } from '../../companies/public';
import type { Contact, CreateContactBody, UpdateContactBody, UserListAnswer, UserListQuery } from '../shared/api';
import { createContactBody, updateContactBody } from '../shared/api';
import { CONTACT_MESSAGES, type ContactSource } from '../shared/contact-fields';
import {
  contactIdWithEmail,
  deleteContact,
  insertContact,
  selectContact,
  selectContacts,
  updateContact,
  type ContactValues,
} from './store';

async function requireCompany(db: Trx, tenantCompanyId: number): Promise<void> {
  if (!(await getCompany(db, tenantCompanyId))) throw notFound('Company not found');
}

async function requireContact(db: Trx, companyId: number, contactId: number): Promise<Contact> {
  const c = await selectContact(db, companyId, contactId);
  if (!c) throw notFound(CONTACT_MESSAGES.notFound);
  return c;
}

async function refuseDuplicateEmail(db: Trx, companyId: number, email: string | null | undefined, exceptId?: number) {
  if (email && (await contactIdWithEmail(db, companyId, email, exceptId)) !== null)
    throw badRequest(`Invalid body: body.email ${CONTACT_MESSAGES.duplicateEmail}`, [
      { path: 'body.email', message: CONTACT_MESSAGES.duplicateEmail },
    ]);
}

export async function listContacts(db: Trx, q: UserListQuery): Promise<UserListAnswer> {
  if (q.tenantCompanyId !== undefined) await requireCompany(db, q.tenantCompanyId);
  const { rows, total } = await selectContacts(db, q);
  return { contacts: rows, total, page: q.page, pageSize: q.pageSize };
}

export async function getContact(db: Trx, companyId: number, contactId: number): Promise<Contact> {
  await requireCompany(db, companyId);
  return requireContact(db, companyId, contactId);
}

/** Adds a contact (parsed with the create schema) to a company; `source` says where it came from. */
export async function createContact(
  db: Trx,
  tenantId: number,
  companyId: number,
  body: CreateContactBody,
  source: ContactSource = 'manual',
): Promise<Contact> {
  await requireCompany(db, companyId);
  const f = createContactBody.parse(body);
  await refuseDuplicateEmail(db, companyId, f.email);
  const values: ContactValues = {
    first_name: f.first_name,
    last_name: f.last_name,
    email: f.email ?? null,
    phone: f.phone ?? null,
    title: f.title ?? null,
    review_role: f.review_role ?? 'other',
    is_active: f.is_active ?? true,
  };
  const id = await insertContact(db, tenantId, companyId, values, source);
  return requireContact(db, companyId, id);
}

/** Changes the fields given when `version` is still the stored one (409 otherwise; nothing changes). */
export async function editContact(
  db: Trx,
  companyId: number,
  contactId: number,
  body: UpdateContactBody,
): Promise<Contact> {
  await requireCompany(db, companyId);
  const { version, ...f } = updateContactBody.parse(body);
  const current = await requireContact(db, companyId, contactId);
  if (current.version !== version) throw conflict(CONTACT_MESSAGES.stale);
  await refuseDuplicateEmail(db, companyId, f.email, contactId);
  const patch = Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)) as Partial<ContactValues>;
  if (!(await updateContact(db, companyId, contactId, version, patch))) throw conflict(CONTACT_MESSAGES.stale);
  return requireContact(db, companyId, contactId);
}

export async function removeContact(
  db: Trx,
  companyId: number,
  contactId: number,
  version: number | undefined,
): Promise<void> {
  await requireCompany(db, companyId);
  const current = await requireContact(db, companyId, contactId);
  if (version !== undefined && current.version !== version) throw conflict(CONTACT_MESSAGES.stale);
  if (!(await deleteContact(db, companyId, contactId, version))) throw conflict(CONTACT_MESSAGES.stale);
}
