/**
 * /profile (issue 15 A4; always open, platform.md 4.7 step 15): the signed-in user's own details (first and
 * last name, phone) and their two-step sign-in (TwoStepCard). Field messages are the server's rules
 * (common/api/profile.ts), checked here first; a save reloads the session so the header shows the new name.
 */
import { Button, Callout, Card, FormGroup, H4, InputGroup } from '@blueprintjs/core';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { PROFILE_TEXTS, validatePhone, validateProfileName, type ProfileAnswer } from '../../../common/api/profile';
import { PageLoadError, PageLoading } from '../../components/PageLoadState';
import { PageHeader } from '../../components/PageHeader';
import { api, reloadSession } from '../../runtime';
import { fieldErrors, PROFILE_URL } from './model';
import { TwoStepCard } from './TwoStepCard';

type Form = { firstName: string; lastName: string; phoneNumber: string };

export default function ProfilePage() {
  const [profile, setProfile] = useState<ProfileAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    setError(null);
    api.get<ProfileAnswer>(PROFILE_URL).then(setProfile, (e: Error) => setError(e.message));
  }, []);
  useEffect(load, [load]);

  if (error) return <PageLoadError title="Your profile could not be loaded" error={error} retry={load} busy={false} />;
  if (!profile) return <PageLoading what="your profile" />;
  return (
    <div className="lci-page lci-profile">
      <PageHeader title="Profile" subtitle={profile.email} />
      <DetailsCard profile={profile} onSaved={setProfile} />
      <TwoStepCard profile={profile} onChanged={setProfile} />
    </div>
  );
}

function DetailsCard({ profile, onSaved }: { profile: ProfileAnswer; onSaved(p: ProfileAnswer): void }) {
  const [form, setForm] = useState<Form>({
    firstName: profile.firstName,
    lastName: profile.lastName,
    phoneNumber: profile.phoneNumber ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const set = (k: keyof Form) => (v: string) => {
    setForm((f) => ({ ...f, [k]: v }));
    setSaved(false);
  };

  async function save(e: FormEvent) {
    e.preventDefault();
    const local: Record<string, string> = {};
    const first = validateProfileName(form.firstName);
    const last = validateProfileName(form.lastName);
    const phone = validatePhone(form.phoneNumber);
    if (first) local.firstName = first;
    if (last) local.lastName = last;
    if (phone) local.phoneNumber = phone;
    setErrors(local);
    if (Object.keys(local).length || busy) return;
    setBusy(true);
    try {
      const p = await api.put<ProfileAnswer>(PROFILE_URL, form);
      onSaved(p);
      setForm({ firstName: p.firstName, lastName: p.lastName, phoneNumber: p.phoneNumber ?? '' });
      setSaved(true);
      void reloadSession().catch(() => undefined);
    } catch (err) {
      setErrors(fieldErrors(err));
    } finally {
      setBusy(false);
    }
  }

  const field = (k: keyof Form, label: string, opts: { optional?: boolean; type?: string; auto?: string } = {}) => (
    <FormGroup
      label={label}
      labelFor={`profile-${k}`}
      labelInfo={opts.optional ? '(optional)' : undefined}
      intent={errors[k] ? 'danger' : 'none'}
      helperText={errors[k] ? <span id={`profile-${k}-error`}>{errors[k]}</span> : undefined}
    >
      <InputGroup
        id={`profile-${k}`}
        value={form[k]}
        type={opts.type ?? 'text'}
        autoComplete={opts.auto}
        intent={errors[k] ? 'danger' : 'none'}
        aria-invalid={!!errors[k]}
        aria-describedby={errors[k] ? `profile-${k}-error` : undefined}
        onValueChange={set(k)}
      />
    </FormGroup>
  );

  return (
    <Card className="lci-profile-card">
      <H4>Your details</H4>
      <form onSubmit={save} noValidate aria-label="Your details">
        <FormGroup label="Email" labelFor="profile-email" helperText="Your e-mail address is your username.">
          <InputGroup id="profile-email" value={profile.email} disabled />
        </FormGroup>
        {field('firstName', 'First name', { auto: 'given-name' })}
        {field('lastName', 'Last name', { auto: 'family-name' })}
        {field('phoneNumber', 'Phone', { optional: true, type: 'tel', auto: 'tel' })}
        {errors[''] && (
          <Callout intent="danger" role="alert">
            {errors['']}
          </Callout>
        )}
        {saved && (
          <Callout intent="success" role="status">
            {PROFILE_TEXTS.profileSaved}
          </Callout>
        )}
        <Button type="submit" intent="primary" text="Save" loading={busy} />
      </form>
    </Card>
  );
}
