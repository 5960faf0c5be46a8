/**
 * /confirmSignUp (platform.md 2.1, 2.3, 4.1): username (e-mail) and code; Submit and Resend Code.
 * Query: username (or email), canceled (a sign-up checkout was canceled), interaction (from sign-in).
 * After confirming: to sign-in with the e-mail filled in, unless a status message is shown.
 * A signed-in user goes to the subscription route.
 */
import { Button, Callout, FormGroup, H2, InputGroup } from '@blueprintjs/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearch } from 'wouter';
import { clearPendingChallenge, readPendingChallenge } from '../auth/challenge';
import { setSignInNotice } from '../auth/notice';
import { validateCode, validateEmail } from '../auth/validation';
import { navigate } from '../nav';
import { api, isSignedIn } from '../runtime';
import { AuthFrame } from './AuthFrame';

export const MSG_CANCELED =
  'Your sign-up was canceled before it was completed. Confirm your e-mail address, then sign in to choose a subscription.';
export const MSG_CONFIRMED = 'Your e-mail address is confirmed. Please sign in.';
export const MSG_CODE_SENT =
  'If this e-mail address belongs to an account waiting for confirmation, a new code is on its way.';

type Status = { intent: 'danger' | 'success'; message: string } | null;

export default function ConfirmSignUp() {
  const params = new URLSearchParams(useSearch());
  const pending = readPendingChallenge(params.get('interaction'));
  const [email, setEmail] = useState(
    params.get('username') ?? params.get('email') ?? pending?.email ?? pending?.username ?? '',
  );
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState<'submit' | 'resend' | null>(null);
  const busyRef = useRef(false);
  const [status, setStatus] = useState<Status>(null);
  const canceled = params.has('canceled') && params.get('canceled') !== 'false';

  useEffect(() => {
    if (isSignedIn()) void navigate('/subscription', { replace: true });
  }, []);

  const emailError = validateEmail(email);
  const codeError = validateCode(code);

  async function run(kind: 'submit' | 'resend', fn: () => Promise<void>) {
    if (busyRef.current) return; // repeat submits are ignored while one is in progress
    busyRef.current = true;
    setBusy(kind);
    setStatus(null);
    try {
      await fn();
    } catch (e) {
      setStatus({ intent: 'danger', message: (e as Error).message || 'Something went wrong, please try again.' });
    }
    busyRef.current = false;
    setBusy(null);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (emailError || codeError) return;
    void run('submit', async () => {
      await api.post(
        '/v3/manager/identity/signup/confirm',
        { username: email.trim(), code: code.trim() },
        { public: true },
      );
      clearPendingChallenge();
      setSignInNotice(MSG_CONFIRMED);
      window.location.assign(`/signIn?${new URLSearchParams({ qemail: email.trim() }).toString()}`);
      await new Promise(() => undefined); // stays busy while the browser leaves
    });
  }

  function resend() {
    setTouched(true);
    if (emailError) return;
    void run('resend', async () => {
      await api.post('/v3/manager/identity/signup/resend', { username: email.trim() }, { public: true });
      setStatus({ intent: 'success', message: MSG_CODE_SENT });
    });
  }

  const showEmail = touched && emailError;
  const showCode = touched && codeError;
  return (
    <AuthFrame>
      <H2 className="lci-auth-title">Confirm sign up</H2>
      {canceled && (
        <Callout intent="warning" role="status" className="lci-auth-status">
          {MSG_CANCELED}
        </Callout>
      )}
      <p>Enter the code we sent to your e-mail address.</p>
      <form onSubmit={submit} noValidate aria-label="Confirm sign up">
        <FormGroup
          label="Username (e-mail)"
          labelFor="confirm-username"
          intent={showEmail ? 'danger' : 'none'}
          helperText={showEmail ? <span id="confirm-username-error">{emailError}</span> : undefined}
        >
          <InputGroup
            id="confirm-username"
            name="username"
            type="email"
            autoComplete="username"
            value={email}
            size="large"
            autoFocus={!email}
            intent={showEmail ? 'danger' : 'none'}
            aria-invalid={!!showEmail}
            aria-describedby={showEmail ? 'confirm-username-error' : undefined}
            onValueChange={setEmail}
          />
        </FormGroup>
        <FormGroup
          label="Code"
          labelFor="confirm-code"
          intent={showCode ? 'danger' : 'none'}
          helperText={showCode ? <span id="confirm-code-error">{codeError}</span> : undefined}
        >
          <InputGroup
            id="confirm-code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            size="large"
            autoFocus={!!email}
            intent={showCode ? 'danger' : 'none'}
            aria-invalid={!!showCode}
            aria-describedby={showCode ? 'confirm-code-error' : undefined}
            onValueChange={setCode}
          />
        </FormGroup>
        {status && (
          <Callout
            intent={status.intent}
            role={status.intent === 'danger' ? 'alert' : 'status'}
            className="lci-auth-status"
          >
            {status.message}
          </Callout>
        )}
        <div className="lci-row lci-space-top">
          <Button
            type="submit"
            intent="primary"
            size="large"
            text="Submit"
            loading={busy === 'submit'}
            disabled={busy !== null && busy !== 'submit'}
          />
          <Button
            size="large"
            text="Resend Code"
            loading={busy === 'resend'}
            disabled={busy !== null && busy !== 'resend'}
            onClick={resend}
          />
        </div>
      </form>
    </AuthFrame>
  );
}
