/**
 * /customfields (tenant admins): the tenant's custom fields per record type (companies, contacts and the types later
 * plugins register): add, edit (label, required, options, order, active), delete after a confirmation that says how
 * many records lose their value.
 */
import { Alert, Button, Callout, HTMLSelect, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { PageHeader, pushMessage, useReadOnly, useTenant } from '../../../../workspace/sdk';
import { FIELD_TYPE_LABELS } from '../../shared/custom-fields';
import { deleteDefinition, loadDefinitions, type CustomField, type FieldsAnswer } from './client';
import { FieldDialog } from './FieldDialog';

export default function CustomFieldsPage() {
  const tenant = useTenant();
  const readOnly = useReadOnly();
  const [data, setData] = useState<FieldsAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [target, setTarget] = useState('companies');
  const [editing, setEditing] = useState<CustomField | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CustomField | null>(null);
  const [busy, setBusy] = useState(false);

  const load = async () => {
    if (!tenant) return;
    try {
      setError(null);
      setData(await loadDefinitions(tenant.tenantId));
    } catch (e) {
      setError((e as Error).message);
    }
  };
  useEffect(() => {
    void load();
  }, [tenant?.tenantId]);

  const fields = data?.fields.filter((f) => f.target === target) ?? [];
  const targetTitle = data?.targets.find((t) => t.target === target)?.title ?? target;

  const remove = async (f: CustomField) => {
    if (!tenant) return;
    setBusy(true);
    try {
      const r = await deleteDefinition(tenant.tenantId, f.custom_field_id, true);
      pushMessage({
        msg_type: 'success',
        msg: `${f.label} deleted${r.values_deleted ? ` with its values on ${r.values_deleted} records` : ''}.`,
      });
      setDeleting(null);
      await load();
    } catch (e) {
      pushMessage({ msg_type: 'error', msg: `Could not delete ${f.label}: ${(e as Error).message}` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="lci-page">
      <PageHeader
        title="Custom Fields"
        subtitle="Fields of your own on companies, contacts and more"
        readOnly={readOnly}
      >
        {data && data.targets.length > 1 && (
          <HTMLSelect aria-label="Record type" value={target} onChange={(e) => setTarget(e.target.value)}>
            {data.targets.map((t) => (
              <option key={t.target} value={t.target}>
                {t.title}
              </option>
            ))}
          </HTMLSelect>
        )}
        {!readOnly && data && <Button icon="add" intent="primary" text="Add field" onClick={() => setEditing('new')} />}
      </PageHeader>
      {error && (
        <Callout intent="danger" title="Custom fields could not be loaded">
          {error} <Button minimal text="Try again" onClick={() => void load()} />
        </Callout>
      )}
      {!data && !error && <Spinner aria-label="Loading custom fields" />}
      {data && fields.length === 0 && (
        <NonIdealState
          icon="properties"
          title={`No custom fields on ${targetTitle.toLowerCase()} yet`}
          description="Add a field (text, number, date or a choice) to record what your team tracks; it shows in the lists, where you can filter and export it."
          action={
            !readOnly ? (
              <Button intent="primary" icon="add" text="Add field" onClick={() => setEditing('new')} />
            ) : undefined
          }
        />
      )}
      {fields.length > 0 && (
        <HTMLTable striped aria-label={`Custom fields of ${targetTitle.toLowerCase()}`} className="lci-table">
          <thead>
            <tr>
              <th>Label</th>
              <th>Key</th>
              <th>Type</th>
              <th>Options</th>
              <th>Order</th>
              <th>Records with a value</th>
              <th>Status</th>
              {!readOnly && <th aria-label="Actions" />}
            </tr>
          </thead>
          <tbody>
            {fields.map((f) => (
              <tr key={f.custom_field_id}>
                <td>
                  {f.label} {f.required && <Tag minimal>Required</Tag>}
                </td>
                <td>
                  <code>{f.field_key}</code>
                </td>
                <td>{FIELD_TYPE_LABELS[f.field_type]}</td>
                <td>{f.options.join(', ')}</td>
                <td>{f.sort_order}</td>
                <td>{f.value_count}</td>
                <td>{f.is_active ? 'Active' : <Tag minimal>Inactive</Tag>}</td>
                {!readOnly && (
                  <td>
                    <Button minimal icon="edit" aria-label={`Edit ${f.label}`} onClick={() => setEditing(f)} />
                    <Button
                      minimal
                      icon="trash"
                      intent="danger"
                      aria-label={`Delete ${f.label}`}
                      onClick={() => setDeleting(f)}
                    />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {editing && tenant && data && (
        <FieldDialog
          tenantId={tenant.tenantId}
          target={target}
          targetTitle={targetTitle}
          field={editing === 'new' ? null : editing}
          nextOrder={fields.length ? Math.max(...fields.map((f) => f.sort_order)) + 10 : 10}
          onClose={async (saved) => {
            setEditing(null);
            if (saved) await load();
          }}
        />
      )}
      <Alert
        isOpen={!!deleting}
        intent="danger"
        icon="trash"
        cancelButtonText="Cancel"
        confirmButtonText="Delete field"
        loading={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void remove(deleting)}
      >
        {deleting &&
          (deleting.value_count > 0 ? (
            <p>
              Delete <strong>{deleting.label}</strong>? It has values on {deleting.value_count}{' '}
              {deleting.value_count === 1 ? 'record' : 'records'}; they are deleted with it and cannot be restored.
            </p>
          ) : (
            <p>
              Delete <strong>{deleting.label}</strong>? No record has a value yet.
            </p>
          ))}
      </Alert>
    </div>
  );
}
