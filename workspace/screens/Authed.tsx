/**
 * /authed: the sign-in redirect target. Exchanges the code (PKCE), shows that the account is being
 * initialised, goes to /initializer when authenticated, to /signUp when the user has no current tenant (the token's
 * `tid`); otherwise to /signUp after 6 seconds.
 */
import { Button, Callout, Spinner } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { takePkce } from '../auth/oidc';
import { readTokenFlags } from '../auth/token-claims';
import { INITIALISING_REDIRECT_MS, MSG_USER_CANCELLED } from '../constants';
import { navigate } from '../nav';
import { exchangeCode, isSignedIn } from '../runtime';
import { AuthFrame } from './AuthFrame';

let handledCode: string | null = null;

function safePath(p: string | null | undefined): string | null {
  return p && p.startsWith('/') && !p.startsWith('//') && !p.toLowerCase().startsWith('/initializer') ? p : null;
}
export function initializerUrl(path: string | null | undefined): string {
  const p = safePath(path);
  return p ? `/initializer?${new URLSearchParams({ path: p }).toString()}` : '/initializer';
}

export default function Authed() {
  const [error, setErrorState] = useState<string | null>(null);
  const failed = useRef(false);
  const setError = (m: string) => {
    failed.current = true;
    setErrorState(m);
  };

  useEffect(() => {
    const q = new URLSearchParams(window.location.search);
    const code = q.get('code');
    const err = q.get('error');
    if (err) {
      const desc = q.get('error_description');
      setError(err === 'user_cancelled' || /cancel/i.test(desc ?? '') ? MSG_USER_CANCELLED : desc || err);
    } else if (code && handledCode !== code) {
      handledCode = code;
      const rec = takePkce();
      if (!rec || rec.state !== q.get('state')) setError('This sign-in link is no longer valid. Please sign in again.');
      else {
        exchangeCode(code, rec.verifier)
          .then((tokens) =>
            // platform.md 2.3 Initialising: a user with no current tenant signs one up.
            readTokenFlags(tokens.accessToken).hasTenant === false
              ? navigate('/signUp', { replace: true })
              : navigate(initializerUrl(rec.path), { replace: true }),
          )
          .catch((e) => setError((e as Error).message || 'Sign-in failed'));
      }
    } else if (!code && isSignedIn()) {
      void navigate('/initializer', { replace: true });
    }
    const t = setTimeout(() => {
      if (failed.current) return; // the error stays readable; the user chooses
      if (isSignedIn()) void navigate('/initializer', { replace: true });
      else void navigate('/signUp', { replace: true });
    }, INITIALISING_REDIRECT_MS);
    return () => clearTimeout(t);
  }, []);

  return (
    <AuthFrame>
      <div className="lci-center" role="status" aria-live="polite">
        <Spinner size={40} aria-label="Initialising" />
        <p>Please wait while we initialise your account…</p>
      </div>
      {error && (
        <Callout intent="danger" role="alert" title="Sign-in did not complete">
          <p>{error}</p>
          <Button intent="primary" text="Back to sign in" onClick={() => window.location.assign('/signIn')} />
        </Callout>
      )}
    </AuthFrame>
  );
}
