/**
 * The code form of the sign-in's second step (platform.md 2.3, 4.1): a numeric
 * code field and Submit. Repeat submits are ignored while one is in progress;
 * a right code follows redirectTo (the provider finishes the sign-in), a wrong
 * one is shown inline; when the sign-in is over (too many answers, expired) the
 * user returns to signIn with the authentication status set.
 */
import { Button, Callout, FormGroup, InputGroup } from '@blueprintjs/core';
import { useSetAtom } from 'jotai';
import { useRef, useState, type FormEvent } from 'react';
import {
  answerChallenge,
  challengeUrl,
  clearPendingChallenge,
  savePendingChallenge,
  type PendingChallenge,
} from '../auth/challenge';
import { validateCode } from '../auth/validation';
import { navigate } from '../nav';
import { authStatusAtom } from '../state/atoms';
import { MSG_CODE_MISMATCH } from '../../common/texts';

const INLINE_ERRORS = new Set(['CodeMismatchException', 'ExpiredCodeException', 'LimitExceededException']);

export function ChallengeCodeForm({
  pending,
  label = 'Code',
  ariaLabel,
}: {
  pending: PendingChallenge;
  label?: string;
  ariaLabel: string;
}) {
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const [error, setError] = useState<string | null>(null);
  const setStatus = useSetAtom(authStatusAtom);
  const codeError = validateCode(code);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (busyRef.current) return; // repeat submits are ignored while in progress
    if (codeError) return;
    busyRef.current = true;
    setBusy(true);
    setError(null);
    try {
      const r = await answerChallenge(pending.uid, pending.challenge, { code: code.trim() });
      if (r.redirectTo) {
        clearPendingChallenge();
        window.location.assign(r.redirectTo); // stays busy while the browser leaves
        return;
      }
      const next = r.challenge ? challengeUrl(r.challenge, pending.uid) : null;
      if (r.challenge && next) {
        savePendingChallenge({ uid: pending.uid, email: pending.email, ...r, challenge: r.challenge });
        void navigate(next, { replace: true });
        return;
      }
      setError(`This sign-in needs a step that is not available yet (${r.challenge ?? 'unknown'}).`);
    } catch (err) {
      const ex = err as { status?: number; code?: string; message?: string };
      if (ex.code && INLINE_ERRORS.has(ex.code)) {
        setError(ex.message ?? MSG_CODE_MISMATCH);
        setCode('');
        setTouched(false);
      } else if (ex.code === 'interaction_expired' || ex.status === 401 || ex.code === 'InvalidParameterException') {
        // The sign-in is over: back to signIn with the authentication status.
        clearPendingChallenge();
        setStatus({ state: 'failed', variant: 'error', message: ex.message || 'Login failed.' });
        void navigate(
          ex.code === 'interaction_expired' ? '/signIn' : `/signIn?interaction=${encodeURIComponent(pending.uid)}`,
          { replace: true },
        );
        return;
      } else {
        setError(ex.message || 'Something went wrong. Please try again.');
      }
    }
    busyRef.current = false;
    setBusy(false);
  }

  const showError = touched && codeError;
  return (
    <form onSubmit={submit} noValidate aria-label={ariaLabel}>
      <FormGroup
        label={label}
        labelFor="mfa-code"
        intent={showError ? 'danger' : 'none'}
        helperText={showError ? <span id="mfa-code-error">{codeError}</span> : undefined}
      >
        <InputGroup
          id="mfa-code"
          name="code"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="one-time-code"
          autoFocus
          maxLength={6}
          value={code}
          size="large"
          intent={showError ? 'danger' : 'none'}
          aria-invalid={!!showError}
          aria-describedby={showError ? 'mfa-code-error' : undefined}
          onValueChange={(v) => {
            setCode(v);
            setError(null);
          }}
          onBlur={() => setTouched(true)}
        />
      </FormGroup>
      {error && (
        <Callout intent="danger" role="alert" className="lci-auth-status">
          {error}
        </Callout>
      )}
      <Button type="submit" intent="primary" size="large" fill text="Submit" loading={busy} />
    </form>
  );
}
