/**
 * Sign-in screen variants (platform.md 2.3):
 * - NewSignInView: the new view when the flag user-manager-changes is on (the platform-level value from
 *   GET /v3/public/config `flags`: before sign-in no tenant is known, and no lookup by e-mail is made):
 *   a "ScalePad Partner" card and a "Client of an MSP" card going to /clients/signin, in place of the form.
 * - the hand-over back to /clients/signin (ClientSignIn.tsx) of a sign-in that started there.
 */
import { AnchorButton, Card, H2, H4, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
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

/** Whether the new sign-in view is on (platform-level flag from GET /v3/public/config); null while loading. */
export function useNewSignInView(): boolean | null {
  const [on, setOn] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    loadConfig().then(
      (c) => {
        if (live) setOn(!!(c as { flags?: Record<string, boolean> }).flags?.[NEW_SIGNIN_VIEW_FLAG]);
      },
      () => {
        if (live) setOn(false); // no configuration: the old form
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return on;
}

/**
 * The new sign-in view (flag user-manager-changes): it replaces the e-mail and password form. A "ScalePad
 * Partner" card and a "Client of an MSP" card (to /clients/signin); provider staff keep the form through
 * internalLogin (the link below, same sign-in), and a "Sign up" link carries the desired plan.
 */
export function NewSignInView({ uid, signUpHref }: { uid: string; signUpHref: string }) {
  const staff = `/signIn?${new URLSearchParams({ interaction: uid, internalLogin: 'true' }).toString()}`;
  return (
    <AuthFrame>
      <H2 className="lci-auth-title">Sign in</H2>
      <div className="lci-signin-cards" data-testid="signin-cards">
        <Card className="lci-signin-card" aria-labelledby="card-partner">
          <H4 id="card-partner">ScalePad Partner</H4>
          <p>Managed service providers who use ScalePad sign in with their ScalePad account.</p>
          <AnchorButton href="/signIn?sso=1" text="Sign in with ScalePad" intent="primary" fill />
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
      <div className="lci-auth-links">
        <Link href={staff}>Lifecycle staff sign in</Link>
        <span>
          New to Lifecycle? <Link href={signUpHref}>Sign up</Link>
        </span>
      </div>
    </AuthFrame>
  );
}
