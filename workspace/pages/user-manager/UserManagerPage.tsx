/**
 * /usermanager (tenant admins): the tenant's users in a table; add (the new user is invited by mail),
 * edit names, security group, tenant admin and force-SSO flags and active; deactivate after a
 * confirmation; send the registration e-mail again. The list comes from the userManager realtime
 * function, with GET /v3/tenantadmin/:tenantId/users as the fallback. A write answering
 * records_updated 0 shows the server's errorMessage in an alert (platform.md 5).
 * An existing user of another company is invited instead of added: the page lists open invitations
 * (e-mail and "Invited" only) and can cancel them; a member whose home is another company is edited
 * as a membership only (group, tenant admin, active).
 */
import { Alert, Button, HTMLTable, InputGroup, NonIdealState, Tag, Tooltip } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { api, invoke, PageHeader, pushMessage, useReadOnly, useSession, useTenant, useTenantFormat } from '../../sdk';
import { PageLoadError, PageLoading } from '../../components/PageLoadState';
import { reloadSession } from '../../runtime';
import {
  addedMessage,
  filterUsers,
  identityLocked,
  insertBody,
  invitationLabel,
  invitationUrl,
  statusOf,
  updateBody,
  USER_MANAGER_FUNCTION,
  USER_MANAGER_PAGE,
  usersUrl,
  writeFailure,
  type GroupOption,
  type ManagedUser,
  type PendingInvitation,
  type UserForm,
  type UsersResponse,
  type WriteAnswer,
} from './model';
import { UserDialog } from './UserDialog';
import './user-manager.css';

async function loadUsers(tenantId: number): Promise<UsersResponse> {
  try {
    return await invoke<UsersResponse>(USER_MANAGER_FUNCTION, { operation: 'list' });
  } catch {
    return api.get<UsersResponse>(usersUrl(tenantId)); // REST fallback
  }
}

const STATUS_INTENT = { Active: 'success', Inactive: 'none', 'Invitation pending': 'warning' } as const;

export default function UserManagerPage() {
  const format = useTenantFormat();
  const tenant = useTenant();
  const session = useSession();
  const readOnly = useReadOnly(USER_MANAGER_PAGE);
  const me = session ? Number(session.user.authenticatedUserId) : null;
  const [data, setData] = useState<UsersResponse | null>(null);
  const [groups, setGroups] = useState<GroupOption[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<ManagedUser | 'new' | null>(null);
  const [confirming, setConfirming] = useState<ManagedUser | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  const load = useCallback(async () => {
    if (!tenant) return;
    setLoading(true);
    try {
      setError(null);
      const [users, sg] = await Promise.all([
        loadUsers(tenant.tenantId),
        api
          .get<{ securityGroups: GroupOption[] }>(`/v3/tenantadmin/${tenant.tenantId}/securitygroups`)
          .catch(() => ({ securityGroups: [] as GroupOption[] })),
      ]);
      setData(users);
      setGroups(sg.securityGroups.map((g) => ({ security_group_id: g.security_group_id, name: g.name })));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setLoading(false);
    }
  }, [tenant?.tenantId]);
  useEffect(() => {
    void load();
  }, [load]);

  const shown = useMemo(() => filterUsers(data?.users ?? [], query), [data, query]);

  const save = async (form: UserForm) => {
    if (!tenant) return;
    try {
      let answer: WriteAnswer;
      if (editing === 'new') answer = await api.post<WriteAnswer>(usersUrl(tenant.tenantId), insertBody(form));
      else {
        const body = updateBody(editing as ManagedUser, form);
        if (!body) {
          setEditing(null);
          return;
        }
        answer = await api.put<WriteAnswer>(usersUrl(tenant.tenantId, (editing as ManagedUser).user_id), body);
      }
      const failed = writeFailure(answer);
      if (failed) {
        setAlert(failed);
        return;
      }
      pushMessage({
        msg_type: 'success',
        msg: editing === 'new' ? addedMessage(answer, form.email) : `${answer.user?.name || form.email} saved.`,
      });
      setEditing(null);
      await load();
      if (answer.user?.user_id === me) await reloadSession().catch(() => undefined);
    } catch (e) {
      setAlert((e as Error).message);
    }
  };

  const deactivate = async (u: ManagedUser) => {
    if (!tenant) return;
    setConfirming(null);
    setBusyId(u.user_id);
    try {
      const answer = await api.post<WriteAnswer>(usersUrl(tenant.tenantId, u.user_id, 'deactivate'));
      const failed = writeFailure(answer);
      if (failed) setAlert(failed);
      else {
        const msg = identityLocked(u)
          ? `${u.name || u.email} can no longer use this tenant.`
          : `${u.name || u.email} deactivated; their sessions have ended.`;
        pushMessage({ msg_type: 'success', msg });
        await load();
      }
    } catch (e) {
      setAlert((e as Error).message);
    } finally {
      setBusyId(null);
    }
  };

  const cancelInvitation = async (i: PendingInvitation) => {
    if (!tenant) return;
    setBusyId(-i.invitation_id);
    try {
      await api.del(invitationUrl(tenant.tenantId, i.invitation_id));
      pushMessage({ msg_type: 'success', msg: `Invitation to ${i.email} cancelled.` });
      await load();
    } catch (e) {
      setAlert((e as Error).message);
    } finally {
      setBusyId(null);
    }
  };

  const resend = async (u: ManagedUser) => {
    if (!tenant) return;
    setBusyId(u.user_id);
    try {
      const r = await api.post<{ status: string }>(usersUrl(tenant.tenantId, u.user_id, 'registrationemail'));
      pushMessage({
        msg_type: 'success',
        msg: r.status === 'SENT' ? `Registration e-mail sent to ${u.email}.` : `Registration e-mail: ${r.status}`,
      });
    } catch (e) {
      setAlert((e as Error).message);
    } finally {
      setBusyId(null);
    }
  };

  const header = (
    <PageHeader title="User Manager" subtitle={data ? `${data.user_count} users` : undefined} readOnly={readOnly} />
  );
  if (!tenant) {
    return (
      <div className="lci-page lci-um">
        {header}
        <NonIdealState
          icon="office"
          title="No tenant"
          description="Users belong to a tenant; your account has none selected."
        />
      </div>
    );
  }
  if (error && !data) {
    return (
      <div className="lci-page lci-um">
        {header}
        <PageLoadError title="Users could not be loaded" error={error} retry={() => void load()} busy={loading} />
      </div>
    );
  }
  if (!data) {
    return (
      <div className="lci-page lci-um">
        {header}
        <PageLoading what="users" />
      </div>
    );
  }

  return (
    <div className="lci-page lci-um">
      {header}
      <div className="lci-um-card">
        <div className="lci-um-toolbar">
          <InputGroup
            className="lci-um-search"
            leftIcon="search"
            placeholder="Search users"
            aria-label="Search users"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            type="search"
          />
          <div>
            <Button icon="refresh" minimal aria-label="Reload users" loading={loading} onClick={() => void load()} />
            {!readOnly && (
              <Button icon="new-person" intent="primary" text="Add user" onClick={() => setEditing('new')} />
            )}
          </div>
        </div>
        {data.users.length === 0 ? (
          <NonIdealState
            className="lci-um-empty"
            icon="people"
            title="No users yet"
            description="Add the first user of your company; they receive an e-mail to set their password."
            action={
              readOnly ? undefined : (
                <Button icon="new-person" intent="primary" text="Add user" onClick={() => setEditing('new')} />
              )
            }
          />
        ) : shown.length === 0 ? (
          <NonIdealState
            className="lci-um-empty"
            icon="search"
            title="No matching users"
            description={`No user matches "${query}".`}
          />
        ) : (
          <>
            <p className="bp6-text-muted lci-um-summary">
              {shown.length === data.users.length
                ? `${data.user_count} users`
                : `${shown.length} of ${data.user_count} users`}
            </p>
            <HTMLTable className="lci-um-table" striped interactive aria-label="Users">
              <thead>
                <tr>
                  <th>Name</th>
                  <th>E-mail</th>
                  <th>Security group</th>
                  <th>Roles</th>
                  <th>Status</th>
                  <th className="lci-um-actions">
                    <span className="lci-sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((u) => {
                  const status = statusOf(u);
                  return (
                    <tr
                      key={u.user_id}
                      className={u.is_active ? undefined : 'lci-um-inactive'}
                      data-user-email={u.email}
                    >
                      <td className="lci-um-name">{u.name || '—'}</td>
                      <td>{u.email}</td>
                      <td>{u.security_group_name ?? '—'}</td>
                      <td>
                        {u.is_tenant_admin && (
                          <Tag minimal intent="primary">
                            Tenant admin
                          </Tag>
                        )}{' '}
                        {u.force_sso_flag && <Tag minimal>Single sign-on</Tag>}
                      </td>
                      <td>
                        <Tag minimal intent={STATUS_INTENT[status]}>
                          {status}
                        </Tag>
                      </td>
                      <td className="lci-um-actions">
                        {!readOnly && (
                          <>
                            {u.is_active && u.registration_pending && (
                              <Tooltip content="Send the registration e-mail again">
                                <Button
                                  minimal
                                  icon="envelope"
                                  aria-label={`Resend registration e-mail to ${u.email}`}
                                  loading={busyId === u.user_id}
                                  onClick={() => void resend(u)}
                                />
                              </Tooltip>
                            )}
                            <Tooltip content="Edit">
                              <Button
                                minimal
                                icon="edit"
                                aria-label={`Edit ${u.email}`}
                                onClick={() => setEditing(u)}
                              />
                            </Tooltip>
                            {u.is_active && u.user_id !== me && (
                              <Tooltip content="Deactivate">
                                <Button
                                  minimal
                                  icon="disable"
                                  intent="danger"
                                  aria-label={`Deactivate ${u.email}`}
                                  loading={busyId === u.user_id}
                                  onClick={() => setConfirming(u)}
                                />
                              </Tooltip>
                            )}
                          </>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </HTMLTable>
          </>
        )}
        {(data.invitations?.length ?? 0) > 0 && (
          <HTMLTable className="lci-um-table lci-um-invitations" striped aria-label="Invitations">
            <thead>
              <tr>
                <th>Invited e-mail</th>
                <th>Status</th>
                <th>Expires</th>
                <th className="lci-um-actions">
                  <span className="lci-sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.invitations!.map((i) => (
                <tr key={i.invitation_id} data-invitation-email={i.email}>
                  <td>{i.email}</td>
                  <td>
                    <Tag minimal intent={i.status === 'expired' ? 'none' : 'warning'}>
                      {invitationLabel(i)}
                    </Tag>
                  </td>
                  <td>{format.date(new Date(i.expires_at))}</td>
                  <td className="lci-um-actions">
                    {!readOnly && (
                      <Tooltip content="Cancel the invitation">
                        <Button
                          minimal
                          icon="cross"
                          aria-label={`Cancel the invitation to ${i.email}`}
                          loading={busyId === -i.invitation_id}
                          onClick={() => void cancelInvitation(i)}
                        />
                      </Tooltip>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </div>

      {editing !== null && (
        <UserDialog
          user={editing === 'new' ? null : editing}
          groups={groups}
          self={editing !== 'new' && editing.user_id === me}
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      )}
      <Alert
        isOpen={confirming !== null}
        intent="danger"
        icon="disable"
        confirmButtonText="Deactivate"
        cancelButtonText="Cancel"
        onConfirm={() => confirming && void deactivate(confirming)}
        onCancel={() => setConfirming(null)}
      >
        <p>
          Deactivate <strong>{confirming?.name || confirming?.email}</strong>?{' '}
          {identityLocked(confirming)
            ? 'They can no longer use this tenant; their sign-in to their home company is not affected.'
            : 'They are signed out at once and can no longer use this tenant.'}{' '}
          You can activate them again from Edit.
        </p>
      </Alert>
      <Alert
        isOpen={alert !== null}
        intent="warning"
        icon="warning-sign"
        confirmButtonText="OK"
        onClose={() => setAlert(null)}
      >
        <p>{alert}</p>
      </Alert>
    </div>
  );
}
