/**
 * /setupMFA: authenticator set-up during sign-in (challenge MFA_SETUP,
 * platform.md 4.1): the QR code and the secret code to add the account to an
 * authenticator app, then a code from the app; the right code enrols the app
 * and finishes the sign-in. Without a pending set-up, goes to signIn.
 */
import { H2 } from '@blueprintjs/core';
import { useEffect, useMemo } from 'react';
import { useSearch } from 'wouter';
import { readPendingChallenge } from '../auth/challenge';
import { navigate } from '../nav';
import { isSignedIn, reinitialize } from '../runtime';
import { AuthFrame } from './AuthFrame';
import { ChallengeCodeForm } from './ChallengeCodeForm';

export default function SetupMFA() {
  const uid = new URLSearchParams(useSearch()).get('interaction');
  const pending = useMemo(() => readPendingChallenge(uid), [uid]);
  const signedIn = isSignedIn();
  const ready = !signedIn && pending?.challenge === 'MFA_SETUP' && !!pending.secretCode;

  useEffect(() => {
    if (signedIn) void reinitialize(null);
    else if (!ready) void navigate('/signIn', { replace: true });
  }, [signedIn, ready]);

  if (!ready || !pending) return null;
  return (
    <AuthFrame>
      <H2 className="lci-auth-title">Set up your authenticator app</H2>
      <p>
        Your account needs a second sign-in step. Scan the QR code with an authenticator app, or enter the secret code
        in it, then enter the code the app shows.
      </p>
      {pending.qrCodeDataUrl && (
        <div className="lci-center">
          <img src={pending.qrCodeDataUrl} alt="QR code for your authenticator app" width={200} height={200} />
        </div>
      )}
      <p>
        <span id="mfa-secret-label">Secret code: </span>
        <code
          aria-labelledby="mfa-secret-label"
          data-testid="mfa-secret-code"
          style={{ wordBreak: 'break-all', userSelect: 'all' }}
        >
          {pending.secretCode}
        </code>
      </p>
      <ChallengeCodeForm pending={pending} ariaLabel="Set up authenticator app" />
    </AuthFrame>
  );
}
