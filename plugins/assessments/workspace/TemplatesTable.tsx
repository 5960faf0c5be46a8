/**
 * The assessment templates list's table: the workspace's DataTable over the tenant's templates (sorted here, blanks
 * last; each user's columns kept on the server under 'assessmentTemplates'). Enter on a row opens the template.
 */
import { Button, Tag } from '@blueprintjs/core';
import { useMemo } from 'react';
import { DataTable, useTenantFormat, type DataTableColumn } from '../../../workspace/sdk';
import type { TemplateSummary } from '../shared/api';
import { ASSESSMENT_TEMPLATES_PAGE } from '../shared/pages';

interface TemplatesTableProps {
  templates: TemplateSummary[];
  readOnly: boolean;
  loading: boolean;
  onOpen(id: number): void;
  onExport(t: TemplateSummary): void;
  onArchive(t: TemplateSummary, archived: boolean): void;
  onDelete(t: TemplateSummary): void;
}

export function TemplatesTable(p: TemplatesTableProps) {
  const fmt = useTenantFormat();
  const { readOnly, onOpen, onExport, onArchive, onDelete } = p;
  const columns = useMemo(
    (): DataTableColumn<TemplateSummary>[] => [
      {
        id: 'name',
        header: 'Name',
        value: (t) => t.name,
        required: true,
        wrap: true,
        cell: (t) => (
          <>
            <a
              href={`${ASSESSMENT_TEMPLATES_PAGE}?assessmentTemplateId=${t.assessment_template_id}`}
              onClick={(e) => {
                e.preventDefault();
                onOpen(t.assessment_template_id);
              }}
            >
              {t.name}
            </a>{' '}
            {t.archived && <Tag minimal>Archived</Tag>}
            {t.description && <div className="lci-as-muted">{t.description}</div>}
          </>
        ),
      },
      {
        id: 'source',
        header: 'Source',
        value: (t) => (t.source === 'platform' ? 'Platform' : 'Tenant'),
        cell: (t) => (
          <Tag minimal intent={t.source === 'platform' ? 'primary' : 'none'}>
            {t.source === 'platform' ? 'Platform' : 'Tenant'}
          </Tag>
        ),
      },
      {
        id: 'version',
        header: 'Version',
        value: (t) => t.current_version,
        align: 'end',
        cell: (t) => `v${t.current_version}`,
      },
      { id: 'questions', header: 'Questions', value: (t) => t.question_count, align: 'end' },
      { id: 'in_use', header: 'In use', value: (t) => t.event_count, align: 'end' },
      {
        id: 'updated',
        header: 'Updated',
        value: (t) => t.updated_at,
        firstDir: 'desc',
        cell: (t) => fmt.date(t.updated_at),
      },
      {
        id: 'actions',
        header: 'Actions',
        sort: false,
        required: true,
        className: 'lci-as-row-actions',
        cell: (t) => (
          <>
            <Button
              variant="minimal"
              size="small"
              icon={readOnly ? 'eye-open' : 'edit'}
              text={readOnly ? 'View' : 'Edit'}
              onClick={() => onOpen(t.assessment_template_id)}
            />
            <Button variant="minimal" size="small" icon="export" text="Export" onClick={() => onExport(t)} />
            {!readOnly && (
              <>
                <Button
                  variant="minimal"
                  size="small"
                  icon={t.archived ? 'unarchive' : 'archive'}
                  text={t.archived ? 'Restore' : 'Archive'}
                  onClick={() => onArchive(t, !t.archived)}
                />
                <Button
                  variant="minimal"
                  size="small"
                  icon="trash"
                  aria-label={`Delete ${t.name}`}
                  onClick={() => onDelete(t)}
                />
              </>
            )}
          </>
        ),
      },
    ],
    [fmt, readOnly, onOpen, onExport, onArchive, onDelete],
  );
  return (
    <DataTable
      label="Templates"
      tableKey="assessmentTemplates"
      className="lci-as-table"
      columns={columns}
      rows={p.templates}
      rowKey={(t) => t.assessment_template_id}
      rowLabel={(t) => t.name}
      onRowOpen={(t) => onOpen(t.assessment_template_id)}
      loading={p.loading}
    />
  );
}
