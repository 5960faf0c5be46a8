/**
 * /signIn. Without an `interaction` query: starts the OIDC authorization request (PKCE).
 * With one: the e-mail + password form of the provider's login interaction (old view of 2.3), or, when the
 * flag user-manager-changes is on, the new two-card view instead of it (SignInVariants.tsx; internalLogin and
 * a social sign-in coming back keep the form). Inputs desiredPlan, internalLogin and code: auth/signin-inputs.ts.
 */
import { Button, Callout, FormGroup, H2, InputGroup, Spinner } from '@blueprintjs/core';
import { useAtom } from 'jotai';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import {
  codeDestination,
  readSignInInputs,
  rememberSignInInputs,
  signUpUrl,
  storedSignInInputs,
} from '../auth/signin-inputs';
import { navigate } from '../nav';
import { challengeUrl, savePendingChallenge } from '../auth/challenge';
import { authorizationUrl } from '../auth/oidc';
import { takeSignInNotice } from '../auth/notice';
import { validateEmail, validatePassword } from '../auth/validation';
import { LOGIN_STATUS_CLEAR_MS, MSG_LOGIN_FAILED } from '../constants';
import { api, isSignedIn, loadConfig, reinitialize } from '../runtime';
import { authStatusAtom } from '../state/atoms';
import { AuthFrame } from './AuthFrame';
import { isClientEntry, NewSignInView, ToClientSignIn, useNewSignInView } from './SignInVariants';
import { hasPendingSso, rememberSso, SocialSignIn } from './SocialSignIn';
import { ToScalePad } from './ScalePadEntry';

type LoginReply = { redirectTo?: string; challenge?: string } & Record<string, unknown>;

export default function SignIn() {
  const params = new URLSearchParams(useSearch());
  const interaction = params.get('interaction');
  const codeTo = interaction ? null : codeDestination(params); // input code: a sign-in or partner return
  if (codeTo) return <Forward to={codeTo} />;
  if (!interaction && params.get('sso') === '1') return <ToScalePad />; // partner platform (ScalePad.tsx)
  if (!interaction) rememberSso(params.get('sso')); // sso=ms|google: started once the form is reached
  if (!interaction) rememberSignInInputs(readSignInInputs(params)); // desiredPlan, internalLogin
  if (!interaction)
    return <StartSignIn loginHint={params.get('qemail') ?? params.get('email')} path={params.get('path')} />;
  if (isClientEntry()) return <ToClientSignIn uid={interaction} />; // started at /clients/signin
  return <LoginForm uid={interaction} prefill={params.get('qemail') ?? ''} />;
}

function Forward({ to }: { to: string }) {
  useEffect(() => {
    void navigate(to, { replace: true });
  }, [to]);
  return (
    <AuthFrame>
      <div className="lci-center" role="status">
        <Spinner size={40} aria-label="Signing in" />
      </div>
    </AuthFrame>
  );
}

function StartSignIn({ loginHint, path }: { loginHint: string | null; path: string | null }) {
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const started = useRef(-1);
  useEffect(() => {
    if (started.current === attempt) return;
    started.current = attempt;
    if (isSignedIn()) {
      void reinitialize(path);
      return;
    }
    loadConfig()
      .then((cfg) => authorizationUrl(cfg, { loginHint, path }))
      .then((url) => window.location.assign(url))
      .catch((e) => setError((e as Error).message || 'Sign-in could not start'));
  }, [attempt, loginHint, path]);
  return (
    <AuthFrame>
      {error ? (
        <Callout intent="danger" title="Sign-in could not start">
          <p>{error}</p>
          <Button
            text="Try again"
            onClick={() => {
              setError(null);
              setAttempt((a) => a + 1);
            }}
          />
        </Callout>
      ) : (
        <div className="lci-center" role="status">
          <Spinner size={40} aria-label="Redirecting to sign in" />
          <p>Redirecting to sign in…</p>
        </div>
      )}
    </AuthFrame>
  );
}

export function LoginForm({
  uid,
  prefill,
  variant = 'main',
}: {
  uid: string;
  prefill: string;
  variant?: 'main' | 'clients';
}) {
  const [email, setEmail] = useState(prefill);
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState({ email: false, password: false });
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const [status, setStatus] = useAtom(authStatusAtom);
  const [expired, setExpired] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [signInNotice, setSignInNotice] = useState<string | null>(() => takeSignInNotice()); // e.g. after a password reset
  const search = useSearch();
  const inputs = useMemo(() => {
    const q = new URLSearchParams(search);
    const here = readSignInInputs(q);
    const kept = storedSignInInputs();
    return {
      desiredPlan: here.desiredPlan ?? kept.desiredPlan,
      internalLogin: here.internalLogin || kept.internalLogin,
      // A social sign-in starting (sso=ms|google, kept across the authorization request) or coming back.
      federated: q.has('federated') || q.has('sso') || hasPendingSso(),
    };
  }, [search]);
  const newView = useNewSignInView();
  useEffect(() => {
    if (!signInNotice) return;
    const t = setTimeout(() => setSignInNotice(null), LOGIN_STATUS_CLEAR_MS);
    return () => clearTimeout(t);
  }, [signInNotice]);

  useEffect(() => {
    if (isSignedIn()) {
      void reinitialize(null);
      return;
    }
    api
      .get<{ uid: string; prompt: string; loginHint?: string }>(`/oidc/interaction/${encodeURIComponent(uid)}`, {
        public: true,
      })
      // The hint never overwrites what the user already typed.
      .then((r) => {
        const hint = r.loginHint;
        if (hint && !prefill) setEmail((typed) => typed || hint);
      })
      .catch((e) => {
        if (
          (e as { code?: string }).code === 'interaction_expired' ||
          (e as { status?: number }).status === 400 ||
          (e as { status?: number }).status === 404
        )
          setExpired(true);
      });
  }, [uid, prefill]);

  // The authentication status message is cleared after 4 seconds.
  useEffect(() => {
    if (!status) return;
    const t = setTimeout(() => setStatus(null), LOGIN_STATUS_CLEAR_MS);
    return () => clearTimeout(t);
  }, [status, setStatus]);

  const emailError = validateEmail(email);
  const passwordError = validatePassword(password);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched({ email: true, password: true });
    if (busyRef.current) return; // repeat submits are ignored while in progress
    if (emailError || passwordError) return;
    busyRef.current = true;
    setBusy(true);
    setStatus(null);
    try {
      const r = await api.post<LoginReply>(
        `/oidc/interaction/${encodeURIComponent(uid)}/login`,
        { email: email.trim(), password },
        { public: true },
      );
      if (r.redirectTo) {
        window.location.assign(r.redirectTo);
        return;
      } // stays busy while the browser leaves
      if (r.challenge) {
        savePendingChallenge({ ...r, uid, challenge: r.challenge, email: email.trim() });
        const to = challengeUrl(r.challenge, uid);
        if (to) {
          window.location.assign(to);
          return;
        }
        setNotice(`This sign-in needs a step that is not available yet (${r.challenge}).`);
      }
    } catch (err) {
      const ex = err as { status?: number; code?: string; message?: string };
      if (ex.code === 'interaction_expired') setExpired(true);
      else
        setStatus({
          state: 'failed',
          variant: 'error',
          message: ex.status === 401 ? ex.message || MSG_LOGIN_FAILED : ex.message || MSG_LOGIN_FAILED,
        });
    }
    busyRef.current = false;
    setBusy(false);
  }

  if (expired) {
    return (
      <AuthFrame>
        <Callout intent="warning" title="This sign-in page has expired">
          <p>Please start signing in again.</p>
          <Button intent="primary" text="Sign in again" onClick={() => window.location.assign('/signIn')} />
        </Callout>
      </AuthFrame>
    );
  }

  // The new view replaces the form (flag user-manager-changes), except for provider staff (internalLogin) and a
  // social sign-in coming back (its outcome is read by the form's SocialSignIn).
  if (variant === 'main' && !inputs.internalLogin && !inputs.federated) {
    if (newView === null)
      return (
        <AuthFrame>
          <div className="lci-center" role="status">
            <Spinner size={40} aria-label="Loading" />
          </div>
        </AuthFrame>
      );
    if (newView) return <NewSignInView uid={uid} signUpHref={signUpUrl(inputs.desiredPlan)} />;
  }

  const showEmail = touched.email && emailError;
  const showPassword = touched.password && passwordError;
  return (
    <AuthFrame>
      <H2 className="lci-auth-title">{variant === 'clients' ? 'Client sign in' : 'Sign in'}</H2>
      <form onSubmit={submit} noValidate aria-label="Sign in">
        <FormGroup
          label="Email"
          labelFor="signin-email"
          intent={showEmail ? 'danger' : 'none'}
          helperText={showEmail ? <span id="signin-email-error">{emailError}</span> : undefined}
        >
          {/* An empty field is not flagged on blur: the message would move the links under a click. */}
          <InputGroup
            id="signin-email"
            name="email"
            type="email"
            autoComplete="username"
            autoFocus
            value={email}
            size="large"
            intent={showEmail ? 'danger' : 'none'}
            aria-invalid={!!showEmail}
            aria-describedby={showEmail ? 'signin-email-error' : undefined}
            onValueChange={(v) => setEmail(v)}
            onBlur={(e) => {
              if (e.currentTarget.value) setTouched((t) => ({ ...t, email: true }));
            }}
          />
        </FormGroup>
        <FormGroup
          label="Password"
          labelFor="signin-password"
          intent={showPassword ? 'danger' : 'none'}
          helperText={showPassword ? <span id="signin-password-error">{passwordError}</span> : undefined}
        >
          <InputGroup
            id="signin-password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            size="large"
            intent={showPassword ? 'danger' : 'none'}
            aria-invalid={!!showPassword}
            aria-describedby={showPassword ? 'signin-password-error' : undefined}
            onValueChange={(v) => setPassword(v)}
            onBlur={(e) => {
              if (e.currentTarget.value) setTouched((t) => ({ ...t, password: true }));
            }}
          />
        </FormGroup>
        {status && (
          <Callout intent="danger" role="alert" className="lci-auth-status">
            {status.message}
          </Callout>
        )}
        {signInNotice && (
          <Callout intent="success" role="status" className="lci-auth-status">
            {signInNotice}
          </Callout>
        )}
        {notice && (
          <Callout intent="warning" role="status" className="lci-auth-status">
            {notice}
          </Callout>
        )}
        <Button type="submit" intent="primary" size="large" fill text="Submit" loading={busy} />
      </form>
      {variant === 'main' && <SocialSignIn uid={uid} />}
      <div className="lci-auth-links">
        <Link href={`/passwordReset${email ? `?email=${encodeURIComponent(email.trim())}` : ''}`}>Reset password</Link>
        <span>
          ScalePad partner? <a href="/signin?sso=1">Sign in here</a>
        </span>
        {variant === 'main' && (
          <span>
            New to Lifecycle? <Link href={signUpUrl(inputs.desiredPlan)}>Sign up</Link>
          </span>
        )}
      </div>
    </AuthFrame>
  );
}
