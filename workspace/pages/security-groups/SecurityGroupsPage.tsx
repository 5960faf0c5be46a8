/**
 * /securitygroups (tenant admins): the tenant's security groups, and at /securitygroups/new and
 * /securitygroups/:id the editor of one group (details, modules, page access list).
 * One route ('/securitygroups/*'); the data of GET .../securitygroups is loaded once and reloaded
 * after every change.
 */
import { NonIdealState } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { api, navigate, PageHeader, pushMessage, useReadOnly, useSession, useTenant } from '../../sdk';
import { PageLoadError, PageLoading } from '../../components/PageLoadState';
import { reloadSession } from '../../runtime';
import { GroupEditor } from './GroupEditor';
import { GroupList } from './GroupList';
import { groupsUrl, SECURITY_GROUPS_PAGE, viewOf, type SecurityGroup, type SecurityGroupsResponse } from './model';
import './security-groups.css';

export default function SecurityGroupsPage({ params }: { params: Record<string, string> }) {
  const tenant = useTenant();
  const session = useSession();
  const readOnly = useReadOnly(SECURITY_GROUPS_PAGE);
  const [data, setData] = useState<SecurityGroupsResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const view = viewOf(params['*']);

  const load = useCallback(async () => {
    if (!tenant) return;
    setLoading(true);
    try {
      setError(null);
      setData(await api.get<SecurityGroupsResponse>(groupsUrl(tenant.tenantId)));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setLoading(false);
    }
  }, [tenant?.tenantId]);
  useEffect(() => {
    void load();
  }, [load]);

  // Read Only: adding silently does nothing (platform.md section 6); the list is shown instead.
  useEffect(() => {
    if (readOnly && view.kind === 'new') void navigate(SECURITY_GROUPS_PAGE, { replace: true });
  }, [readOnly, view.kind]);

  const afterChange = async (group: SecurityGroup | null) => {
    await load();
    // The caller's own group changed: their access list (lock icons, guard) changes too.
    if (group && session?.user.securityGroupId === group.security_group_id)
      await reloadSession().catch(() => undefined);
  };

  if (!tenant) {
    return (
      <div className="lci-page lci-sg">
        <PageHeader title="Security Groups" />
        <NonIdealState
          icon="office"
          title="No tenant"
          description="Security groups belong to a tenant; your account has none selected."
        />
      </div>
    );
  }

  if (error && !data) {
    return (
      <div className="lci-page lci-sg">
        <PageHeader title="Security Groups" readOnly={readOnly} />
        <PageLoadError
          title="Security groups could not be loaded"
          error={error}
          retry={() => void load()}
          busy={loading}
        />
      </div>
    );
  }

  if (!data) {
    return (
      <div className="lci-page lci-sg">
        <PageHeader title="Security Groups" readOnly={readOnly} />
        <PageLoading what="security groups" />
      </div>
    );
  }

  if (view.kind === 'new' || view.kind === 'edit') {
    const group = view.kind === 'edit' ? data.securityGroups.find((g) => g.security_group_id === view.id) : undefined;
    if (view.kind === 'edit' && !group) {
      return (
        <div className="lci-page lci-sg">
          <PageHeader
            title="Security Groups"
            readOnly={readOnly}
            link={{ text: 'Back to security groups', to: SECURITY_GROUPS_PAGE, icon: 'arrow-left' }}
          />
          <NonIdealState
            icon="search"
            title="Security group not found"
            description={`There is no security group ${view.id} in your tenant. It may have been deleted.`}
          />
        </div>
      );
    }
    if (view.kind === 'new' && readOnly) return null;
    return (
      <GroupEditor
        key={view.kind === 'edit' ? view.id : 'new'}
        tenantId={tenant.tenantId}
        group={group}
        catalog={data.pageCatalog}
        modules={data.modules}
        otherNames={data.securityGroups
          .filter((g) => g.security_group_id !== group?.security_group_id)
          .map((g) => g.name)}
        readOnly={readOnly}
        onSaved={async (saved, created) => {
          await afterChange(saved);
          pushMessage({
            msg_type: 'success',
            msg: created ? `Security group '${saved.name}' created.` : `Security group '${saved.name}' saved.`,
          });
          void navigate(SECURITY_GROUPS_PAGE);
        }}
        onDeleted={async (deleted) => {
          await afterChange(null);
          pushMessage({ msg_type: 'success', msg: `Security group '${deleted.name}' deleted.` });
          void navigate(SECURITY_GROUPS_PAGE);
        }}
      />
    );
  }

  return (
    <GroupList
      tenantId={tenant.tenantId}
      data={data}
      readOnly={readOnly}
      unknownPath={view.kind === 'unknown'}
      refreshing={loading}
      refreshError={error}
      onReload={() => void load()}
      onDeleted={async (deleted) => {
        await afterChange(null);
        pushMessage({ msg_type: 'success', msg: `Security group '${deleted.name}' deleted.` });
      }}
    />
  );
}
