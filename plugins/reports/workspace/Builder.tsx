/**
 * One template in the builder: the version and company pickers, Designer mode (components with their properties and
 * the flyout of component types) or Review mode (the company's report, read-only), and the header actions
 * (modes, Presentation Mode, Word export, scheduling).
 */
import { Button, Callout, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  navigate,
  PageHeader,
  PageLoadError,
  PageLoading,
  pushMessage,
  useCompanies,
  useDirtyPage,
  type PageHeaderActions,
} from '../../../workspace/sdk';
import type { ComponentRow, ComponentType, TemplateAnswer } from '../shared/api';
import type { RenderedReport } from '../shared/rendered';
import { MSG_SCHEDULING_UNAVAILABLE, scheduleDialogLoader, startWordExport, type ReportActionContext } from './actions';
import { builderApi } from './client';
import { ComponentFlyout } from './ComponentFlyout';
import { Designer } from './Designer';
import { NewVersionDialog } from './NewVersionDialog';
import { ReportPreview } from './ReportPreview';
import { moved, presentUrl, type BuilderMode } from './rules';
import { ScheduleHost } from './ScheduleHost';

export interface BuilderProps {
  tenantId: number;
  templateId: number;
  vers: number | undefined;
  companyId: number | null;
  mode: BuilderMode;
  readOnly: boolean;
  onChange(next: { vers?: number; companyId?: number | null; mode?: BuilderMode }): void;
  onBack(): void;
}

export function Builder({ tenantId, templateId, vers, companyId, mode, readOnly, onChange, onBack }: BuilderProps) {
  const companies = useCompanies();
  const [data, setData] = useState<TemplateAnswer | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [types, setTypes] = useState<ComponentType[] | null>(null);
  const [typesError, setTypesError] = useState<string | null>(null);
  const [preview, setPreview] = useState<RenderedReport | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [flyout, setFlyout] = useState(false);
  const [adding, setAdding] = useState<string | null>(null);
  const [newVersion, setNewVersion] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  const [exporting, setExporting] = useState(false);
  const { setDirty } = useDirtyPage();

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      setData(await builderApi.template(tenantId, templateId, vers));
    } catch (e) {
      setLoadError((e as Error).message);
    }
  }, [tenantId, templateId, vers]);
  const shownVers = data?.vers ?? vers;
  const loadPreview = useCallback(async () => {
    setPreviewError(null);
    try {
      setPreview(await builderApi.preview(tenantId, templateId, shownVers, companyId));
    } catch (e) {
      setPreviewError((e as Error).message);
    }
  }, [tenantId, templateId, shownVers, companyId]);

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (data) void loadPreview();
  }, [data, loadPreview]);
  useEffect(() => {
    builderApi
      .componentTypes(tenantId)
      .then((r) => setTypes(r.types))
      .catch((e: Error) => setTypesError(e.message));
  }, [tenantId]);

  const activeCompanies = useMemo(
    () => (companies ?? []).filter((c) => c.is_active).sort((a, b) => a.name.localeCompare(b.name)),
    [companies],
  );
  const company = activeCompanies.find((c) => c.tenant_company_id === companyId) ?? null;

  if (loadError)
    return (
      <div className="lci-page">
        <PageHeader title="Report Builder" readOnly={readOnly} />
        <PageLoadError title="Could not load the template" error={loadError} retry={load} busy={false} />
        <Button icon="arrow-left" text="All templates" onClick={onBack} />
      </div>
    );
  if (!data) return <PageLoading what="the report template" />;

  const t = data.template;
  const isCurrent = data.vers === t.current_vers;
  const editable = !readOnly && isCurrent;
  const ctx: ReportActionContext = { tenantId, templateId, templateName: t.name, vers: data.vers, companyId };

  const changed = (updated?: ComponentRow) => {
    if (updated)
      setData((d) =>
        d
          ? {
              ...d,
              components: d.components.map((c) => (c.component_key === updated.component_key ? updated : c)),
            }
          : d,
      );
    else void load();
    void loadPreview();
  };

  const add = async (type: ComponentType) => {
    setAdding(type.type);
    try {
      const at = data.components.findIndex((c) => c.component_key === selectedKey);
      const r = await builderApi.addComponent(tenantId, templateId, {
        type: type.type,
        position: at >= 0 ? at + 1 : undefined,
        properties: {},
      });
      setFlyout(false);
      setSelectedKey(r.component.component_key);
      pushMessage({ msg_type: 'success', msg: `${r.component.title} was added.` });
      await load();
    } catch (e) {
      pushMessage({ msg_type: 'error', msg: `The component could not be added: ${(e as Error).message}` });
    } finally {
      setAdding(null);
    }
  };

  const move = async (key: string, delta: -1 | 1) => {
    const keys = moved(
      data.components.map((c) => c.component_key),
      key,
      delta,
    );
    if (!keys) return;
    const byKey = new Map(data.components.map((c) => [c.component_key, c]));
    setData({ ...data, components: keys.map((k) => byKey.get(k)!) });
    try {
      const r = await builderApi.order(tenantId, templateId, keys);
      setData((d) => (d ? { ...d, components: r.components } : d));
      void loadPreview();
    } catch (e) {
      pushMessage({ msg_type: 'error', msg: `The order could not be saved: ${(e as Error).message}` });
      void load();
    }
  };

  const remove = async (key: string) => {
    const c = data.components.find((x) => x.component_key === key);
    try {
      await builderApi.deleteComponent(tenantId, templateId, key);
      if (selectedKey === key) setSelectedKey(null);
      pushMessage({ msg_type: 'success', msg: `${c?.title ?? 'The component'} was removed.` });
      await load();
    } catch (e) {
      pushMessage({ msg_type: 'error', msg: `The component could not be removed: ${(e as Error).message}` });
    }
  };

  const actions: PageHeaderActions = {
    ...(mode === 'review' ? { designerMode: () => onChange({ mode: 'designer' }) } : {}),
    ...(mode === 'designer' ? { reviewMode: () => onChange({ mode: 'review' }) } : {}),
    presentationMode: () => void navigate(presentUrl(templateId, data.vers, companyId)),
    // Exports and schedules are writes (an export adds a locker entry): not offered to Read Only users.
    ...(readOnly
      ? {}
      : {
          downloadDocx: () => {
            setExporting(true);
            void Promise.resolve(startWordExport(ctx)).finally(() => setExporting(false));
          },
          scheduleReport: () => {
            if (scheduleDialogLoader()) setScheduling(true);
            else pushMessage({ msg_type: 'warning', msg: MSG_SCHEDULING_UNAVAILABLE });
          },
        }),
  };

  return (
    <div className="lci-page lci-report-builder">
      <PageHeader
        title="Report Builder"
        subtitle={`${t.name} · version ${data.vers}${isCurrent ? '' : ` (current: ${t.current_vers})`} · ${
          mode === 'designer' ? 'Designer mode' : 'Review mode'
        }`}
        readOnly={readOnly}
        actions={actions}
        busy={{ downloadDocx: exporting }}
      />
      <div className="lci-toolbar lci-report-toolbar">
        <Button icon="arrow-left" variant="minimal" text="All templates" onClick={onBack} />
        <FormGroup label="Version" labelFor="report-version" inline>
          <HTMLSelect
            id="report-version"
            value={data.vers}
            onChange={(e) => onChange({ vers: Number(e.target.value) })}
          >
            {data.versions.map((v) => (
              <option key={v.vers} value={v.vers}>
                {`Version ${v.vers}${v.vers === t.current_vers ? ' (current)' : ''}${v.note ? ` – ${v.note}` : ''}`}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        {!readOnly && <Button icon="duplicate" text="New version" onClick={() => setNewVersion(true)} />}
        <FormGroup label="Report for" labelFor="report-company" inline>
          <HTMLSelect
            id="report-company"
            value={companyId ?? ''}
            onChange={(e) => onChange({ companyId: e.target.value ? Number(e.target.value) : null })}
          >
            <option value="">No company (shared content)</option>
            {activeCompanies.map((c) => (
              <option key={c.tenant_company_id} value={c.tenant_company_id}>
                {c.name}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        {mode === 'designer' && editable && (
          <Button intent="primary" icon="add" text="Add component" onClick={() => setFlyout(true)} />
        )}
      </div>
      {!isCurrent && (
        <Callout intent="primary" icon="history" style={{ marginBottom: 12 }}>
          Version {data.vers} is an earlier version and cannot be changed; the builder edits version {t.current_vers}.
          {!readOnly && ' To continue from this one, make a new version of it.'}
        </Callout>
      )}
      {previewError && (
        <Callout intent="danger" role="alert" style={{ marginBottom: 12 }} title="The preview could not be loaded">
          {previewError} <Button variant="minimal" text="Try again" onClick={() => void loadPreview()} />
        </Callout>
      )}
      {mode === 'review' ? (
        preview ? (
          <ReportPreview report={preview} />
        ) : previewError ? null : (
          <PageLoading what="the preview" />
        )
      ) : (
        <Designer
          tenantId={tenantId}
          templateId={templateId}
          components={data.components}
          types={types}
          preview={preview}
          company={company}
          editable={editable}
          selectedKey={selectedKey}
          onSelect={setSelectedKey}
          onMove={move}
          onRemove={remove}
          onAddClick={() => setFlyout(true)}
          onDirty={setDirty}
          onChanged={changed}
        />
      )}
      <ComponentFlyout
        isOpen={flyout}
        types={types}
        error={typesError}
        adding={adding}
        onAdd={(type) => void add(type)}
        onClose={() => setFlyout(false)}
      />
      {newVersion && (
        <NewVersionDialog
          fromVers={data.vers}
          onClose={() => setNewVersion(false)}
          onCreate={async (note) => {
            const r = await builderApi.newVersion(tenantId, templateId, data.vers, note);
            setNewVersion(false);
            pushMessage({ msg_type: 'success', msg: `Version ${r.vers} was created.` });
            if (vers === r.vers || (vers === undefined && data.vers === r.vers)) setData(r);
            onChange({ vers: r.vers });
          }}
        />
      )}
      <ScheduleHost {...ctx} isOpen={scheduling} onClose={() => setScheduling(false)} />
    </div>
  );
}
