/**
 * A component's content for one company (global flag off): whether the component is in that company's report
 * (activeFlag) and the company's own content (text or file); without its own content the company sees the shared one.
 */
import { Button, Callout, H5, Spinner, Switch } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { pushMessage, type Company } from '../../../workspace/sdk';
import type { CompanyComponentAnswer, ComponentRow } from '../shared/api';
import { builderApi } from './client';
import { FileField } from './FileField';
import { LazyRichText } from './LazyRichText';

export interface CompanyContentProps {
  tenantId: number;
  templateId: number;
  component: ComponentRow;
  company: Company;
  readOnly: boolean;
  onDirty(dirty: boolean): void;
  onChanged(): void;
}

export function CompanyContent({
  tenantId,
  templateId,
  component,
  company,
  readOnly,
  onDirty,
  onChanged,
}: CompanyContentProps) {
  const key = component.component_key;
  const [data, setData] = useState<CompanyComponentAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    setError(null);
    try {
      setData(await builderApi.companyComponent(tenantId, templateId, key, company.tenant_company_id));
    } catch (e) {
      setError((e as Error).message);
    }
  }, [tenantId, templateId, key, company.tenant_company_id]);
  useEffect(() => {
    setData(null);
    setDraft(null);
    void load();
  }, [load]);
  useEffect(() => onDirty(draft !== null), [draft, onDirty]);

  const save = async (body: Parameters<typeof builderApi.setCompanyComponent>[4], done: string) => {
    setBusy(true);
    try {
      setData(await builderApi.setCompanyComponent(tenantId, templateId, key, company.tenant_company_id, body));
      setDraft(null);
      pushMessage({ msg_type: 'success', msg: done });
      onChanged();
    } catch (e) {
      pushMessage({ msg_type: 'error', msg: `Not saved: ${(e as Error).message}` });
    } finally {
      setBusy(false);
    }
  };

  if (error)
    return (
      <Callout intent="danger" role="alert" title={`Could not load ${company.name}'s content`}>
        {error} <Button variant="minimal" text="Try again" onClick={() => void load()} />
      </Callout>
    );
  if (!data) return <Spinner size={20} aria-label={`Loading ${company.name}'s content`} />;

  const own = data.properties;
  const hasOwn = Object.keys(own).length > 0;
  const type = component.type;
  return (
    <section className="lci-report-company-content" aria-label={`Content for ${company.name}`}>
      <H5>Content for {company.name}</H5>
      <Switch
        checked={data.activeFlag}
        disabled={readOnly || busy}
        label={`Include in ${company.name}'s report`}
        onChange={(e) => {
          const on = (e.target as HTMLInputElement).checked;
          void save(
            { activeFlag: on },
            on
              ? `${component.title} is in ${company.name}'s report again.`
              : `${component.title} is left out of ${company.name}'s report.`,
          );
        }}
      />
      {!data.activeFlag && (
        <Callout intent="primary" icon="eye-off" style={{ marginBottom: 8 }}>
          This component is left out of {company.name}&apos;s report.
        </Callout>
      )}
      <p className="bp6-text-muted">
        {hasOwn
          ? `${company.name} has its own content for this component.`
          : `${company.name} sees the shared content until you give it its own.`}
      </p>
      {type === 'wysiwyg' && (
        <>
          <LazyRichText
            key={`${key}-${company.tenant_company_id}`}
            value={own.content ?? data.shared.content ?? ''}
            label={`Text for ${company.name}`}
            readOnly={readOnly}
            onChange={setDraft}
          />
          {!readOnly && (
            <div className="lci-report-editor-actions">
              <Button
                intent="primary"
                text={`Save for ${company.name}`}
                disabled={draft === null}
                loading={busy}
                onClick={() =>
                  void save({ properties: { ...own, content: draft ?? '' } }, `Saved for ${company.name}.`)
                }
              />
            </div>
          )}
        </>
      )}
      {(type === 'img_file' || type === 'msword_file') && (
        <FileField
          id={`report-company-file-${key}`}
          tenantId={tenantId}
          kind={type === 'img_file' ? 'image' : 'word'}
          label={`File for ${company.name}`}
          fileName={own.fileName ?? undefined}
          readOnly={readOnly}
          onUploaded={(f) =>
            save(
              { properties: { ...own, fileKey: f.fileKey, fileName: f.fileName, fileSelected: true } },
              `${f.fileName} is used for ${company.name}.`,
            )
          }
        />
      )}
      {!readOnly && hasOwn && (
        <Button
          variant="minimal"
          icon="reset"
          text="Use the shared content"
          disabled={busy}
          onClick={() => void save({ properties: {} }, `${company.name} uses the shared content again.`)}
        />
      )}
    </section>
  );
}
