/**
 * /assessmentTemplates: the tenant's templates and the imported platform templates (source, current version,
 * questions, assessments using them, archived), the editor (TemplateEditor: sections, categories, questions; a save
 * of a version assessments use makes a new version, said before saving), archive / restore, delete after a
 * confirmation (refused while assessments use it: the server's message), JSON import (file -> dry run report ->
 * import) and export (download of the JSON file). Read Only users see the list and can export and view.
 */
import {
  Alert,
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FileInput,
  FormGroup,
  HTMLSelect,
  NonIdealState,
  Switch,
  Tag,
} from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { api, PageHeader, PageLoadError, PageLoading, saveFile, useReadOnly, useTenant } from '../../../workspace/sdk';
import {
  assessmentPaths,
  IMPORT_ON_EXISTING,
  type ImportTemplatesAnswer,
  type TemplateFile,
  type TemplateSummary,
} from '../shared/api';
import { ASSESSMENT_TEMPLATES_PAGE, ASSESSMENTS_PAGE } from '../shared/pages';
import { TemplateEditor } from './TemplateEditor';
import { TemplatesTable } from './TemplatesTable';
import { errorText, ok } from './ui';
import './assessments.css';

function templateFromUrl(): number | 'new' | null {
  const raw = new URLSearchParams(window.location.search).get('assessmentTemplateId');
  if (raw === 'new') return 'new';
  const v = Number(raw);
  return Number.isSafeInteger(v) && v > 0 ? v : null;
}
function setUrl(id: number | 'new' | null) {
  const url = new URL(window.location.href);
  if (id === null) url.searchParams.delete('assessmentTemplateId');
  else url.searchParams.set('assessmentTemplateId', String(id));
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}

const ON_EXISTING_LABELS: Record<(typeof IMPORT_ON_EXISTING)[number], string> = {
  fail: 'Refuse the file when a name exists',
  skip: 'Skip templates whose name exists',
  newVersion: 'Add them as a new version of the existing template',
};

export default function AssessmentTemplatesPage() {
  const tenant = useTenant();
  const tenantId = tenant?.tenantId ?? null;
  const readOnly = useReadOnly(ASSESSMENT_TEMPLATES_PAGE);
  const [templates, setTemplates] = useState<TemplateSummary[] | null>(null);
  const [showArchived, setShowArchived] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<number | 'new' | null>(templateFromUrl);
  const [deleting, setDeleting] = useState<TemplateSummary | null>(null);
  const [importing, setImporting] = useState(false);

  const load = useCallback(async () => {
    if (!tenantId) return;
    setBusy(true);
    try {
      const out = await api.get<{ templates: TemplateSummary[] }>(assessmentPaths.templates(tenantId), {
        query: { includeArchived: true },
        expect: 'templates',
      });
      setTemplates(out.templates);
      setError(null);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }, [tenantId]);
  useEffect(() => {
    void load();
  }, [load]);

  const open = (id: number | 'new' | null) => {
    setEditing(id);
    setUrl(id);
    if (id === null) void load();
  };

  if (!tenantId || (templates === null && !error)) return <PageLoading what="assessment templates" />;
  if (templates === null)
    return <PageLoadError title="Templates could not be loaded" error={error!} retry={() => void load()} busy={busy} />;

  if (editing !== null)
    return (
      <div className="lci-page lci-assessments">
        <TemplateEditor
          tenantId={tenantId}
          templateId={editing === 'new' ? null : editing}
          readOnly={readOnly}
          onClose={() => open(null)}
          onSaved={(id) => {
            setEditing(id);
            setUrl(id);
          }}
        />
      </div>
    );

  const archive = async (t: TemplateSummary, archived: boolean) => {
    try {
      await api.post(assessmentPaths.templateArchive(tenantId, t.assessment_template_id), {
        version: t.version,
        archived,
      });
      ok(archived ? `Archived ${t.name}: it is no longer offered for new assessments.` : `Restored ${t.name}.`);
    } catch (e) {
      setError(errorText(e));
    }
    void load();
  };
  const exportOne = async (t: TemplateSummary) => {
    try {
      const doc = await api.get<TemplateFile>(assessmentPaths.templateExport(tenantId, t.assessment_template_id), {
        expect: 'templates',
      });
      saveFile(
        `${t.name.replace(/[^A-Za-z0-9 ._-]+/g, '').trim() || 'template'}.json`,
        JSON.stringify(doc, null, 2),
        'application/json',
      );
    } catch (e) {
      setError(errorText(e));
    }
  };

  const shown = templates.filter((t) => showArchived || !t.archived);
  return (
    <div className="lci-page lci-assessments">
      <PageHeader
        title="Assessment Templates"
        subtitle="Sections, categories and weighted questions assessments are taken on; versioned as assessments use them"
        readOnly={readOnly}
        link={{ text: 'Assessments', to: ASSESSMENTS_PAGE, icon: 'clipboard' }}
      />
      <div className="lci-as-toolbar">
        <Switch
          className="lci-as-inline-switch"
          label="Show archived"
          checked={showArchived}
          onChange={(e) => setShowArchived(e.currentTarget.checked)}
        />
        <span className="lci-as-spacer" />
        {!readOnly && (
          <>
            <Button icon="import" text="Import JSON" onClick={() => setImporting(true)} />
            <Button intent="primary" icon="add" text="New template" onClick={() => open('new')} />
          </>
        )}
      </div>
      {error && (
        <Callout intent="danger" role="alert" className="lci-as-gap">
          {error}
        </Callout>
      )}
      {shown.length === 0 ? (
        <NonIdealState
          icon="properties"
          title="No templates yet"
          description={
            readOnly
              ? 'No assessment template has been added.'
              : 'Create one with "New template", or import a JSON file of templates.'
          }
        />
      ) : (
        <TemplatesTable
          templates={shown}
          readOnly={readOnly}
          loading={busy}
          onOpen={open}
          onExport={(t) => void exportOne(t)}
          onArchive={(t, archived) => void archive(t, archived)}
          onDelete={setDeleting}
        />
      )}
      <Alert
        isOpen={deleting !== null}
        intent="danger"
        icon="trash"
        confirmButtonText="Delete"
        cancelButtonText="Cancel"
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          const t = deleting!;
          setDeleting(null);
          try {
            await api.del(assessmentPaths.template(tenantId, t.assessment_template_id), {
              query: { version: t.version, confirm: true },
            });
            ok(`Deleted ${t.name}.`);
          } catch (e) {
            setError(errorText(e));
          }
          void load();
        }}
      >
        {deleting && (
          <p>
            Delete the template &quot;{deleting.name}&quot; with its {deleting.current_version} version(s)?
            {deleting.event_count > 0 &&
              ` ${deleting.event_count} assessment(s) use it: the server will refuse; archive it instead.`}
          </p>
        )}
      </Alert>
      {importing && (
        <ImportDialog
          tenantId={tenantId}
          onClose={(done) => {
            setImporting(false);
            if (done) void load();
          }}
        />
      )}
    </div>
  );
}

function ImportDialog({ tenantId, onClose }: { tenantId: number; onClose(done: boolean): void }) {
  const [doc, setDoc] = useState<unknown>(null);
  const [fileName, setFileName] = useState('');
  const [onExisting, setOnExisting] = useState<(typeof IMPORT_ON_EXISTING)[number]>('fail');
  const [report, setReport] = useState<ImportTemplatesAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (document: unknown, dryRun: boolean, mode = onExisting) => {
    setBusy(true);
    setError(null);
    try {
      const out = await api.post<ImportTemplatesAnswer>(
        assessmentPaths.templateImport(tenantId),
        { document, onExisting: mode, dryRun },
        { expect: 'dryRun' },
      );
      if (dryRun) setReport(out);
      else {
        ok(
          `Imported: ${out.created.length} new template(s), ${out.newVersions.length} new version(s), ${out.skipped.length} skipped.`,
        );
        onClose(true);
      }
    } catch (e) {
      setReport(null);
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const pick = async (f: File) => {
    setFileName(f.name);
    setReport(null);
    try {
      const parsed = JSON.parse(await f.text()) as unknown;
      setDoc(parsed);
      void run(parsed, true);
    } catch {
      setDoc(null);
      setError(`${f.name} is not a JSON file.`);
    }
  };
  return (
    <Dialog isOpen title="Import templates (JSON)" icon="import" onClose={() => onClose(false)}>
      <DialogBody>
        <FormGroup
          label="File"
          labelFor="as-import-file"
          helperText='The file "lci assessments template export" writes (format lci-assessment-templates).'
        >
          <FileInput
            fill
            text={fileName || 'Choose a JSON file…'}
            inputProps={{
              id: 'as-import-file',
              'aria-label': 'Templates file',
              accept: 'application/json,.json',
              onChange: (e) => {
                const f = (e.target as HTMLInputElement).files?.[0];
                if (f) void pick(f);
              },
            }}
          />
        </FormGroup>
        <FormGroup label="When a template's name exists" labelFor="as-import-existing">
          <HTMLSelect
            id="as-import-existing"
            fill
            value={onExisting}
            onChange={(e) => {
              const m = e.target.value as (typeof IMPORT_ON_EXISTING)[number];
              setOnExisting(m);
              if (doc) void run(doc, true, m);
            }}
            options={IMPORT_ON_EXISTING.map((m) => ({ value: m, label: ON_EXISTING_LABELS[m] }))}
          />
        </FormGroup>
        {report && (
          <Callout intent="primary" title="Dry run: nothing is imported yet" role="region" aria-label="Import preview">
            <ul>
              {report.created.map((c) => (
                <li key={`c-${c.name}`}>New template: {c.name}</li>
              ))}
              {report.newVersions.map((c) => (
                <li key={`v-${c.name}`}>
                  New version v{c.template_version} of {c.name}
                </li>
              ))}
              {report.skipped.map((n) => (
                <li key={`s-${n}`}>Skipped (name exists): {n}</li>
              ))}
            </ul>
          </Callout>
        )}
        {error && (
          <Callout intent="danger" role="alert">
            {error}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={() => onClose(false)} />
            <Button
              intent="primary"
              text="Import"
              loading={busy}
              disabled={!report || report.created.length + report.newVersions.length === 0}
              onClick={() => void run(doc, false)}
            />
          </>
        }
      />
    </Dialog>
  );
}
