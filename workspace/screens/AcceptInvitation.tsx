/**
 * /acceptInvitation?invitationKey=... : an existing user of one company, invited by another company's
 * tenant admin, accepts or declines. The key is looked up (POST /v3/manager/invitations/lookup);
 * the company and the e-mail are shown; Accept makes the membership of that company, Decline
 * changes nothing. Either way the user's own sign-in, password and home company stay as they are.
 * An unknown, used or expired link shows the server's message.
 */
import { Button, Callout, H2, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { api } from '../runtime';
import { AuthFrame } from './AuthFrame';

interface Invitation {
  company: string;
  email: string;
}
type Done = { status: 'ACCEPTED' | 'DECLINED'; company: string };

export default function AcceptInvitation() {
  const invitationKey = new URLSearchParams(useSearch()).get('invitationKey') ?? '';
  const [inv, setInv] = useState<Invitation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const [done, setDone] = useState<Done | null>(null);

  useEffect(() => {
    let live = true;
    (async () => {
      if (!invitationKey) throw new Error('The link has no invitation key.');
      return api.post<Invitation>('/v3/manager/invitations/lookup', { invitationKey }, { public: true });
    })().then(
      (r) => {
        if (live) setInv(r);
      },
      (e) => {
        if (live) setError((e as Error).message || 'This invitation could not be found.');
      },
    );
    return () => {
      live = false;
    };
  }, [invitationKey]);

  async function answer(a: 'accept' | 'decline') {
    if (busy) return;
    setBusy(a);
    setError(null);
    try {
      setDone(await api.post<Done>(`/v3/manager/invitations/${a}`, { invitationKey }, { public: true }));
    } catch (e) {
      setError((e as Error).message || 'The invitation could not be answered.');
    } finally {
      setBusy(null);
    }
  }

  const title = <H2 className="lci-auth-title">Invitation</H2>;
  if (done) {
    return (
      <AuthFrame>
        {title}
        {done.status === 'ACCEPTED' ? (
          <Callout intent="success" role="status" title={`You have joined ${done.company}`}>
            <p>Sign in as usual; your password and your own company are unchanged.</p>
            <Button
              intent="primary"
              text="Sign in"
              onClick={() =>
                window.location.assign(`/signIn?${new URLSearchParams({ qemail: inv?.email ?? '' }).toString()}`)
              }
            />
          </Callout>
        ) : (
          <Callout intent="primary" role="status" title="Invitation declined">
            <p>Nothing has changed. You can ignore any further message about this invitation.</p>
          </Callout>
        )}
      </AuthFrame>
    );
  }
  if (error && !inv)
    return (
      <AuthFrame>
        {title}
        <Callout intent="danger" role="alert" title="Invitation not found">
          <p>{error}</p>
        </Callout>
      </AuthFrame>
    );
  if (!inv)
    return (
      <AuthFrame>
        <div className="lci-center" role="status">
          <Spinner size={40} aria-label="Looking up your invitation" />
          <p>Looking up your invitation…</p>
        </div>
      </AuthFrame>
    );
  return (
    <AuthFrame>
      {title}
      <p>
        <strong>{inv.company}</strong> invites you (<strong>{inv.email}</strong>) to join them on Lifecycle with your
        existing account.
      </p>
      <p className="bp6-text-muted">
        Accepting gives {inv.company} a membership of your account in their company. Your sign-in, password and your own
        company stay as they are.
      </p>
      {error && (
        <Callout intent="danger" role="alert" className="lci-auth-status">
          {error}
        </Callout>
      )}
      <div className="lci-space-top">
        <Button
          intent="primary"
          size="large"
          text="Accept"
          loading={busy === 'accept'}
          disabled={!!busy}
          onClick={() => void answer('accept')}
        />{' '}
        <Button
          size="large"
          text="Decline"
          loading={busy === 'decline'}
          disabled={!!busy}
          onClick={() => void answer('decline')}
        />
      </div>
    </AuthFrame>
  );
}
