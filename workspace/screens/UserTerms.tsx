/** /userTerms: Updated Terms of Use with Accept and Decline (section 2.3 and 4.1). */
import { Button, Callout, H2 } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { navigate } from '../nav';
import { api, reinitialize } from '../runtime';
import { sessionAtom } from '../state/atoms';
import { AuthFrame } from './AuthFrame';
import { MSG_COULD_NOT_UPDATE_USER } from '../constants';
import { TERMS_PATH, TERMS_TITLE, TERMS_UPDATED } from '../../common/terms';

export default function UserTerms() {
  const session = useAtomValue(sessionAtom);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (session?.tacAcceptance) void reinitialize(null);
  }, [session]);

  async function accept() {
    if (busy || !session?.tenant) return;
    setBusy(true);
    setError(null);
    try {
      const r = await api.post<{ records_updated?: number }>(`/v3/tenant/${session.tenant.tenantId}/tenantuser`, {
        operation: 'accept_terms',
        payload: { tenant_id: session.tenant.tenantId, user_id: session.user.authenticatedUserId },
      });
      if (!r || r.records_updated === 0) throw new Error(MSG_COULD_NOT_UPDATE_USER);
      await reinitialize(null);
    } catch (e) {
      setError(
        (e as Error).message === MSG_COULD_NOT_UPDATE_USER
          ? MSG_COULD_NOT_UPDATE_USER
          : `${MSG_COULD_NOT_UPDATE_USER}: ${(e as Error).message}`,
      );
      setBusy(false);
    }
  }

  return (
    <AuthFrame>
      <H2>Updated Terms of Use</H2>
      <p>Our terms of use have changed. Please read and accept them to continue using Lifecycle.</p>
      <p>
        <a href={TERMS_PATH} target="_blank" rel="noopener">
          Read the {TERMS_TITLE}
        </a>{' '}
        (opens in a new tab; last updated {TERMS_UPDATED}).
      </p>
      {error && (
        <Callout intent="danger" role="alert">
          {error}
        </Callout>
      )}
      <div className="lci-row lci-space-top">
        <Button intent="primary" text="Accept" loading={busy} onClick={accept} />
        <Button text="Decline" disabled={busy} onClick={() => void navigate('/signOut?to=signIn')} />
      </div>
    </AuthFrame>
  );
}
