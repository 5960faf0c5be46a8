/**
 * The template editor: name and description; the outline of sections, categories and questions (add, remove, move
 * up and down) beside the form of the chosen one: key (stable across versions: answers and comparisons use it),
 * title / text, weight 0-5, description or guidance, type, framework tags, a scale's range, a choice's options with
 * their scores, a number's target. Problems (the schema and shared/template-rules.ts, the server's own rules) are
 * listed with the item they belong to before saving. Saving the content of a version assessments use makes a new
 * version: the editor says so and asks first. Versions are listed; an older one can be viewed.
 * Parts: template-editor/ (the draft and its saving, the outline, one item editor for every kind, the fields).
 */
import { Alert, Button, Callout } from '@blueprintjs/core';
import { useState } from 'react';
import { PageHeader, PageLoading } from '../../../workspace/sdk';
import type { Sel } from './template-editor/content';
import { ProblemList } from './template-editor/fields';
import { ItemEditor } from './template-editor/ItemEditor';
import { OutlineTree } from './template-editor/OutlineTree';
import { TemplateFields } from './template-editor/TemplateFields';
import { useTemplateDraft } from './template-editor/use-template-draft';

export function TemplateEditor({
  tenantId,
  templateId,
  readOnly,
  onClose,
  onSaved,
}: {
  tenantId: number;
  templateId: number | null;
  readOnly: boolean;
  onClose(): void;
  onSaved(id: number): void;
}) {
  const d = useTemplateDraft({ tenantId, templateId, onSaved });
  const [sel, setSel] = useState<Sel>({ kind: 'template' });
  const [confirmVersion, setConfirmVersion] = useState(false);
  const { loaded, oldVersion, usedVersion, contentChanged, save } = d;

  if (templateId !== null && !loaded && !d.error) return <PageLoading what="the template" />;

  const editable = !readOnly && !oldVersion;

  return (
    <>
      <PageHeader
        title={templateId === null ? 'New assessment template' : `Template: ${loaded?.template.name ?? ''}`}
        subtitle={
          loaded
            ? `Version ${loaded.template_version}${oldVersion ? ` (an older version; the current one is v${loaded.template.current_version})` : ''} · ${loaded.template.event_count} assessment(s) use it`
            : 'Sections hold categories, categories hold the questions'
        }
        readOnly={readOnly}
      />
      <div className="lci-as-toolbar">
        <Button icon="arrow-left" text="All templates" onClick={onClose} />
        <span className="lci-as-spacer" />
        {editable && loaded && usedVersion && contentChanged && (
          <Callout intent="warning" icon="info-sign" className="lci-as-inline-callout">
            Version {loaded.template.current_version} is used by {d.currentInfo?.event_count} assessment(s): saving
            makes version {loaded.template.current_version + 1}; they keep theirs.
          </Callout>
        )}
        {!readOnly && !oldVersion && (
          <Button
            intent="primary"
            icon="floppy-disk"
            text="Save"
            loading={d.busy}
            disabled={templateId !== null && !d.dirty}
            onClick={() => (loaded && usedVersion && contentChanged ? setConfirmVersion(true) : void save())}
          />
        )}
      </div>
      {d.error && (
        <Callout intent="danger" role="alert" className="lci-as-gap">
          {d.error}
        </Callout>
      )}
      {d.tried && <ProblemList problems={d.problems.slice(0, 20)} title="Fix these before saving" />}
      <div className="lci-as-editor">
        <OutlineTree
          name={d.name}
          content={d.content}
          sel={sel}
          select={setSel}
          problems={d.problems}
          editable={editable}
          change={d.change}
        />
        <section aria-label="Item">
          {sel.kind === 'template' ? (
            <TemplateFields
              name={d.name}
              description={d.description}
              note={d.note}
              loaded={loaded}
              readOnly={readOnly}
              tried={d.tried}
              askNote={editable && !!loaded && usedVersion}
              setName={d.setName}
              setDescription={d.setDescription}
              setNote={d.setNote}
              viewVersion={d.setViewVersion}
            />
          ) : (
            <ItemEditor
              at={sel}
              content={d.content}
              editable={editable}
              problems={d.problems}
              change={d.change}
              onRemoved={() => setSel({ kind: 'template' })}
            />
          )}
        </section>
      </div>
      <Alert
        isOpen={confirmVersion}
        intent="primary"
        icon="git-new-branch"
        confirmButtonText="Save as new version"
        cancelButtonText="Cancel"
        onCancel={() => setConfirmVersion(false)}
        onConfirm={() => {
          setConfirmVersion(false);
          void save();
        }}
      >
        <p>
          Assessments use version {loaded?.template.current_version}. Saving makes version{' '}
          {(loaded?.template.current_version ?? 0) + 1}; new assessments use it, existing ones keep the version they
          were taken with.
        </p>
      </Alert>
    </>
  );
}
