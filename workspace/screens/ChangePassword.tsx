/**
 * /changePassword (platform.md 2.3, 4.1): current and new password for a signed-in user (a normal
 * change goes to the dashboard); only the new password when the sign-in demands one
 * (NEW_PASSWORD_REQUIRED: /signIn sends the user here with ?interaction=<uid>; the answer goes to
 * POST /oidc/interaction/<uid>/challenge and completion follows redirectTo, which ends at /initializer).
 */
import { Button, Callout, FormGroup, H2, InputGroup, Spinner } from '@blueprintjs/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import {
  answerChallenge as postAnswer,
  challengeUrl,
  readPendingChallenge,
  savePendingChallenge,
} from '../auth/challenge';
import { validateNewPassword, validatePassword } from '../auth/validation';
import { PasswordRules } from '../components/PasswordRules';
import { navigate } from '../nav';
import { api, isSignedIn, loadConfig } from '../runtime';
import { AuthFrame } from './AuthFrame';

const CHANGE_PATH = '/v3/manager/identity/password/change';
export const MSG_FORCED = 'Your password must be changed before you continue. Please choose a new password.';

function pendingChallenge(uid: string) {
  const c = readPendingChallenge(uid);
  return c?.challenge === 'NEW_PASSWORD_REQUIRED' ? c : null;
}

export default function ChangePassword() {
  const params = new URLSearchParams(useSearch());
  const uid = params.get('interaction');
  const signedIn = isSignedIn();
  useEffect(() => {
    if (!uid && !signedIn)
      void navigate(`/signIn?${new URLSearchParams({ path: '/changePassword' }).toString()}`, { replace: true });
  }, [uid, signedIn]);
  if (uid) return <PasswordForm forcedUid={uid} />;
  if (signedIn) return <PasswordForm forcedUid={null} />;
  return (
    <AuthFrame>
      <div className="lci-center" role="status">
        <Spinner size={40} aria-label="Redirecting to sign in" />
      </div>
    </AuthFrame>
  );
}

function PasswordForm({ forcedUid }: { forcedUid: string | null }) {
  const forced = forcedUid !== null;
  const who = forced ? pendingChallenge(forcedUid) : null;
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [touched, setTouched] = useState({ old: false, new: false });
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);

  const oldError = forced ? null : validatePassword(oldPassword);
  const newError = validateNewPassword(newPassword);

  async function answerChallenge(uid: string): Promise<boolean> {
    const r = await postAnswer(uid, 'NEW_PASSWORD_REQUIRED', { newPassword });
    if (r.redirectTo) {
      window.location.assign(r.redirectTo);
      return true;
    } // ends at /authed, then /initializer
    if (r.challenge) {
      // The next step (e.g. the second factor) has its own screen.
      savePendingChallenge({ ...r, uid, challenge: r.challenge, email: who?.email ?? who?.username });
      const to = challengeUrl(r.challenge, uid);
      if (to) {
        window.location.assign(to);
        return true;
      }
      setError(`This sign-in needs a step that is not available yet (${r.challenge}).`);
    }
    return false;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched({ old: true, new: true });
    if (busyRef.current || oldError || newError) return;
    busyRef.current = true;
    setBusy(true);
    setError(null);
    try {
      if (forcedUid) {
        if (await answerChallenge(forcedUid)) return; // stays busy while the browser leaves
      } else {
        await loadConfig();
        await api.post(CHANGE_PATH, { oldPassword, newPassword });
        await navigate('/dashboard');
        return;
      }
    } catch (err) {
      const ex = err as { code?: string; status?: number; message?: string };
      if (ex.code === 'interaction_expired') setExpired(true);
      else setError(ex.message || 'Your password could not be changed. Please try again.');
      if (forced && ex.status === 401) setExpired(true); // too many tries: the sign-in is over
    }
    busyRef.current = false;
    setBusy(false);
  }

  if (expired) {
    return (
      <AuthFrame>
        <Callout intent="warning" title="This sign-in has expired">
          {error && <p>{error}</p>}
          <p>Please sign in again.</p>
          <Button intent="primary" text="Sign in again" onClick={() => window.location.assign('/signIn')} />
        </Callout>
      </AuthFrame>
    );
  }

  const showOld = touched.old && oldError;
  const showNew = touched.new && newError;
  return (
    <AuthFrame>
      <H2 className="lci-auth-title">Change password</H2>
      {forced && <p>{MSG_FORCED}</p>}
      {forced && (who?.email || who?.username) && <p className="bp6-text-muted">{who.email ?? who.username}</p>}
      <form onSubmit={submit} noValidate aria-label="Change password">
        {!forced && (
          <FormGroup
            label="Current Password"
            labelFor="change-old"
            intent={showOld ? 'danger' : 'none'}
            helperText={showOld ? <span id="change-old-error">{oldError}</span> : undefined}
          >
            <InputGroup
              id="change-old"
              name="oldPassword"
              type="password"
              autoComplete="current-password"
              autoFocus
              value={oldPassword}
              size="large"
              intent={showOld ? 'danger' : 'none'}
              aria-invalid={!!showOld}
              aria-describedby={showOld ? 'change-old-error' : undefined}
              onValueChange={setOldPassword}
              onBlur={(e) => {
                if (e.currentTarget.value) setTouched((t) => ({ ...t, old: true }));
              }}
            />
          </FormGroup>
        )}
        <FormGroup
          label="New Password"
          labelFor="change-new"
          intent={showNew ? 'danger' : 'none'}
          helperText={showNew ? <span id="change-new-error">{newError}</span> : undefined}
        >
          <InputGroup
            id="change-new"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            autoFocus={forced}
            value={newPassword}
            size="large"
            intent={showNew ? 'danger' : 'none'}
            aria-invalid={!!showNew}
            aria-describedby={[showNew ? 'change-new-error' : '', 'change-rules'].filter(Boolean).join(' ')}
            onValueChange={setNewPassword}
            onBlur={(e) => {
              if (e.currentTarget.value) setTouched((t) => ({ ...t, new: true }));
            }}
          />
        </FormGroup>
        <PasswordRules value={newPassword} id="change-rules" />
        {error && (
          <Callout intent="danger" role="alert" className="lci-auth-status">
            {error}
          </Callout>
        )}
        <Button type="submit" intent="primary" size="large" fill text="Submit" loading={busy} />
      </form>
      <div className="lci-auth-links">
        {forced ? <a href="/signIn">Back to Sign In</a> : <Link href="/dashboard">Cancel</Link>}
      </div>
    </AuthFrame>
  );
}
