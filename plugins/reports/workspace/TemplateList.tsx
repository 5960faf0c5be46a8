/** The tenant's report templates: open, create, rename, delete (with confirmation). */
import { Alert, Button, NonIdealState } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  DataTable,
  PageLoadError,
  PageLoading,
  pushMessage,
  useTenantFormat,
  type DataTableColumn,
} from '../../../workspace/sdk';
import type { TemplateSummary } from '../shared/api';
import { builderApi } from './client';
import { TemplateNameDialog } from './TemplateNameDialog';

export interface TemplateListProps {
  tenantId: number;
  readOnly: boolean;
  onOpen(t: TemplateSummary): void;
}

export function TemplateList({ tenantId, readOnly, onOpen }: TemplateListProps) {
  const f = useTenantFormat();
  const [templates, setTemplates] = useState<TemplateSummary[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [editing, setEditing] = useState<TemplateSummary | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TemplateSummary | null>(null);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      setTemplates((await builderApi.templates(tenantId)).templates);
    } catch (e) {
      setLoadError((e as Error).message);
    }
  }, [tenantId]);
  useEffect(() => {
    void load();
  }, [load]);

  const remove = async (t: TemplateSummary) => {
    setDeleting(null);
    try {
      await builderApi.deleteTemplate(tenantId, t.report_template_id);
      pushMessage({ msg_type: 'success', msg: `The template ${t.name} was deleted.` });
      await load();
    } catch (e) {
      pushMessage({ msg_type: 'error', msg: `The template could not be deleted: ${(e as Error).message}` });
    }
  };

  const columns = useMemo((): DataTableColumn<TemplateSummary>[] => {
    const cols: DataTableColumn<TemplateSummary>[] = [
      {
        id: 'name',
        header: 'Name',
        value: (t) => t.name,
        required: true,
        cell: (t) => <Button variant="minimal" text={t.name} onClick={() => onOpen(t)} aria-label={`Open ${t.name}`} />,
      },
      { id: 'description', header: 'Description', value: (t) => t.description, wrap: true },
      {
        id: 'version',
        header: 'Version',
        value: (t) => t.current_vers,
        cell: (t) => `${t.current_vers} of ${t.versions}`,
      },
      { id: 'components', header: 'Components', value: (t) => t.component_count, align: 'end' },
      {
        id: 'updated',
        header: 'Updated',
        value: (t) => t.updated_at,
        firstDir: 'desc',
        cell: (t) => f.dateTime(t.updated_at),
      },
    ];
    if (!readOnly)
      cols.push({
        id: 'actions',
        header: 'Actions',
        sort: false,
        required: true,
        className: 'lci-row-actions',
        cell: (t) => (
          <>
            <Button
              variant="minimal"
              icon="edit"
              aria-label={`Rename ${t.name}`}
              title="Rename"
              onClick={() => setEditing(t)}
            />
            <Button
              variant="minimal"
              icon="trash"
              intent="danger"
              aria-label={`Delete ${t.name}`}
              title="Delete"
              onClick={() => setDeleting(t)}
            />
          </>
        ),
      });
    return cols;
  }, [f, readOnly, onOpen]);

  if (loadError)
    return <PageLoadError title="Could not load the report templates" error={loadError} retry={load} busy={false} />;
  if (!templates) return <PageLoading what="report templates" />;
  const names = templates.map((t) => t.name);

  return (
    <section aria-label="Report templates" className="lci-report-templates">
      <div className="lci-toolbar">
        {!readOnly && <Button intent="primary" icon="add" text="New template" onClick={() => setEditing('new')} />}
      </div>
      {templates.length === 0 ? (
        <NonIdealState
          icon="document"
          title="No report templates yet"
          description={
            readOnly
              ? 'Report templates made by your team appear here.'
              : 'Create a template, add components (text, images, Word files, assessment results) and present or export it per company.'
          }
          action={
            readOnly ? undefined : (
              <Button intent="primary" icon="add" text="New template" onClick={() => setEditing('new')} />
            )
          }
        />
      ) : (
        <DataTable
          label="Report templates"
          tableKey="reportTemplates"
          columns={columns}
          rows={templates}
          rowKey={(t) => t.report_template_id}
          rowLabel={(t) => t.name}
          onRowOpen={onOpen}
          fill={false}
        />
      )}
      {editing && (
        <TemplateNameDialog
          template={editing === 'new' ? undefined : editing}
          takenNames={names}
          onClose={() => setEditing(null)}
          onSave={async (name, description) => {
            if (editing === 'new') {
              const r = await builderApi.createTemplate(tenantId, name, description);
              setEditing(null);
              onOpen(r.template);
            } else {
              await builderApi.updateTemplate(tenantId, editing.report_template_id, {
                name,
                description,
                version: editing.version,
              });
              setEditing(null);
              pushMessage({ msg_type: 'success', msg: `The template was renamed to ${name}.` });
              await load();
            }
          }}
        />
      )}
      <Alert
        isOpen={deleting !== null}
        intent="danger"
        icon="trash"
        cancelButtonText="Cancel"
        confirmButtonText="Delete template"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) void remove(deleting);
        }}
      >
        <p>
          Delete the template <strong>{deleting?.name}</strong> with all its versions and the content kept per company?
          Reports already exported stay in the report locker. This cannot be undone.
        </p>
      </Alert>
    </section>
  );
}
