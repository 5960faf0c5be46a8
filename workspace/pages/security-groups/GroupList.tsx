/** The list of security groups: name, description, modules, pages, users; new, edit and delete. */
import { Button, ButtonGroup, Callout, HTMLTable, InputGroup, NonIdealState, Tag, Tooltip } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { navigate, PageHeader } from '../../sdk';
import { DeleteGroupDialog } from './DeleteGroupDialog';
import {
  accessCounts,
  moduleLabel,
  SECURITY_GROUPS_PAGE,
  type SecurityGroup,
  type SecurityGroupsResponse,
} from './model';

interface Props {
  tenantId: number;
  data: SecurityGroupsResponse;
  readOnly: boolean;
  unknownPath: boolean;
  refreshing: boolean;
  refreshError: string | null;
  onReload(): void;
  onDeleted(group: SecurityGroup): Promise<void>;
}

export function GroupList({
  tenantId,
  data,
  readOnly,
  unknownPath,
  refreshing,
  refreshError,
  onReload,
  onDeleted,
}: Props) {
  const [query, setQuery] = useState('');
  const [deleting, setDeleting] = useState<SecurityGroup | null>(null);
  const groups = data.securityGroups;
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q) return groups;
    return groups.filter(
      (g) =>
        g.name.toLowerCase().includes(q) ||
        g.description.toLowerCase().includes(q) ||
        g.included_modules.some((m) => moduleLabel(m).toLowerCase().includes(q)),
    );
  }, [groups, query]);
  const add = () => {
    if (!readOnly) void navigate(`${SECURITY_GROUPS_PAGE}/new`);
  };
  const totalUsers = groups.reduce((n, g) => n + (g.user_count ?? 0), 0);

  return (
    <div className="lci-page lci-sg">
      <PageHeader
        title="Security Groups"
        subtitle="Security groups decide which modules and pages your users can open, and whether they can change data there."
        readOnly={readOnly}
      >
        {!readOnly && <Button icon="add" intent="primary" text="New security group" onClick={add} />}
      </PageHeader>

      {unknownPath && (
        <Callout intent="warning" className="lci-sg-gap" title="Page not found">
          That security group address does not exist; here are all the groups of your tenant.
        </Callout>
      )}
      {refreshError && (
        <Callout intent="danger" className="lci-sg-gap" role="alert" title="The list could not be refreshed">
          {refreshError} <Button variant="minimal" size="small" text="Try again" onClick={onReload} />
        </Callout>
      )}

      {groups.length === 0 ? (
        <NonIdealState
          className="lci-sg-empty"
          icon="people"
          title="No security groups yet"
          description={
            readOnly
              ? 'Your tenant has no security groups.'
              : 'Create a security group to choose the modules and pages its users can open.'
          }
          action={readOnly ? undefined : <Button intent="primary" icon="add" text="New security group" onClick={add} />}
        />
      ) : (
        <section className="lci-sg-card" aria-labelledby="sg-list-title">
          <div className="lci-sg-toolbar">
            <h2 id="sg-list-title" className="lci-sg-card-title">
              {groups.length} {groups.length === 1 ? 'group' : 'groups'}
              <span className="bp6-text-muted lci-sg-card-sub">
                {' '}
                · {totalUsers} {totalUsers === 1 ? 'user' : 'users'}
              </span>
            </h2>
            <div className="lci-row">
              <InputGroup
                type="search"
                leftIcon="search"
                placeholder="Search groups"
                aria-label="Search security groups"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                className="lci-sg-search"
              />
              <Tooltip content="Reload" placement="bottom">
                <Button
                  icon="refresh"
                  variant="minimal"
                  aria-label="Reload security groups"
                  loading={refreshing}
                  onClick={onReload}
                />
              </Tooltip>
            </div>
          </div>
          {shown.length === 0 ? (
            <NonIdealState
              icon="search"
              title="No matching groups"
              description={`No security group matches "${query.trim()}".`}
              action={<Button text="Clear search" onClick={() => setQuery('')} />}
            />
          ) : (
            <HTMLTable interactive className="lci-sg-table" aria-label="Security groups">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Description</th>
                  <th scope="col">Modules</th>
                  <th scope="col" className="lci-sg-num">
                    Pages
                  </th>
                  <th scope="col" className="lci-sg-num">
                    Users
                  </th>
                  <th scope="col" className="lci-sg-actions">
                    <span className="lci-sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((g) => {
                  const c = accessCounts(g.pages);
                  const href = `${SECURITY_GROUPS_PAGE}/${g.security_group_id}`;
                  return (
                    <tr key={g.security_group_id} data-testid={`sg-row-${g.security_group_id}`}>
                      <td>
                        <span className="lci-sg-namecell">
                          <Link href={href} className="lci-sg-name">
                            {g.name}
                          </Link>
                          {g.is_admin_group && (
                            <Tag minimal intent="primary" icon="shield">
                              Admin
                            </Tag>
                          )}
                        </span>
                      </td>
                      <td className="lci-sg-desc">
                        {g.description || <span className="bp6-text-disabled">No description</span>}
                      </td>
                      <td>
                        {g.included_modules.length === 0 ? (
                          <span className="bp6-text-disabled">None</span>
                        ) : (
                          <span className="lci-sg-tags">
                            {g.included_modules.map((m) => (
                              <Tag key={m} minimal round>
                                {moduleLabel(m)}
                              </Tag>
                            ))}
                          </span>
                        )}
                      </td>
                      <td className="lci-sg-num">
                        <span aria-label={`${c.total} pages: ${c.readWrite} Read/Write, ${c.readOnly} Read Only`}>
                          {c.total}
                        </span>
                        {c.readOnly > 0 && (
                          <div className="bp6-text-muted lci-sg-small" aria-hidden>
                            {c.readOnly} read only
                          </div>
                        )}
                      </td>
                      <td className="lci-sg-num">{g.user_count ?? '–'}</td>
                      <td className="lci-sg-actions">
                        <ButtonGroup variant="minimal">
                          {readOnly ? (
                            <Tooltip content="View" placement="top">
                              <Button
                                icon="eye-open"
                                aria-label={`View ${g.name}`}
                                onClick={() => void navigate(href)}
                              />
                            </Tooltip>
                          ) : (
                            <>
                              <Tooltip content="Edit" placement="top">
                                <Button icon="edit" aria-label={`Edit ${g.name}`} onClick={() => void navigate(href)} />
                              </Tooltip>
                              <Tooltip content="Delete" placement="top">
                                <Button
                                  icon="trash"
                                  intent="danger"
                                  aria-label={`Delete ${g.name}`}
                                  onClick={() => setDeleting(g)}
                                />
                              </Tooltip>
                            </>
                          )}
                        </ButtonGroup>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </HTMLTable>
          )}
        </section>
      )}

      {deleting && !readOnly && (
        <DeleteGroupDialog
          tenantId={tenantId}
          group={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={async (g) => {
            setDeleting(null);
            await onDeleted(g);
          }}
          onRefused={onReload}
        />
      )}
    </div>
  );
}
