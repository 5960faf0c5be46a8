/**
 * /passwordReset (platform.md 2.3): the username (e-mail) field; sends a reset code and goes to
 * /confirmPasswordReset carrying the e-mail. The answer never tells whether the e-mail is known.
 */
import { Button, Callout, FormGroup, H2, InputGroup } from '@blueprintjs/core';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { validateEmail } from '../auth/validation';
import { navigate } from '../nav';
import { api } from '../runtime';
import { AuthFrame } from './AuthFrame';

export const FORGOT_PATH = '/v3/manager/identity/password/forgot';

export default function PasswordReset() {
  const params = new URLSearchParams(useSearch());
  const [email, setEmail] = useState(params.get('email') ?? params.get('username') ?? '');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const [error, setError] = useState<string | null>(null);
  const emailError = validateEmail(email);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (busyRef.current || emailError) return;
    busyRef.current = true;
    setBusy(true);
    setError(null);
    try {
      await api.post(FORGOT_PATH, { username: email.trim() }, { public: true });
      await navigate(`/confirmPasswordReset?${new URLSearchParams({ username: email.trim(), sent: '1' }).toString()}`);
      return;
    } catch (err) {
      setError((err as Error).message || 'The code could not be sent. Please try again.');
    }
    busyRef.current = false;
    setBusy(false);
  }

  const showError = touched && emailError;
  return (
    <AuthFrame>
      <H2 className="lci-auth-title">Reset password</H2>
      <p>Enter the e-mail address you sign in with. We will send you a code to choose a new password.</p>
      <form onSubmit={submit} noValidate aria-label="Reset password">
        <FormGroup
          label="Email"
          labelFor="reset-email"
          intent={showError ? 'danger' : 'none'}
          helperText={showError ? <span id="reset-email-error">{emailError}</span> : undefined}
        >
          <InputGroup
            id="reset-email"
            name="username"
            type="email"
            autoComplete="username"
            autoFocus
            value={email}
            size="large"
            intent={showError ? 'danger' : 'none'}
            aria-invalid={!!showError}
            aria-describedby={showError ? 'reset-email-error' : undefined}
            onValueChange={setEmail}
            onBlur={(e) => {
              if (e.currentTarget.value) setTouched(true);
            }}
          />
        </FormGroup>
        {error && (
          <Callout intent="danger" role="alert" className="lci-auth-status">
            {error}
          </Callout>
        )}
        <Button type="submit" intent="primary" size="large" fill text="Send Code" loading={busy} />
      </form>
      <div className="lci-auth-links">
        <Link href="/signIn">Back to Sign In</Link>
        <Link
          href={`/confirmPasswordReset${email.trim() ? `?${new URLSearchParams({ username: email.trim() }).toString()}` : ''}`}
        >
          I have a code
        </Link>
      </div>
    </AuthFrame>
  );
}
