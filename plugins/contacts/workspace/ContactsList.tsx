/**
 * The contacts list (userList): search, role and active filters, sortable columns, pages with the total, and add,
 * edit and delete (after a confirmation). Used by the /userList page (all companies or one) and the company detail's
 * Contacts tab (one company). Read-only callers see the list without the controls.
 * Contacts' custom fields (issue 15 A3): a column each, edited per row ("Edit custom fields"), a filter by one field's
 * value (the server says which contacts match; the list then reads up to USER_LIST_PAGE_SIZE_MAX contacts of the
 * other filters and shows the matching ones, without pages) and "Download CSV" of the rows as shown. The dialog, the
 * filter and the values hook are the ones companies provides (customFieldsUiPoint), for the target `contacts`.
 */
import { Alert, Button, Callout, HTMLSelect, InputGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { api, downloadCsv, pushMessage, SlotBody, useProvided, type Company } from '../../../workspace/sdk';
import { customFieldsUiPoint } from '../../companies/public.browser';
import {
  contactPaths,
  USER_LIST_PAGE_SIZE,
  USER_LIST_PAGE_SIZE_MAX,
  type Contact,
  type UserListAnswer,
  type UserListSort,
} from '../shared/api';
import { CONTACT_SOURCE_LABELS, REVIEW_ROLES, REVIEW_ROLE_LABELS, type ReviewRole } from '../shared/contact-fields';
import { ContactDialog } from './ContactDialog';
import { ContactsTable } from './ContactsTable';

/** Contacts' custom fields are companies' custom-field target `contacts` (customfields/values/contacts). */
const CONTACTS_TARGET = 'contacts';

export interface ContactsListProps {
  tenantId: number;
  /** One company's contacts; null: every company's (with a Company column). */
  companyId: number | null;
  companies: readonly Company[];
  readOnly: boolean;
  /** Fill the page's height with the table (the /userList page; not a tab of the company detail). */
  fill?: boolean;
}

type ActiveFilter = 'all' | 'true' | 'false';
interface Filters {
  search: string;
  role: ReviewRole | '';
  active: ActiveFilter;
  sort: UserListSort;
  dir: 'asc' | 'desc';
  page: number;
}
const START: Filters = { search: '', role: '', active: 'all', sort: 'name', dir: 'asc', page: 1 };

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

export function ContactsList({ tenantId, companyId, companies, readOnly, fill = false }: ContactsListProps) {
  const [filters, setFilters] = useState<Filters>(START);
  const search = useDebounced(filters.search, 250);
  const [answer, setAnswer] = useState<UserListAnswer | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const [editing, setEditing] = useState<Contact | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [editingValues, setEditingValues] = useState<Contact | null>(null);
  const customFieldsUi = useProvided(customFieldsUiPoint);
  const cf = customFieldsUi.useRecordValues(tenantId, CONTACTS_TARGET);
  // With a custom field filter: one long page of the other filters, narrowed to the matching contacts.
  const page = cf.filter ? 1 : filters.page;
  const pageSize = cf.filter ? USER_LIST_PAGE_SIZE_MAX : USER_LIST_PAGE_SIZE;

  useEffect(() => setFilters((f) => ({ ...f, page: 1 })), [companyId]);
  useEffect(() => {
    let live = true;
    setLoading(true);
    setError(null);
    const path = companyId ? contactPaths.companyList(tenantId, companyId) : contactPaths.list(tenantId);
    api
      .get<UserListAnswer>(path, {
        query: {
          search: search.trim() || undefined,
          review_role: filters.role || undefined,
          active: filters.active === 'all' ? undefined : filters.active,
          sort: filters.sort,
          dir: filters.dir,
          page,
          pageSize,
        },
      })
      .then((r) => {
        if (!live) return;
        // A page past the end (after deletes): go to the last page that has rows.
        if (r.contacts.length === 0 && r.total > 0 && page > 1)
          setFilters((f) => ({ ...f, page: Math.max(1, Math.ceil(r.total / r.pageSize)) }));
        else setAnswer(r);
      })
      .catch((e) => live && setError((e as Error).message))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [tenantId, companyId, search, filters.role, filters.active, filters.sort, filters.dir, page, pageSize, reload]);

  const change = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, page: 1, ...patch }));
  const filtered = filters.search.trim() !== '' || filters.role !== '' || filters.active !== 'all';

  const remove = async (c: Contact) => {
    setDeleting(null);
    setActionError(null);
    try {
      await api.del(contactPaths.one(tenantId, c.tenant_company_id, c.contact_id), { query: { version: c.version } });
      pushMessage({ msg_type: 'success', msg: `${c.name} was deleted.` });
    } catch (e) {
      setActionError(`Could not delete ${c.name}: ${(e as Error).message}`);
    }
    setReload((n) => n + 1);
  };

  const listed = answer?.contacts ?? [];
  const rows = cf.matching ? listed.filter((c) => cf.matching?.has(c.contact_id)) : listed;
  const total = answer?.total ?? 0;
  const values = cf.values;
  const valueOf = useCallback(
    (c: Contact, key: string) => {
      const v = values.get(c.contact_id)?.[key];
      return v === null || v === undefined ? '' : String(v);
    },
    [values],
  );

  const download = () => {
    const header = ['Name', ...(companyId === null ? ['Company'] : []), 'E-mail', 'Phone', 'Title', 'Role in reviews'];
    void downloadCsv({
      fileName: 'contacts.csv',
      header: [...header, 'Active', 'Source', ...cf.fields.map((f) => f.label)],
      rows: rows.map((c) => [
        c.name,
        ...(companyId === null ? [c.company_moniker] : []),
        c.email ?? '',
        c.phone ?? '',
        c.title ?? '',
        REVIEW_ROLE_LABELS[c.review_role],
        c.is_active ? 'Active' : 'Inactive',
        CONTACT_SOURCE_LABELS[c.source],
        ...cf.fields.map((f) => valueOf(c, f.field_key)),
      ]),
    });
  };

  return (
    <div className="lci-contacts">
      <div className="lci-toolbar" role="search">
        <InputGroup
          leftIcon="search"
          placeholder="Search name, e-mail, phone, title"
          aria-label="Search contacts"
          value={filters.search}
          onChange={(e) => change({ search: e.target.value })}
        />
        <HTMLSelect
          aria-label="Role in reviews"
          value={filters.role}
          onChange={(e) => change({ role: e.target.value as ReviewRole | '' })}
          options={[
            { value: '', label: 'Every role' },
            ...REVIEW_ROLES.map((r) => ({ value: r, label: REVIEW_ROLE_LABELS[r] })),
          ]}
        />
        <HTMLSelect
          aria-label="Active or inactive"
          value={filters.active}
          onChange={(e) => change({ active: e.target.value as ActiveFilter })}
          options={[
            { value: 'all', label: 'Active and inactive' },
            { value: 'true', label: 'Active only' },
            { value: 'false', label: 'Inactive only' },
          ]}
        />
        {filtered && <Button variant="minimal" text="Clear filters" onClick={() => setFilters(START)} />}
        <Button icon="download" text="Download CSV" disabled={rows.length === 0} onClick={download} />
        {!readOnly && (
          <Button
            intent="primary"
            icon="add"
            text="Add contact"
            disabled={companyId === null && companies.length === 0}
            onClick={() => setEditing('new')}
          />
        )}
      </div>
      {cf.fields.length > 0 && (
        <SlotBody
          title="Custom field filter"
          load={customFieldsUi.filter}
          props={{ fields: cf.fields, active: cf.filter, onApply: cf.setFilter, className: 'lci-toolbar' }}
        />
      )}
      {cf.error && (
        <Callout intent="warning" role="alert">
          Custom fields could not be loaded: {cf.error}
        </Callout>
      )}
      {error && (
        <Callout intent="danger" title="Contacts could not be loaded" role="alert">
          {error} <Button variant="minimal" text="Try again" onClick={() => setReload((n) => n + 1)} />
        </Callout>
      )}
      {actionError && (
        <Callout intent="warning" role="alert">
          {actionError} <Button variant="minimal" text="Dismiss" onClick={() => setActionError(null)} />
        </Callout>
      )}
      {!answer && !error && <Spinner aria-label="Loading contacts" />}
      {answer && total === 0 && (
        <NonIdealState
          icon="people"
          title={filtered ? 'No contacts match' : 'No contacts yet'}
          description={
            filtered
              ? 'No contact matches these filters.'
              : 'Add the people of this client: decision makers, technical and billing contacts for reviews and reports.'
          }
          action={
            filtered ? (
              <Button text="Clear filters" onClick={() => setFilters(START)} />
            ) : !readOnly ? (
              <Button intent="primary" icon="add" text="Add contact" onClick={() => setEditing('new')} />
            ) : undefined
          }
        />
      )}
      {answer && cf.matching && total > 0 && rows.length === 0 && (
        <NonIdealState
          icon="filter"
          title="No contacts match"
          description="No contact has this custom field value."
          action={<Button text="Clear" onClick={() => cf.setFilter(null)} />}
        />
      )}
      {answer && rows.length > 0 && (
        <>
          <ContactsTable
            contacts={rows}
            fields={cf.fields}
            valueOf={valueOf}
            allCompanies={companyId === null}
            readOnly={readOnly}
            loading={loading}
            sort={{ key: filters.sort, dir: filters.dir }}
            onSortChange={(s) => change({ sort: s.key as UserListSort, dir: s.dir })}
            paging={
              cf.filter
                ? undefined
                : {
                    page: filters.page,
                    pageSize: USER_LIST_PAGE_SIZE,
                    total,
                    onChange: (next) => setFilters((f) => ({ ...f, page: next })),
                  }
            }
            fill={fill}
            onEdit={setEditing}
            onEditValues={setEditingValues}
            onDelete={setDeleting}
          />
          {cf.filter && (
            <div className="lci-toolbar lci-pager" role="status">
              Showing {rows.length} of {total} contact{total === 1 ? '' : 's'}
              {total > listed.length ? ` (the custom field filter reads the first ${listed.length})` : ''}
              {loading && <Spinner size={16} aria-label="Loading contacts" />}
            </div>
          )}
        </>
      )}
      {editing && (
        <ContactDialog
          tenantId={tenantId}
          companyId={companyId}
          companies={companies}
          contact={editing === 'new' ? undefined : editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) {
              pushMessage({ msg_type: 'success', msg: `${saved.name} was saved.` });
              setReload((n) => n + 1);
            }
          }}
        />
      )}
      {editingValues && (
        <SlotBody
          title="Custom fields"
          load={customFieldsUi.valuesDialog}
          props={{
            tenantId,
            target: CONTACTS_TARGET,
            recordId: editingValues.contact_id,
            recordName: editingValues.name,
            fields: cf.fields,
            values: cf.values.get(editingValues.contact_id) ?? {},
            onClose: (saved: boolean) => {
              setEditingValues(null);
              if (saved) {
                pushMessage({ msg_type: 'success', msg: `Custom fields of ${editingValues.name} were saved.` });
                void cf.reload();
              }
            },
          }}
        />
      )}
      <Alert
        isOpen={deleting !== null}
        intent="danger"
        icon="trash"
        cancelButtonText="Cancel"
        confirmButtonText="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) void remove(deleting);
        }}
      >
        <p>
          Delete {deleting?.name}
          {deleting && companyId === null ? ` of ${deleting.company_moniker}` : ''}? This cannot be undone.
        </p>
      </Alert>
    </div>
  );
}
