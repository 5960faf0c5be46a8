/**
 * /signUpRegisteredUser?registrationKey=... (platform.md 2.3, 3, 5, 8): an invited user completes
 * their account. The key is looked up (operation userRegistration); company and e-mail are shown
 * disabled; first name, last name and a password (registration-key rules) are asked. A failed
 * lookup shows 'User Not Found - Please Contact Support'. multicast-regionCode sets the API region.
 * After success: sign-in with the e-mail filled in.
 */
import { Button, Callout, FormGroup, H2, InputGroup, Spinner } from '@blueprintjs/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearch } from 'wouter';
import { setApiRegion } from '../auth/region';
import { MSG_USER_NOT_FOUND, validatePersonName } from '../auth/registration-rules';
import { validateRegistrationPassword } from '../auth/validation';
import { PasswordRules } from '../components/PasswordRules';
import { REGISTRATION_PASSWORD_POLICY } from '../../common/password-rules';
import { ApiError } from '../api';
import { api, apiBase } from '../runtime';
import { AuthFrame } from './AuthFrame';

interface Registration {
  company: string;
  name_first: string;
  name_last: string;
  email: string;
  'multicast-regionCode'?: string;
}

export default function SignUpRegisteredUser() {
  const registrationKey = new URLSearchParams(useSearch()).get('registrationKey') ?? '';
  const [reg, setReg] = useState<Registration | null>(null);
  const [lookupError, setLookupError] = useState<string | null>(null);
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    (async () => {
      if (!registrationKey) throw new Error('The link has no registration key.');
      const r = await api.post<Registration[]>(
        '/v3/manager/account/signup',
        { operation: 'userRegistration', payload: { registrationKey } },
        { public: true },
      );
      const first = Array.isArray(r) ? r[0] : undefined;
      if (!first) throw new Error('No registration was found for this link.');
      return first;
    })().then(
      (first) => {
        if (!live) return;
        setApiRegion(first['multicast-regionCode']);
        setReg(first);
        setFirstName(first.name_first ?? '');
        setLastName(first.name_last ?? '');
      },
      (e) => {
        if (live) setLookupError((e as Error).message || MSG_USER_NOT_FOUND);
      },
    );
    return () => {
      live = false;
    };
  }, [registrationKey]);

  const firstError = validatePersonName(firstName);
  const lastError = validatePersonName(lastName);
  const passwordError = validateRegistrationPassword(password);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (busyRef.current || !reg) return;
    if (firstError || lastError || passwordError) return;
    busyRef.current = true;
    setBusy(true);
    setError(null);
    try {
      await api.post(
        '/v3/manager/identity/signup/registered',
        { registrationKey, firstName: firstName.trim(), lastName: lastName.trim(), password },
        { public: true },
      );
      // The user was created in the region of the registration (its lookup set it): sign in there.
      window.location.assign(`${apiBase()}/signIn?${new URLSearchParams({ qemail: reg.email }).toString()}`);
      return; // stays busy while the browser leaves
    } catch (err) {
      // The server's own words for a refused password (e.g. a common one the rules list cannot know).
      const password = err instanceof ApiError ? err.fields?.find((f) => f.path.endsWith('.password')) : undefined;
      setError(password?.message ?? ((err as Error).message || 'Sign-up failed.'));
    }
    busyRef.current = false;
    setBusy(false);
  }

  if (lookupError) {
    return (
      <AuthFrame>
        <H2 className="lci-auth-title">Sign up</H2>
        <Callout intent="danger" role="alert" title={MSG_USER_NOT_FOUND}>
          <p>{lookupError}</p>
        </Callout>
      </AuthFrame>
    );
  }
  if (!reg) {
    return (
      <AuthFrame>
        <div className="lci-center" role="status">
          <Spinner size={40} aria-label="Looking up your invitation" />
          <p>Looking up your invitation…</p>
        </div>
      </AuthFrame>
    );
  }

  const show = (err: string | null) => (touched && err ? err : null);
  const field = (
    id: string,
    label: string,
    value: string,
    set: ((v: string) => void) | null,
    err: string | null,
    extra: Record<string, unknown> = {},
  ) => (
    <FormGroup
      label={label}
      labelFor={id}
      intent={err ? 'danger' : 'none'}
      helperText={err ? <span id={`${id}-error`}>{err}</span> : undefined}
    >
      <InputGroup
        id={id}
        value={value}
        size="large"
        disabled={!set}
        intent={err ? 'danger' : 'none'}
        aria-invalid={!!err}
        aria-describedby={err ? `${id}-error` : undefined}
        onValueChange={set ?? undefined}
        {...extra}
      />
    </FormGroup>
  );
  return (
    <AuthFrame>
      <H2 className="lci-auth-title">Sign up</H2>
      <form onSubmit={submit} noValidate aria-label="Sign up">
        {field('reg-first', 'First name', firstName, setFirstName, show(firstError), {
          autoComplete: 'given-name',
          autoFocus: true,
        })}
        {field('reg-last', 'Last name', lastName, setLastName, show(lastError), { autoComplete: 'family-name' })}
        {field('reg-company', 'Company', reg.company, null, null)}
        {field('reg-email', 'Email', reg.email, null, null, { type: 'email' })}
        {field('reg-password', 'Password', password, setPassword, show(passwordError), {
          type: 'password',
          autoComplete: 'new-password',
        })}
        <PasswordRules id="reg-password-rules" value={password} policy={REGISTRATION_PASSWORD_POLICY} />
        {error && (
          <Callout intent="danger" role="alert" className="lci-auth-status">
            {error}
          </Callout>
        )}
        <Button
          type="submit"
          intent="primary"
          size="large"
          fill
          text="Submit"
          loading={busy}
          className="lci-space-top"
        />
      </form>
    </AuthFrame>
  );
}
