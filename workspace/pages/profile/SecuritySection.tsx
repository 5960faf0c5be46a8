/**
 * "Security" section of /accountsettings (settingsSections slot; tenant admins): the tenant-wide "require
 * two-step sign-in" setting. Turning it on or off is confirmed first (it changes every user's next sign-in);
 * the server audits the change (tenant.security.require_mfa). Read-only pages show the state only.
 */
import { Alert, Callout, Spinner, Switch } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import type { TenantSecurityAnswer } from '../../../common/api/profile';
import { api } from '../../runtime';
import { useSession } from '../../sdk';
import { securityUrl } from './model';

export default function SecuritySection({ readOnly }: { readOnly: boolean }) {
  const tenantId = useSession()?.tenant?.tenantId ?? null;
  const [state, setState] = useState<TenantSecurityAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);

  const load = useCallback(() => {
    if (tenantId === null) return;
    api.get<TenantSecurityAnswer>(securityUrl(tenantId)).then(setState, (e: Error) => setError(e.message));
  }, [tenantId]);
  useEffect(load, [load]);

  async function apply(requireMfa: boolean) {
    if (tenantId === null) return;
    setBusy(true);
    setError(null);
    try {
      const r = await api.put<TenantSecurityAnswer>(securityUrl(tenantId), { requireMfa });
      setState(r);
      setSaved(
        requireMfa
          ? 'Two-step sign-in is now required. Users without it set it up at their next sign-in.'
          : 'Two-step sign-in is no longer required.',
      );
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
      setAsking(null);
    }
  }

  if (error && !state)
    return (
      <Callout intent="danger" role="alert">
        {error}
      </Callout>
    );
  if (!state) return <Spinner size={20} aria-label="Loading security settings" />;
  const without = state.usersWithoutMfa;
  return (
    <div className="lci-security-section">
      <Switch
        large
        checked={state.requireMfa}
        disabled={readOnly || busy}
        label="Require two-step sign-in for every user"
        onChange={(e) => setAsking(e.currentTarget.checked)}
      />
      <p className="bp6-text-muted">
        {state.requireMfa
          ? `Every user of your company must enter a code from their phone after their password. ${without === 0 ? 'Everyone has set it up.' : `${without} of ${state.users} users have not set it up yet and will be asked to at their next sign-in.`}`
          : `Users choose for themselves on their profile page. ${without} of ${state.users} users have no two-step sign-in.`}
      </p>
      {saved && (
        <Callout intent="success" role="status">
          {saved}
        </Callout>
      )}
      {error && (
        <Callout intent="danger" role="alert">
          {error}
        </Callout>
      )}
      <Alert
        isOpen={asking !== null}
        intent={asking ? 'primary' : 'danger'}
        confirmButtonText={asking ? 'Require it' : 'Stop requiring it'}
        cancelButtonText="Cancel"
        loading={busy}
        onConfirm={() => void apply(!!asking)}
        onCancel={() => setAsking(null)}
      >
        {asking ? (
          <p>
            Require two-step sign-in for every user? {without} {without === 1 ? 'user' : 'users'} without it will have
            to set up an authenticator app at their next sign-in before they can continue.
          </p>
        ) : (
          <p>Stop requiring two-step sign-in? Users will be able to remove it from their profile.</p>
        )}
      </Alert>
    </div>
  );
}
