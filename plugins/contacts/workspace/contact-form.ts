/**
 * The contact form's model (pure): the fields as the inputs hold them, the schema the dialog checks (the API's own,
 * with the company chosen in the dialog: so the page and the server say the same thing) and the body it sends.
 */
import { z } from 'zod';
import type { Contact, CreateContactBody } from '../shared/api';
import { CONTACT_MESSAGES, contactFields, type ReviewRole } from '../shared/contact-fields';

export interface ContactForm {
  /** The company of a new contact (in the request's path, not its body). */
  tenant_company_id: number | null;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  title: string;
  review_role: ReviewRole;
  is_active: boolean;
}

/** The contact's fields and the company they go to. */
export const contactFormBody = contactFields.extend({
  tenant_company_id: z.number({ error: CONTACT_MESSAGES.required }),
});

export const emptyContactForm = (companyId: number | null): ContactForm => ({
  tenant_company_id: companyId,
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  title: '',
  review_role: 'other',
  is_active: true,
});

export const formOf = (c: Contact): ContactForm => ({
  tenant_company_id: c.tenant_company_id,
  first_name: c.first_name,
  last_name: c.last_name,
  email: c.email ?? '',
  phone: c.phone ?? '',
  title: c.title ?? '',
  review_role: c.review_role,
  is_active: c.is_active,
});

/** The body of a create (or the fields of an update) and its company: empty optional texts are sent as null. */
export function bodyOf(f: ContactForm): CreateContactBody & { tenant_company_id: number } {
  return {
    tenant_company_id: f.tenant_company_id as number,
    first_name: f.first_name.trim(),
    last_name: f.last_name.trim(),
    email: f.email.trim() || null,
    phone: f.phone.trim() || null,
    title: f.title.trim() || null,
    review_role: f.review_role,
    is_active: f.is_active,
  };
}
