/**
 * Sign-in screen variants (platform.md 2.3):
 * - SignInCards: the new view when the flag user-manager-changes is on (the platform-level value from
 *   GET /v3/public/config `flags`: before sign-in no tenant is known, and no lookup by e-mail is made):
 *   a "ScalePad Partner" card and a "Client of an MSP" card going to /clients/signin.
 * - the hand-over back to /clients/signin (ClientSignIn.tsx) of a sign-in that started there.
 */
import { AnchorButton, Card, H4, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { navigate } from '../nav';
import { loadConfig } from '../runtime';
import { AuthFrame } from './AuthFrame';

export const NEW_SIGNIN_VIEW_FLAG = 'user-manager-changes';
export const CLIENT_SIGNIN_PATH = '/clients/signin';
const ENTRY_KEY = 'lci.signInEntry';

export function isClientEntry(): boolean {
  try {
    return sessionStorage.getItem(ENTRY_KEY) === 'clients';
  } catch {
    return false;
  }
}
export function setClientEntry(on: boolean): void {
  try {
    if (on) sessionStorage.setItem(ENTRY_KEY, 'clients');
    else sessionStorage.removeItem(ENTRY_KEY);
  } catch {
    /* no storage */
  }
}

/** /signIn?interaction=... reached from a sign-in that started at /clients/signin. */
export function ToClientSignIn({ uid }: { uid: string }) {
  const search = useSearch();
  useEffect(() => {
    const q = new URLSearchParams(search);
    q.set('interaction', uid);
    void navigate(`${CLIENT_SIGNIN_PATH}?${q.toString()}`, { replace: true });
  }, [uid, search]);
  return (
    <AuthFrame>
      <div className="lci-center" role="status">
        <Spinner size={40} aria-label="Loading" />
      </div>
    </AuthFrame>
  );
}

/** The two cards of the new sign-in view; nothing while the flag is off. */
export function SignInCards() {
  const [on, setOn] = useState(false);
  useEffect(() => {
    let live = true;
    loadConfig().then(
      (c) => {
        if (live) setOn(!!(c as { flags?: Record<string, boolean> }).flags?.[NEW_SIGNIN_VIEW_FLAG]);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (!on) return null;
  return (
    <div className="lci-signin-cards" data-testid="signin-cards">
      <Card className="lci-signin-card" aria-labelledby="card-partner">
        <H4 id="card-partner">ScalePad Partner</H4>
        <p>Managed service providers who use ScalePad sign in with their ScalePad account.</p>
        <AnchorButton href="/signIn?sso=1" text="Sign in with ScalePad" fill />
      </Card>
      <Card className="lci-signin-card" aria-labelledby="card-client">
        <H4 id="card-client">Client of an MSP</H4>
        <p>Work for a client company of a managed service provider? Sign in here.</p>
        <AnchorButton
          href={CLIENT_SIGNIN_PATH}
          text="Client sign in"
          fill
          onClick={(e) => {
            e.preventDefault();
            void navigate(CLIENT_SIGNIN_PATH);
          }}
        />
      </Card>
    </div>
  );
}
