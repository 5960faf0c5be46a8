/** Account groups (TenantAccountGroup): a name, a description and the account managers it gathers. */
import { Alert, Button, Callout, EditableText, HTMLTable, InputGroup, NonIdealState, Switch } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useCsApi } from '../cs-api';
import { FilterMenu } from '../../../../workspace/sdk';
import type { AccountGroup, AccountManager, GroupLink } from './types';

export function AccountGroupsSection({ readOnly }: { readOnly: boolean }) {
  const cs = useCsApi();
  const [groups, setGroups] = useState<AccountGroup[] | null>(null);
  const [links, setLinks] = useState<GroupLink[]>([]);
  const [deleted, setDeleted] = useState<AccountGroup[]>([]);
  const [managers, setManagers] = useState<AccountManager[]>([]);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [showDeleted, setShowDeleted] = useState(false);
  const [confirm, setConfirm] = useState<AccountGroup | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = async () => {
    try {
      const r = await cs.csGet<'TenantAccountGroup', AccountGroup[]>('TenantAccountGroup');
      const d = await cs.csGet<'TenantAccountGroup', AccountGroup[]>('TenantAccountGroup', { activeFlag: 0 });
      const m = await cs.csGet<'TenantAccountManager', AccountManager[]>('TenantAccountManager');
      setGroups(r.tenantAccountGroups);
      setLinks((r.linkTables as { tenantAccountManagers: GroupLink[] }).tenantAccountManagers);
      setDeleted(d.tenantAccountGroups);
      setManagers(m.tenantAccountManagers);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  useEffect(() => {
    void load();
  }, [cs]);
  const run = async (f: () => Promise<unknown>) => {
    setError(null);
    try {
      await f();
    } catch (e) {
      setError((e as Error).message);
    }
    await load();
  };
  const membersOf = (g: AccountGroup) =>
    links.filter((l) => l.tenantAccountGroupId === g.tenantAccountGroupId).map((l) => l.tenantAccountManagerId);
  const add = () =>
    run(async () => {
      await cs.csCreate('TenantAccountGroup', { moniker: name, description });
      setName('');
      setDescription('');
    });
  const update = (g: AccountGroup, patch: Record<string, unknown>) =>
    run(() => cs.csUpdate('TenantAccountGroup', g.tenantAccountGroupId, { ...patch, version: g.version }));

  return (
    <section className="cs-section" aria-label="Account groups">
      <div className="cs-section-head">
        <h3 className="bp6-heading">Account Groups</h3>
      </div>
      <p className="bp6-text-muted">
        Groups of account managers. Filtering the Customer Success pages by a group shows the companies of its managers.
      </p>
      {error && <Callout intent="danger">{error}</Callout>}
      {!readOnly && (
        <div className="cs-inline-form">
          <InputGroup
            placeholder="Group name"
            aria-label="Group name"
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.target.value)}
          />
          <InputGroup
            placeholder="Description (optional)"
            aria-label="Group description"
            value={description}
            maxLength={500}
            onChange={(e) => setDescription(e.target.value)}
          />
          <Button icon="add" text="Add group" disabled={!name.trim()} onClick={() => void add()} />
        </div>
      )}
      {groups && groups.length === 0 && (
        <NonIdealState
          icon="group-objects"
          title="No account groups"
          description="Add a group, then choose its account managers."
        />
      )}
      {groups && groups.length > 0 && (
        <HTMLTable striped className="lci-table" aria-label="Account groups">
          <thead>
            <tr>
              <th>Group</th>
              <th>Description</th>
              <th>Account managers</th>
              {!readOnly && <th aria-label="Actions" />}
            </tr>
          </thead>
          <tbody>
            {groups.map((g) => (
              <tr key={g.tenantAccountGroupId}>
                <td>
                  {readOnly ? (
                    g.moniker
                  ) : (
                    <EditableText
                      defaultValue={g.moniker}
                      maxLength={100}
                      aria-label={`Name of ${g.moniker}`}
                      onConfirm={(v) => {
                        if (v.trim() && v !== g.moniker) void update(g, { moniker: v });
                      }}
                    />
                  )}
                </td>
                <td>
                  {readOnly ? (
                    g.description
                  ) : (
                    <EditableText
                      defaultValue={g.description}
                      placeholder="Add a description"
                      maxLength={500}
                      onConfirm={(v) => {
                        if (v !== g.description) void update(g, { description: v });
                      }}
                    />
                  )}
                </td>
                <td>
                  {readOnly ? (
                    membersOf(g)
                      .map((id) => managers.find((m) => m.tenantAccountManagerId === id)?.name)
                      .filter(Boolean)
                      .join(', ')
                  ) : (
                    <FilterMenu
                      label="Managers"
                      options={managers.map((m) => ({ value: m.tenantAccountManagerId, label: m.name }))}
                      selected={membersOf(g)}
                      onChange={(v) => void update(g, { tenantAccountManagerIds: v })}
                    />
                  )}
                  {!readOnly && (
                    <div className="bp6-text-muted">
                      {membersOf(g)
                        .map((id) => managers.find((m) => m.tenantAccountManagerId === id)?.name)
                        .filter(Boolean)
                        .join(', ')}
                    </div>
                  )}
                </td>
                {!readOnly && (
                  <td>
                    <Button
                      variant="minimal"
                      icon="trash"
                      aria-label={`Delete ${g.moniker}`}
                      onClick={() => setConfirm(g)}
                    />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <Switch
        checked={showDeleted}
        label={`Show deleted groups (${deleted.length})`}
        onChange={() => setShowDeleted((x) => !x)}
      />
      {showDeleted && deleted.length > 0 && (
        <HTMLTable compact className="lci-table" aria-label="Deleted account groups">
          <tbody>
            {deleted.map((g) => (
              <tr key={g.tenantAccountGroupId}>
                <td>{g.moniker}</td>
                <td>
                  {!readOnly && (
                    <Button
                      variant="minimal"
                      icon="undo"
                      text="Restore"
                      onClick={() => void update(g, { activeFlag: 1 })}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <Alert
        isOpen={confirm !== null}
        intent="danger"
        icon="trash"
        confirmButtonText="Delete"
        cancelButtonText="Cancel"
        canEscapeKeyCancel
        onConfirm={() => {
          const g = confirm!;
          setConfirm(null);
          void run(() => cs.csDelete('TenantAccountGroup', g.tenantAccountGroupId));
        }}
        onCancel={() => setConfirm(null)}
      >
        <p>Delete the group {confirm?.moniker}? You can restore it from the deleted groups.</p>
      </Alert>
    </section>
  );
}
