/**
 * Add or edit a contact: the field messages of the API's schema while typing (shown once a field was touched or a
 * save was tried), the server's own field messages (e.g. an e-mail another contact of the company has), and a stale
 * edit's 409 shown with the reason (nothing is lost: the dialog stays open).
 */
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Switch,
} from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { api, ApiError, type Company } from '../../../workspace/sdk';
import { contactPaths, type Contact } from '../shared/api';
import { REVIEW_ROLES, REVIEW_ROLE_LABELS, type ReviewRole } from '../shared/contact-fields';
import {
  bodyOf,
  emptyContactForm,
  formErrors,
  formOf,
  serverFieldErrors,
  type ContactForm,
  type FieldErrors,
  type FormField,
} from './contact-form';

export interface ContactDialogProps {
  tenantId: number;
  /** The company the contact belongs to; when absent (a new contact from the list of all companies) it is chosen. */
  companyId: number | null;
  companies: readonly Company[];
  /** The contact to edit; absent: a new one. */
  contact?: Contact;
  onClose(saved: Contact | null): void;
}

const TEXT_FIELDS: { field: Exclude<FormField, 'review_role' | 'is_active'>; label: string; type?: string }[] = [
  { field: 'first_name', label: 'First name (required)' },
  { field: 'last_name', label: 'Last name' },
  { field: 'email', label: 'E-mail', type: 'email' },
  { field: 'phone', label: 'Phone', type: 'tel' },
  { field: 'title', label: 'Title' },
];

export function ContactDialog({ tenantId, companyId, companies, contact, onClose }: ContactDialogProps) {
  const [form, setForm] = useState<ContactForm>(() => (contact ? formOf(contact) : emptyContactForm()));
  const [company, setCompany] = useState<number | null>(companyId ?? contact?.tenant_company_id ?? null);
  const [touched, setTouched] = useState<ReadonlySet<FormField>>(new Set());
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const local = useMemo(() => formErrors(form), [form]);
  const companyError = company === null ? 'Required.' : null;

  const set = <K extends FormField>(field: K, value: ContactForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    setTouched((t) => new Set(t).add(field));
    setServer((s) => ({ ...s, [field]: undefined }));
  };
  const messageOf = (field: FormField) => server[field] ?? (tried || touched.has(field) ? local[field] : undefined);

  const save = async () => {
    setTried(true);
    if (busy || Object.keys(local).length || company === null) return;
    setBusy(true);
    setError(null);
    try {
      const r = contact
        ? await api.put<{ contact: Contact }>(contactPaths.one(tenantId, company, contact.contact_id), {
            ...bodyOf(form),
            version: contact.version,
          })
        : await api.post<{ contact: Contact }>(contactPaths.create(tenantId, company), bodyOf(form));
      onClose(r.contact);
    } catch (e) {
      const fields = e instanceof ApiError ? serverFieldErrors(e.fields) : {};
      setServer(fields);
      setError(Object.keys(fields).length ? 'Check the fields marked below.' : (e as Error).message);
      setBusy(false);
    }
  };

  const title = contact ? `Edit ${contact.name}` : 'Add contact';
  return (
    <Dialog isOpen title={title} onClose={() => onClose(null)}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <DialogBody>
          {error && (
            <Callout intent="danger" role="alert">
              {error}
            </Callout>
          )}
          {!companyId && !contact && (
            <FormGroup
              label="Company (required)"
              labelFor="contact-company"
              helperText={tried ? (companyError ?? undefined) : undefined}
              intent={tried && companyError ? 'danger' : 'none'}
            >
              <HTMLSelect
                id="contact-company"
                fill
                value={company ?? ''}
                onChange={(e) => setCompany(e.target.value ? Number(e.target.value) : null)}
                options={[
                  { value: '', label: 'Choose a company' },
                  ...companies.map((c) => ({ value: c.tenant_company_id, label: c.name })),
                ]}
              />
            </FormGroup>
          )}
          {TEXT_FIELDS.map(({ field, label, type }) => {
            const message = messageOf(field);
            return (
              <FormGroup
                key={field}
                label={label}
                labelFor={`contact-${field}`}
                helperText={message}
                intent={message ? 'danger' : 'none'}
              >
                <InputGroup
                  id={`contact-${field}`}
                  type={type ?? 'text'}
                  autoFocus={field === 'first_name'}
                  value={form[field]}
                  intent={message ? 'danger' : 'none'}
                  aria-invalid={!!message}
                  onChange={(e) => set(field, e.target.value)}
                />
              </FormGroup>
            );
          })}
          <FormGroup label="Role in reviews" labelFor="contact-review_role">
            <HTMLSelect
              id="contact-review_role"
              fill
              value={form.review_role}
              onChange={(e) => set('review_role', e.target.value as ReviewRole)}
              options={REVIEW_ROLES.map((r) => ({ value: r, label: REVIEW_ROLE_LABELS[r] }))}
            />
          </FormGroup>
          <Switch label="Active" checked={form.is_active} onChange={() => set('is_active', !form.is_active)} />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={() => onClose(null)} />
              <Button type="submit" intent="primary" text={contact ? 'Save' : 'Add'} loading={busy} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
