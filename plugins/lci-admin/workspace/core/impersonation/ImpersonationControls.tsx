/**
 * Impersonate a tenant or one of its security groups (platform.md section 6: only with allowImpersonationFlag).
 * Without the flag the controls are disabled and say why. Starting reloads the session as the impersonated tenant;
 * the shell's banner shows it and stops it with one click.
 */
import { Button, Callout, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useState } from 'react';
import { api, reinitialize, useSession } from '../../../../../workspace/sdk';
import { useLoad } from '../useLoad';

export const MSG_NO_FLAG =
  'Impersonation is disabled: allowImpersonationFlag is not set for your user. Ask an LCI administrator to set it.';

interface Group {
  securityGroupId: number;
  name: string;
  isAdminGroup: boolean;
}

export function ImpersonationControls({
  tenant,
}: {
  tenant: { tenantId: number; name: string; active?: boolean } | null;
}) {
  const session = useSession();
  const allowed = !!session?.user.allowImpersonationFlag;
  const [groupId, setGroupId] = useState<string>('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const groups = useLoad(
    () =>
      tenant && allowed
        ? api
            .get<{ groups: Group[] }>(`/v3/lciadmin/impersonation/groups?tenant=${tenant.tenantId}`)
            .then((r) => r.groups)
        : Promise.resolve([] as Group[]),
    [tenant?.tenantId, allowed],
  );
  const current = session?.impersonation;

  const start = async () => {
    if (!tenant) return;
    setBusy(true);
    setError(null);
    try {
      await api.post('/v3/lciadmin/impersonation', {
        tenantId: tenant.tenantId,
        ...(groupId ? { securityGroupId: Number(groupId) } : {}),
      });
      await reinitialize(null);
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };

  if (!allowed)
    return (
      <Callout intent="warning" icon="lock" title="Impersonation not allowed">
        {MSG_NO_FLAG}
      </Callout>
    );
  if (!tenant) return <p className="bp6-text-muted">Pick a tenant first.</p>;
  const inactive = tenant.active === false;
  return (
    <div>
      {current && (
        <Callout intent="primary" icon="person" style={{ marginBottom: 12 }}>
          You are impersonating {current.tenantName}
          {current.securityGroupName ? ` (${current.securityGroupName})` : ''}. Starting again replaces it.
        </Callout>
      )}
      <FormGroup
        label="Security group"
        labelFor="lci-imp-group"
        helperText="The whole tenant (as a tenant admin) or one security group's access."
      >
        <HTMLSelect
          id="lci-imp-group"
          value={groupId}
          onChange={(e) => setGroupId(e.currentTarget.value)}
          disabled={groups.loading || busy}
          options={[
            { value: '', label: 'The whole tenant' },
            ...(groups.data ?? []).map((g) => ({
              value: String(g.securityGroupId),
              label: `${g.name}${g.isAdminGroup ? ' (admin group)' : ''}`,
            })),
          ]}
        />
      </FormGroup>
      {groups.error && (
        <Callout intent="danger" style={{ marginBottom: 12 }}>
          The security groups could not be loaded: {groups.error}
        </Callout>
      )}
      {error && (
        <Callout intent="danger" style={{ marginBottom: 12 }} role="alert">
          {error}
        </Callout>
      )}
      <Button
        intent="primary"
        icon="person"
        text={`Impersonate ${tenant.name}`}
        loading={busy}
        disabled={inactive}
        onClick={() => void start()}
      />
      {inactive && <p className="bp6-text-muted">An inactive tenant cannot be impersonated.</p>}
    </div>
  );
}
