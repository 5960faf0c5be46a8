/**
 * The contacts list's table: the workspace's DataTable over one page of userList, sorted and paged by the server
 * (blanks last both ways), each user's columns kept on the server under 'contacts'. Phone and status do not sort (the
 * route has no such sort); one column per custom field of contacts (read from the values companies provides); the
 * row's actions on a Read/Write page.
 */
import { Button, Tag } from '@blueprintjs/core';
import { useMemo } from 'react';
import { DataTable, type DataTableColumn, type DataTablePaging, type DataTableSort } from '../../../workspace/sdk';
import type { Contact } from '../shared/api';
import { CONTACT_SOURCE_LABELS, REVIEW_ROLE_LABELS } from '../shared/contact-fields';

interface ContactsTableProps {
  contacts: Contact[];
  /** The custom fields of contacts and the value of a contact's field as text. */
  fields: readonly { field_key: string; label: string }[];
  valueOf(c: Contact, key: string): string;
  /** Every company's contacts: a Company column. */
  allCompanies: boolean;
  readOnly: boolean;
  loading: boolean;
  sort: DataTableSort;
  onSortChange(sort: DataTableSort): void;
  /** Server pages; none (a custom field filter shows one long page): no pager. */
  paging?: DataTablePaging;
  /** Fill the page's height (the /userList page; not the company detail's tab). */
  fill: boolean;
  onEdit(c: Contact): void;
  onEditValues(c: Contact): void;
  onDelete(c: Contact): void;
}

const NOUN = ['contact', 'contacts'] as const;

export function ContactsTable(p: ContactsTableProps) {
  const { fields, valueOf, allCompanies, readOnly, onEdit, onEditValues, onDelete } = p;
  const columns = useMemo((): DataTableColumn<Contact>[] => {
    const cols: DataTableColumn<Contact>[] = [
      { id: 'name', header: 'Name', value: (c) => c.name, required: true },
      ...(allCompanies
        ? [{ id: 'company', header: 'Company', value: (c: Contact) => c.company_moniker } as DataTableColumn<Contact>]
        : []),
      {
        id: 'email',
        header: 'E-mail',
        value: (c) => c.email,
        cell: (c) => (c.email ? <a href={`mailto:${c.email}`}>{c.email}</a> : ''),
      },
      { id: 'phone', header: 'Phone', value: (c) => c.phone, sort: false },
      { id: 'title', header: 'Title', value: (c) => c.title },
      { id: 'review_role', header: 'Role in reviews', value: (c) => REVIEW_ROLE_LABELS[c.review_role] },
      {
        id: 'status',
        header: 'Status',
        value: (c) => (c.is_active ? 'Active' : 'Inactive'),
        sort: false,
        cell: (c) => (
          <>
            <Tag minimal intent={c.is_active ? 'success' : 'none'}>
              {c.is_active ? 'Active' : 'Inactive'}
            </Tag>{' '}
            <Tag minimal title="Source">
              {CONTACT_SOURCE_LABELS[c.source]}
            </Tag>
          </>
        ),
      },
      ...fields.map((f): DataTableColumn<Contact> => ({
        id: `cf.${f.field_key}`,
        header: f.label,
        value: (c) => valueOf(c, f.field_key),
        sort: false,
      })),
    ];
    if (!readOnly)
      cols.push({
        id: 'actions',
        header: 'Actions',
        sort: false,
        required: true,
        className: 'lci-row-actions',
        cell: (c) => (
          <>
            {fields.length > 0 && (
              <Button
                variant="minimal"
                icon="properties"
                aria-label={`Edit custom fields of ${c.name}`}
                onClick={() => onEditValues(c)}
              />
            )}
            <Button variant="minimal" icon="edit" aria-label={`Edit ${c.name}`} onClick={() => onEdit(c)} />
            <Button
              variant="minimal"
              icon="trash"
              intent="danger"
              aria-label={`Delete ${c.name}`}
              onClick={() => onDelete(c)}
            />
          </>
        ),
      });
    return cols;
  }, [fields, valueOf, allCompanies, readOnly, onEdit, onEditValues, onDelete]);

  return (
    <DataTable
      label="Contacts"
      tableKey={allCompanies ? 'contacts' : 'companyContacts'}
      className="lci-contacts-table"
      columns={columns}
      rows={p.contacts}
      rowKey={(c) => c.contact_id}
      noun={p.paging ? NOUN : undefined}
      loading={p.loading}
      sort={p.sort}
      onSortChange={p.onSortChange}
      paging={p.paging}
      fill={p.fill}
    />
  );
}
