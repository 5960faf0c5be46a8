/**
 * /confirmPasswordReset (platform.md 2.3, 5): username, code, new password with the live rules;
 * Submit and Resend Code. Success goes to /signIn with a status message.
 */
import { Button, Callout, FormGroup, H2, InputGroup } from '@blueprintjs/core';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import { setSignInNotice } from '../auth/notice';
import { validateCode, validateEmail, validateNewPassword } from '../auth/validation';
import { PasswordRules } from '../components/PasswordRules';
import { navigate } from '../nav';
import { api } from '../runtime';
import { AuthFrame } from './AuthFrame';
import { FORGOT_PATH } from './PasswordReset';

export const MSG_RESET_DONE = 'Your password has been reset. Please sign in with your new password.';
export const MSG_CODE_SENT = 'If an account exists for this e-mail address, a code has been sent to it.';
const CONFIRM_PATH = '/v3/manager/identity/password/confirm';

type Field = 'username' | 'code' | 'password';

export default function ConfirmPasswordReset() {
  const params = new URLSearchParams(useSearch());
  const [username, setUsername] = useState(params.get('username') ?? params.get('email') ?? '');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState<Record<Field, boolean>>({ username: false, code: false, password: false });
  const [busy, setBusy] = useState<'submit' | 'resend' | null>(null);
  const busyRef = useRef(false);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(params.get('sent') ? MSG_CODE_SENT : null);

  const errors: Record<Field, string | null> = {
    username: validateEmail(username),
    code: validateCode(code),
    password: validateNewPassword(password),
  };
  const shown = (f: Field) => (touched[f] ? errors[f] : null);
  const touch = (f: Field) => setTouched((t) => ({ ...t, [f]: true }));

  async function run(kind: 'submit' | 'resend', work: () => Promise<void>) {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(kind);
    setError(null);
    setInfo(null);
    try {
      await work();
    } catch (err) {
      setError((err as Error).message || 'Something went wrong. Please try again.');
    }
    busyRef.current = false;
    setBusy(null);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    setTouched({ username: true, code: true, password: true });
    if (errors.username || errors.code || errors.password) return;
    void run('submit', async () => {
      await api.post(CONFIRM_PATH, { username: username.trim(), code: code.trim(), password }, { public: true });
      setSignInNotice(MSG_RESET_DONE);
      await navigate('/signIn', { replace: true });
    });
  }

  function resend() {
    touch('username');
    if (errors.username) return;
    void run('resend', async () => {
      await api.post(FORGOT_PATH, { username: username.trim() }, { public: true });
      setCode('');
      setInfo(MSG_CODE_SENT);
    });
  }

  const group = (f: Field, label: string, input: ReactNode) => (
    <FormGroup
      label={label}
      labelFor={`confirm-reset-${f}`}
      intent={shown(f) ? 'danger' : 'none'}
      helperText={shown(f) ? <span id={`confirm-reset-${f}-error`}>{shown(f)}</span> : undefined}
    >
      {input}
    </FormGroup>
  );
  const inputProps = (f: Field) => ({
    id: `confirm-reset-${f}`,
    name: f,
    size: 'large' as const,
    intent: shown(f) ? ('danger' as const) : ('none' as const),
    'aria-invalid': !!shown(f),
    'aria-describedby':
      [shown(f) ? `confirm-reset-${f}-error` : '', f === 'password' ? 'confirm-reset-rules' : '']
        .filter(Boolean)
        .join(' ') || undefined,
    // An empty field is not flagged on blur (the message would move the buttons under a click).
    onBlur: (e: { currentTarget: { value: string } }) => {
      if (e.currentTarget.value) touch(f);
    },
  });

  return (
    <AuthFrame>
      <H2 className="lci-auth-title">Confirm password reset</H2>
      <p>Enter the code we sent to your e-mail address and choose a new password.</p>
      <form onSubmit={submit} noValidate aria-label="Confirm password reset">
        {group(
          'username',
          'Email',
          <InputGroup
            {...inputProps('username')}
            type="email"
            autoComplete="username"
            value={username}
            onValueChange={setUsername}
            autoFocus={!username}
          />,
        )}
        {group(
          'code',
          'Code',
          <InputGroup
            {...inputProps('code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onValueChange={setCode}
            autoFocus={!!username}
          />,
        )}
        {group(
          'password',
          'New Password',
          <InputGroup
            {...inputProps('password')}
            type="password"
            autoComplete="new-password"
            value={password}
            onValueChange={setPassword}
          />,
        )}
        <PasswordRules value={password} id="confirm-reset-rules" />
        {error && (
          <Callout intent="danger" role="alert" className="lci-auth-status">
            {error}
          </Callout>
        )}
        {info && (
          <Callout intent="success" role="status" className="lci-auth-status">
            {info}
          </Callout>
        )}
        <div className="lci-auth-actions">
          <Button
            type="submit"
            intent="primary"
            size="large"
            text="Submit"
            loading={busy === 'submit'}
            disabled={busy === 'resend'}
          />
          <Button
            type="button"
            size="large"
            text="Resend Code"
            loading={busy === 'resend'}
            disabled={busy === 'submit'}
            onClick={resend}
          />
        </div>
      </form>
      <div className="lci-auth-links">
        <Link href="/signIn">Back to Sign In</Link>
      </div>
    </AuthFrame>
  );
}
