/**
 * Add or edit a contact: the field messages of the API's schema while typing (shown once a field was changed or a
 * save was tried), the server's own field messages (e.g. an e-mail another contact of the company has), and a stale
 * edit's 409 shown with the reason (nothing is lost: the dialog stays open).
 */
import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import {
  api,
  Form,
  FormError,
  SelectField,
  SubmitButton,
  SwitchField,
  TextField,
  useSchemaForm,
  type Company,
} from '../../../workspace/sdk';
import { contactPaths, type Contact } from '../shared/api';
import { REVIEW_ROLES, REVIEW_ROLE_LABELS } from '../shared/contact-fields';
import { bodyOf, contactFormBody, emptyContactForm, formOf, type ContactForm } from './contact-form';

export interface ContactDialogProps {
  tenantId: number;
  /** The company the contact belongs to; when absent (a new contact from the list of all companies) it is chosen. */
  companyId: number | null;
  companies: readonly Company[];
  /** The contact to edit; absent: a new one. */
  contact?: Contact;
  onClose(saved: Contact | null): void;
}

const TEXT_FIELDS: {
  field: 'first_name' | 'last_name' | 'email' | 'phone' | 'title';
  label: string;
  type?: string;
}[] = [
  { field: 'first_name', label: 'First name (required)' },
  { field: 'last_name', label: 'Last name' },
  { field: 'email', label: 'E-mail', type: 'email' },
  { field: 'phone', label: 'Phone', type: 'tel' },
  { field: 'title', label: 'Title' },
];

export function ContactDialog({ tenantId, companyId, companies, contact, onClose }: ContactDialogProps) {
  const form = useSchemaForm({
    schema: contactFormBody,
    defaultValues: contact ? formOf(contact) : emptyContactForm(companyId),
    toBody: (f: ContactForm) => bodyOf(f),
    mode: 'onChange',
    fieldsMessage: 'Check the fields marked below.',
    onSubmit: async ({ tenant_company_id: company, ...fields }) => {
      const r = contact
        ? await api.put<{ contact: Contact }>(contactPaths.one(tenantId, company, contact.contact_id), {
            ...fields,
            version: contact.version,
          })
        : await api.post<{ contact: Contact }>(contactPaths.create(tenantId, company), fields);
      onClose(r.contact);
    },
  });
  const control = form.control;
  const title = contact ? `Edit ${contact.name}` : 'Add contact';
  return (
    <Dialog isOpen title={title} onClose={() => onClose(null)}>
      <Form form={form}>
        <DialogBody>
          <FormError control={control} />
          {!companyId && !contact && (
            <SelectField
              control={control}
              name="tenant_company_id"
              id="contact-company"
              label="Company (required)"
              empty="Choose a company"
              options={companies.map((c) => ({ value: c.tenant_company_id, label: c.name }))}
            />
          )}
          {TEXT_FIELDS.map(({ field, label, type }) => (
            <TextField
              key={field}
              control={control}
              name={field}
              id={`contact-${field}`}
              label={label}
              type={type ?? 'text'}
              autoFocus={field === 'first_name'}
            />
          ))}
          <SelectField
            control={control}
            name="review_role"
            id="contact-review_role"
            label="Role in reviews"
            options={REVIEW_ROLES.map((r) => ({ value: r, label: REVIEW_ROLE_LABELS[r] }))}
          />
          <SwitchField control={control} name="is_active" label="Active" />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={() => onClose(null)} />
              <SubmitButton form={form} text={contact ? 'Save' : 'Add'} />
            </>
          }
        />
      </Form>
    </Dialog>
  );
}
