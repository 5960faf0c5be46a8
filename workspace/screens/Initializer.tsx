/**
 * /initializer (query path): loads the session, navigation, modules and companies, then opens the path, or where the
 * user lands (landing.ts: /dashboard, or /lcisupport for support staff).
 */
import { Button, Callout, Spinner } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { navigate } from '../nav';
import { landingPath } from '../landing';
import { sessionAtom, store } from '../state/atoms';
import { initializeSession, signOutLocal } from '../runtime';
import { AuthFrame } from './AuthFrame';

function target(raw: string | null): string | null {
  return raw && raw.startsWith('/') && !raw.startsWith('//') && !raw.toLowerCase().startsWith('/initializer')
    ? raw
    : null;
}

export default function Initializer() {
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const ran = useRef(-1);
  useEffect(() => {
    if (ran.current === attempt) return;
    ran.current = attempt;
    const asked = target(new URLSearchParams(window.location.search).get('path'));
    const path = asked ?? '/dashboard';
    initializeSession()
      .then(async () => {
        const home = landingPath(store.get(sessionAtom));
        if (!(await navigate(asked ?? home, { replace: true }))) await navigate(home, { replace: true });
      })
      .catch((e) => {
        const status = (e as { status?: number }).status;
        if (status === 401) {
          signOutLocal();
          window.location.assign(`/signIn?${new URLSearchParams({ path }).toString()}`);
          return;
        }
        setError((e as Error).message || 'Your workspace could not be loaded');
      });
  }, [attempt]);
  return (
    <AuthFrame>
      {error ? (
        <Callout intent="danger" role="alert" title="Your workspace could not be loaded">
          <p>{error}</p>
          <div className="lci-row">
            <Button
              intent="primary"
              text="Try again"
              onClick={() => {
                setError(null);
                setAttempt((a) => a + 1);
              }}
            />
            <Button text="Sign out" onClick={() => void navigate('/signOut')} />
          </div>
        </Callout>
      ) : (
        <div className="lci-center" role="status" aria-live="polite">
          <Spinner size={40} aria-label="Loading your workspace" />
          <p>Loading your workspace…</p>
        </div>
      )}
    </AuthFrame>
  );
}
