/**
 * The properties of the selected component (Designer mode): its title, whether its content is the same for every
 * company or kept per company (the global flag), the shared content (rich text or a file) and, with content per
 * company and a company chosen, that company's content and whether the component is in its report.
 */
import { Button, Callout, Card, FormGroup, H4, InputGroup, Radio, RadioGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { pushMessage, type Company } from '../../../workspace/sdk';
import type { ComponentRow, ComponentType, UpdateComponentBody } from '../shared/api';
import { builderApi } from './client';
import { CompanyContent } from './CompanyContent';
import { FileField } from './FileField';
import { LazyRichText } from './LazyRichText';

export interface ComponentEditorProps {
  tenantId: number;
  templateId: number;
  component: ComponentRow;
  typeInfo: ComponentType | undefined;
  company: Company | null;
  readOnly: boolean;
  onDirty(dirty: boolean): void;
  onChanged(updated?: ComponentRow): void;
}

export function ComponentEditor({
  tenantId,
  templateId,
  component: c,
  typeInfo,
  company,
  readOnly,
  onDirty,
  onChanged,
}: ComponentEditorProps) {
  const key = c.component_key;
  const [title, setTitle] = useState(c.properties.title ?? '');
  const [content, setContent] = useState<string | null>(null);
  const [companyDirty, setCompanyDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const global = c.properties.global !== false;
  const titleDirty = title !== (c.properties.title ?? '');

  useEffect(
    () => onDirty(titleDirty || content !== null || companyDirty),
    [titleDirty, content, companyDirty, onDirty],
  );
  useEffect(() => () => onDirty(false), [onDirty]);

  const save = async (body: UpdateComponentBody, done: string) => {
    setBusy(true);
    try {
      const r = await builderApi.updateComponent(tenantId, templateId, key, body);
      pushMessage({ msg_type: 'success', msg: done });
      if (body.properties && 'content' in body.properties) setContent(null);
      onChanged(r.component);
    } catch (e) {
      pushMessage({ msg_type: 'error', msg: `Not saved: ${(e as Error).message}` });
    } finally {
      setBusy(false);
    }
  };

  const fileKind = c.type === 'img_file' ? 'image' : c.type === 'msword_file' ? 'word' : null;
  return (
    <Card className="lci-report-editor" aria-label={`Properties of ${c.title}`} role="region">
      <H4>{c.title}</H4>
      <p className="bp6-text-muted">{typeInfo ? `${typeInfo.label}: ${typeInfo.description}` : c.type}</p>
      {c.needs_attention && (
        <Callout intent="warning" icon="warning-sign" title="Needs attention" style={{ marginBottom: 12 }}>
          {c.needs_attention}
        </Callout>
      )}
      <FormGroup
        label="Title"
        labelFor={`report-title-${key}`}
        helperText={`Empty: the type's name (${typeInfo?.label ?? c.type}).`}
      >
        <div className="lci-report-inline">
          <InputGroup
            id={`report-title-${key}`}
            value={title}
            maxLength={200}
            readOnly={readOnly}
            placeholder={typeInfo?.label}
            onChange={(e) => setTitle(e.target.value)}
          />
          {!readOnly && (
            <Button
              text="Save title"
              disabled={!titleDirty}
              loading={busy}
              onClick={() => void save({ title: title.trim() }, 'The title was saved.')}
            />
          )}
        </div>
      </FormGroup>
      <RadioGroup
        label="Content"
        inline
        disabled={readOnly || busy}
        selectedValue={global ? 'global' : 'company'}
        onChange={(e) => {
          const next = (e.target as HTMLInputElement).value === 'global';
          void save(
            { properties: { global: next } },
            next ? 'Every company now sees the same content.' : 'Content is now kept per company.',
          );
        }}
      >
        <Radio value="global" label="Same for every company" />
        <Radio value="company" label="Content per company" />
      </RadioGroup>
      <div className="lci-report-editor-section">
        <h5 className="bp6-heading">{global ? 'Content' : 'Shared content (companies without their own)'}</h5>
        {c.type === 'wysiwyg' && (
          <>
            <LazyRichText
              key={`${key}-shared`}
              value={c.properties.content ?? ''}
              label={global ? 'Text' : 'Shared text'}
              readOnly={readOnly}
              onChange={setContent}
            />
            {!readOnly && (
              <div className="lci-report-editor-actions">
                <Button
                  intent="primary"
                  text="Save text"
                  disabled={content === null}
                  loading={busy}
                  onClick={() => void save({ properties: { content: content ?? '' } }, 'The text was saved.')}
                />
              </div>
            )}
          </>
        )}
        {fileKind && (
          <FileField
            id={`report-file-${key}`}
            tenantId={tenantId}
            kind={fileKind}
            label={fileKind === 'image' ? 'Image' : 'Word document'}
            fileName={c.properties.fileName ?? undefined}
            readOnly={readOnly}
            onUploaded={(f) =>
              save(
                { properties: { fileKey: f.fileKey, fileName: f.fileName, fileSelected: true } },
                `${f.fileName} was uploaded.`,
              )
            }
          />
        )}
        {!fileKind && c.type !== 'wysiwyg' && (
          <p className="bp6-text-muted">
            {typeInfo?.perCompany === false
              ? 'This component takes its content from its data source.'
              : "This component shows the chosen company's data from its source; choose a company to see it."}
          </p>
        )}
      </div>
      {!global &&
        (company ? (
          <CompanyContent
            key={`${key}-${company.tenant_company_id}`}
            tenantId={tenantId}
            templateId={templateId}
            component={c}
            company={company}
            readOnly={readOnly}
            onDirty={setCompanyDirty}
            onChanged={() => onChanged()}
          />
        ) : (
          <Callout intent="primary" icon="office">
            Choose a company in “Report for” above to give it its own content or to leave this component out of its
            report.
          </Callout>
        ))}
    </Card>
  );
}
