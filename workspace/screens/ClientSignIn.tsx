/**
 * /clients/signin (platform.md 2.1, 2.3): the same e-mail and password form for users of a provider's
 * client companies and sandbox tenants. It starts the authorization request and marks the entry, so
 * the provider's hand-over to /signIn?interaction=... comes back here (SignInVariants.tsx).
 */
import { H2, Spinner } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { authorizationUrl } from '../auth/oidc';
import { isSignedIn, loadConfig, reinitialize } from '../runtime';
import { AuthFrame } from './AuthFrame';
import { LoginForm } from './SignIn';
import { setClientEntry } from './SignInVariants';

/** /clients/signin. */
export default function ClientSignIn() {
  const params = new URLSearchParams(useSearch());
  const interaction = params.get('interaction');
  if (interaction) return <ClientForm uid={interaction} prefill={params.get('qemail') ?? ''} />;
  return <StartClientSignIn loginHint={params.get('qemail') ?? params.get('email')} />;
}

function ClientForm({ uid, prefill }: { uid: string; prefill: string }) {
  useEffect(() => {
    setClientEntry(false);
  }, []);
  return <LoginForm uid={uid} prefill={prefill} variant="clients" />;
}

function StartClientSignIn({ loginHint }: { loginHint: string | null }) {
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (isSignedIn()) {
      void reinitialize(null);
      return;
    }
    setClientEntry(true);
    loadConfig()
      .then((cfg) => authorizationUrl(cfg, { loginHint }))
      .then((url) => window.location.assign(url))
      .catch((e) => {
        setClientEntry(false);
        setError((e as Error).message || 'Sign-in could not start');
      });
  }, [loginHint]);
  return (
    <AuthFrame>
      <H2 className="lci-auth-title">Client sign in</H2>
      {error ? (
        <p role="alert">{error}</p>
      ) : (
        <div className="lci-center" role="status">
          <Spinner size={40} aria-label="Redirecting to sign in" />
          <p>Redirecting to sign in…</p>
        </div>
      )}
    </AuthFrame>
  );
}
