/**
 * /signOut: shows 'Signing Out', revokes the refresh token, clears every store and ends the provider session.
 * Reached from inside the workspace it goes at once; a document loaded here from a link elsewhere asks first
 * (sign-out-intent.ts), so another site cannot sign a user out with a GET.
 */
import { Button, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { currentLanding, signOutWithoutAsking } from '../auth/sign-out-intent';
import { navigate } from '../nav';
import { signOutEverywhere } from '../runtime';
import { AuthFrame } from './AuthFrame';

let signingOut = false;

function begin(): void {
  if (signingOut) return;
  signingOut = true;
  // ?to=signIn: back to /signIn whoever signs out (declined terms); otherwise by role (runtime.ts).
  const to = new URLSearchParams(window.location.search).get('to') === 'signIn' ? '/signIn' : undefined;
  void signOutEverywhere(to).then((url) => window.location.assign(url));
}

export default function SignOut() {
  const [confirmed, setConfirmed] = useState(() => signingOut || signOutWithoutAsking(currentLanding()));
  useEffect(() => {
    if (confirmed) begin();
  }, [confirmed]);
  if (!confirmed) {
    return (
      <AuthFrame>
        <h1 className="lci-big">Sign out of Lifecycle?</h1>
        <div className="lci-space-top">
          <Button intent="primary" text="Sign out" onClick={() => setConfirmed(true)} />{' '}
          <Button variant="minimal" text="Stay signed in" onClick={() => void navigate('/', { replace: true })} />
        </div>
      </AuthFrame>
    );
  }
  return (
    <AuthFrame>
      <div className="lci-center" role="status" aria-live="polite">
        <Spinner size={40} aria-label="Signing Out" />
        <p className="lci-big">Signing Out</p>
      </div>
    </AuthFrame>
  );
}
