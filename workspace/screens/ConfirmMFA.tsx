/**
 * /confirmMFA: the second sign-in step (platform.md 2.3 "Confirm second step
 * (MFA)"): a code from the authenticator app (SOFTWARE_TOKEN_MFA) or sent by
 * SMS (SMS_MFA). Already signed in goes to the initializer; without a pending
 * second step, to signIn.
 */
import { H2 } from '@blueprintjs/core';
import { useEffect, useMemo } from 'react';
import { useSearch } from 'wouter';
import { readPendingChallenge } from '../auth/challenge';
import { navigate } from '../nav';
import { isSignedIn, reinitialize } from '../runtime';
import { AuthFrame } from './AuthFrame';
import { ChallengeCodeForm } from './ChallengeCodeForm';

const MFA_TYPES = ['SMS_MFA', 'SOFTWARE_TOKEN_MFA'];

export default function ConfirmMFA() {
  const uid = new URLSearchParams(useSearch()).get('interaction');
  const pending = useMemo(() => readPendingChallenge(uid), [uid]);
  const signedIn = isSignedIn();
  const ready = !signedIn && !!pending && MFA_TYPES.includes(pending.challenge);

  useEffect(() => {
    if (signedIn) void reinitialize(null);
    else if (!ready) void navigate('/signIn', { replace: true });
  }, [signedIn, ready]);

  if (!ready || !pending) return null;
  const hint =
    pending.challenge === 'SMS_MFA'
      ? `Enter the code we sent by text message${pending.destination ? ` to ${pending.destination}` : ''}.`
      : 'Enter the code shown in your authenticator app.';
  return (
    <AuthFrame>
      <H2 className="lci-auth-title">Confirm second step</H2>
      <p>{hint}</p>
      <ChallengeCodeForm pending={pending} ariaLabel="Confirm second step" />
    </AuthFrame>
  );
}
