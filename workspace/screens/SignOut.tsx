/** /signOut: shows 'Signing Out', revokes the refresh token, clears every store and ends the provider session. */
import { Spinner } from '@blueprintjs/core';
import { useEffect } from 'react';
import { signOutEverywhere } from '../runtime';
import { AuthFrame } from './AuthFrame';

let signingOut = false;

export default function SignOut() {
  useEffect(() => {
    if (signingOut) return;
    signingOut = true;
    // ?to=signIn: back to /signIn whoever signs out (declined terms); otherwise by role (runtime.ts).
    const to = new URLSearchParams(window.location.search).get('to') === 'signIn' ? '/signIn' : undefined;
    void signOutEverywhere(to).then((url) => window.location.assign(url));
  }, []);
  return (
    <AuthFrame>
      <div className="lci-center" role="status" aria-live="polite"><Spinner size={40} aria-label="Signing Out" /><p className="lci-big">Signing Out</p></div>
    </AuthFrame>
  );
}
