/** Add or edit one user: e-mail (adding only), names, security group, tenant admin and force-SSO flags, active (editing). */
import {
  Button,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Switch,
} from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import {
  emptyForm,
  formOf,
  identityLocked,
  MSG_MANAGED_ELSEWHERE,
  validateUserForm,
  type FormErrors,
  type GroupOption,
  type ManagedUser,
  type UserForm,
} from './model';

export interface UserDialogProps {
  user: ManagedUser | null; // null: adding
  groups: GroupOption[];
  /** The signed-in admin edits themselves: active and tenant admin cannot be switched off. */
  self: boolean;
  onSubmit(form: UserForm): Promise<void>;
  onClose(): void;
}

export function UserDialog({ user, groups, self, onSubmit, onClose }: UserDialogProps) {
  const adding = user === null;
  const locked = identityLocked(user); // names and single sign-on belong to the user's home company
  const [form, setForm] = useState<UserForm>(() => (user ? formOf(user) : emptyForm(groups)));
  const [errors, setErrors] = useState<FormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof UserForm>(key: K, value: UserForm[K]) => {
    const next = { ...form, [key]: value };
    setForm(next);
    if (submitted) setErrors(validateUserForm(next, adding));
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const found = validateUserForm(form, adding);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await onSubmit(form);
    } finally {
      setBusy(false);
    }
  };

  const field = (id: keyof FormErrors) => ({
    intent: errors[id] ? ('danger' as const) : ('none' as const),
    helperText: errors[id],
  });
  const title = adding ? 'Add user' : `Edit ${user!.name || user!.email}`;
  return (
    <Dialog
      isOpen
      title={title}
      icon={adding ? 'new-person' : 'edit'}
      onClose={onClose}
      canOutsideClickClose={!busy}
      className="lci-um-dialog"
    >
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={title}>
        <DialogBody>
          <FormGroup
            label="E-mail"
            labelFor="um-email"
            labelInfo={adding ? '(required)' : undefined}
            {...field('email')}
          >
            <InputGroup
              id="um-email"
              type="email"
              value={form.email}
              disabled={!adding}
              autoFocus={adding}
              maxLength={80}
              intent={field('email').intent}
              onChange={(e) => set('email', e.target.value)}
              autoComplete="off"
            />
          </FormGroup>
          <div className="lci-um-row">
            <FormGroup label="First name" labelFor="um-first" labelInfo="(required)" {...field('name_first')}>
              <InputGroup
                id="um-first"
                value={form.name_first}
                autoFocus={!adding && !locked}
                disabled={locked}
                intent={field('name_first').intent}
                onChange={(e) => set('name_first', e.target.value)}
              />
            </FormGroup>
            <FormGroup label="Last name" labelFor="um-last" labelInfo="(required)" {...field('name_last')}>
              <InputGroup
                id="um-last"
                value={form.name_last}
                disabled={locked}
                intent={field('name_last').intent}
                onChange={(e) => set('name_last', e.target.value)}
              />
            </FormGroup>
          </div>
          {locked && <p className="bp6-text-muted lci-um-note">{MSG_MANAGED_ELSEWHERE}</p>}
          <FormGroup label="Security group" labelFor="um-group" labelInfo="(required)" {...field('security_group_id')}>
            <HTMLSelect
              id="um-group"
              fill
              value={form.security_group_id ?? ''}
              onChange={(e) => set('security_group_id', e.target.value ? Number(e.target.value) : null)}
            >
              {form.security_group_id === null && <option value="">Choose a security group</option>}
              {groups.map((g) => (
                <option key={g.security_group_id} value={g.security_group_id}>
                  {g.name}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <Checkbox
            label="Tenant admin"
            checked={form.is_tenant_admin}
            disabled={self && form.is_tenant_admin}
            onChange={(e) => set('is_tenant_admin', e.currentTarget.checked)}
          />
          <Checkbox
            label="Force single sign-on"
            checked={form.force_sso_flag}
            disabled={locked}
            onChange={(e) => set('force_sso_flag', e.currentTarget.checked)}
          />
          {!adding && (
            <Switch
              label="Active"
              checked={form.is_active}
              disabled={self}
              onChange={(e) => set('is_active', e.currentTarget.checked)}
            />
          )}
          {adding && (
            <p className="bp6-text-muted lci-um-note">
              A new user receives an e-mail with a link to set their name and password. A user of another company
              receives an invitation and joins once they accept.
            </p>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} disabled={busy} />
              <Button
                type="submit"
                intent="primary"
                text={adding ? 'Add user' : 'Save'}
                loading={busy}
                disabled={busy}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
