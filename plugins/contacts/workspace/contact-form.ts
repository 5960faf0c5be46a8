/**
 * The contact form's model (pure, unit-tested): the fields as the inputs hold them, the field messages (the API's
 * own schema, so the page and the server say the same thing), the body to send and the server's field messages.
 */
import type { Contact, CreateContactBody } from '../shared/api';
import { contactFields, type ReviewRole } from '../shared/contact-fields';

export interface ContactForm {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  title: string;
  review_role: ReviewRole;
  is_active: boolean;
}
export type FormField = keyof ContactForm;
export type FieldErrors = Partial<Record<FormField, string>>;

export const emptyContactForm = (): ContactForm => ({
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  title: '',
  review_role: 'other',
  is_active: true,
});

export const formOf = (c: Contact): ContactForm => ({
  first_name: c.first_name,
  last_name: c.last_name,
  email: c.email ?? '',
  phone: c.phone ?? '',
  title: c.title ?? '',
  review_role: c.review_role,
  is_active: c.is_active,
});

/** The body of a create (or the fields of an update): empty optional texts are sent as null. */
export function bodyOf(f: ContactForm): CreateContactBody {
  return {
    first_name: f.first_name.trim(),
    last_name: f.last_name.trim(),
    email: f.email.trim() || null,
    phone: f.phone.trim() || null,
    title: f.title.trim() || null,
    review_role: f.review_role,
    is_active: f.is_active,
  };
}

/** The first message of each field the API's schema refuses. */
export function formErrors(f: ContactForm): FieldErrors {
  const r = contactFields.safeParse(bodyOf(f));
  const out: FieldErrors = {};
  if (!r.success)
    for (const issue of r.error.issues) {
      const field = issue.path[0] as FormField;
      out[field] ??= issue.message;
    }
  return out;
}

/** The server's field messages (`body.email`) by form field. */
export function serverFieldErrors(fields: readonly { path: string; message: string }[] | undefined): FieldErrors {
  const out: FieldErrors = {};
  for (const f of fields ?? []) {
    const m = /^body\.([a-z_]+)/.exec(f.path);
    if (m) out[m[1] as FormField] ??= f.message;
  }
  return out;
}
