/**
 * /datamanager/import: CSV imports of the tenant (companies, contracts and the kinds other plugins add). Choose a
 * kind and a file: the file is checked at once (a dry run) and the rejected rows are listed with their line and why;
 * Import writes every row in one transaction (or, when chosen, the valid rows only), with progress from the server.
 */
import { Button, Callout, Checkbox, FileInput, FormGroup, HTMLSelect, HTMLTable, ProgressBar } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  ApiError,
  api,
  PageHeader,
  PageLoadError,
  PageLoading,
  reloadCompanies,
  useReadOnly,
  useStoreTarget,
  useTenant,
} from '../../../../workspace/sdk';
import { IMPORT_PROGRESS_TARGET, importBlocker, templateCsv, type ImportKind, type ImportReport } from './import-model';
import { IMPORT_PAGE } from '../../shared/pages';
import '../companies.css';
import { lineList, plural } from '../../../../common/plural';

interface Progress {
  importId: string;
  done: number;
  total: number;
}
const newId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `i${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;

export default function ImportPage() {
  const tenant = useTenant();
  const readOnly = useReadOnly(IMPORT_PAGE);
  const [kinds, setKinds] = useState<ImportKind[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  // ?kind=contacts opens that kind (the contacts page and /noCompanies link here with it).
  const [kind, setKind] = useState(() => new URLSearchParams(window.location.search).get('kind') || 'companies');
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [preview, setPreview] = useState<ImportReport | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [importing, setImporting] = useState<string | null>(null);
  const [result, setResult] = useState<ImportReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const progress = useStoreTarget<Progress>(IMPORT_PROGRESS_TARGET);

  const base = tenant ? `/v3/tenant/${tenant.tenantId}/import` : '';
  const loadKinds = useCallback(async () => {
    if (!tenant) return;
    try {
      setLoadError(null);
      const r = await api.get<{ kinds: ImportKind[] }>(base);
      setKinds(r.kinds);
      if (r.kinds.length && !r.kinds.some((k) => k.kind === kind)) setKind(r.kinds[0].kind);
    } catch (e) {
      setLoadError((e as Error).message);
    }
  }, [tenant?.tenantId]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    void loadKinds();
  }, [loadKinds]);

  const current = useMemo(() => kinds?.find((k) => k.kind === kind) ?? null, [kinds, kind]);

  /** The dry run: every row checked, nothing written. */
  const check = useCallback(
    async (text: string, k: string) => {
      setChecking(true);
      setPreview(null);
      setFileError(null);
      setResult(null);
      setFailure(null);
      try {
        const r = await api.post<{ report: ImportReport }>(`${base}/${k}`, { csv: text, dryRun: true });
        setPreview(r.report);
      } catch (e) {
        setFileError((e as Error).message);
      } finally {
        setChecking(false);
      }
    },
    [base],
  );

  const choose = async (input: HTMLInputElement) => {
    const f = input.files?.[0];
    if (!f) return;
    const text = await f.text();
    setFile({ name: f.name, text });
    await check(text, kind);
  };

  const run = async () => {
    if (!file || importing || importBlocker(preview, skipInvalid)) return;
    const importId = newId();
    setImporting(importId);
    setFailure(null);
    try {
      const r = await api.post<{ report: ImportReport }>(`${base}/${kind}`, { csv: file.text, skipInvalid, importId });
      setResult(r.report);
      setPreview(null);
      setFile(null);
      if (kind === 'companies') await reloadCompanies();
    } catch (e) {
      const err = e as ApiError;
      const report = (err.body as { error?: { report?: ImportReport } } | undefined)?.error?.report;
      if (report) setPreview(report);
      setFailure(err.message);
    } finally {
      setImporting(null);
    }
  };

  const download = () => {
    if (!current) return;
    const blob = new Blob([templateCsv(current)], { type: 'text/csv' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `${current.kind}-template.csv`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };

  const header = <PageHeader title="Imports" subtitle="Add or update data from a CSV file" readOnly={readOnly} />;
  if (loadError && !kinds)
    return (
      <div className="lci-page">
        {header}
        <PageLoadError
          title="Imports could not be loaded"
          error={loadError}
          retry={() => void loadKinds()}
          busy={false}
        />
      </div>
    );
  if (!kinds || !tenant)
    return (
      <div className="lci-page">
        {header}
        <PageLoading what="imports" />
      </div>
    );

  const blocker = importBlocker(preview, skipInvalid);
  const live = importing && progress?.importId === importing ? progress : null;

  return (
    <div className="lci-page">
      {header}
      <div className="lci-toolbar">
        <FormGroup label="What the file holds" labelFor="import-kind" inline>
          <HTMLSelect
            id="import-kind"
            value={kind}
            disabled={!!importing}
            onChange={(e) => {
              const k = e.currentTarget.value;
              setKind(k);
              if (file) void check(file.text, k);
            }}
            options={kinds.map((k) => ({ value: k.kind, label: k.title }))}
          />
        </FormGroup>
        <Button icon="download" text="Download template" onClick={download} disabled={!current} />
      </div>
      {current && (
        <div className="lci-import-columns">
          <p>{current.description}</p>
          <p className="bp6-text-muted">
            Columns (the first line of the file; * required):{' '}
            {current.columns.map((c) => (
              <code key={c.name} title={c.help}>
                {c.name}
                {c.required ? '*' : ''}
              </code>
            ))}
          </p>
        </div>
      )}
      <FormGroup label="CSV file" labelFor="import-file">
        <FileInput
          text={file?.name ?? 'Choose a CSV file...'}
          hasSelection={!!file}
          disabled={!!importing || checking}
          inputProps={{ id: 'import-file', accept: '.csv,text/csv', 'aria-label': 'CSV file' }}
          onInputChange={(e) => void choose(e.currentTarget)}
        />
      </FormGroup>
      {checking && <PageLoading what="the file" />}
      {fileError && (
        <Callout intent="danger" role="alert" title="The file cannot be imported">
          {fileError}
        </Callout>
      )}
      {preview && (
        <div className="lci-import-report" aria-label="Import preview" role="region">
          <Callout
            intent={preview.rejected.length ? 'warning' : 'success'}
            title={`${plural(preview.total, 'row')}: ${preview.valid} ready to import, ${preview.rejected.length} rejected${preview.rejected.length ? ` (${lineList(preview.rejected.map((r) => r.line))})` : ''}`}
          >
            {preview.rejected.length > 0 && (
              <p>Rejected rows are named by their line in the file (the header is line 1).</p>
            )}
          </Callout>
          {preview.rejected.length > 0 && (
            <HTMLTable compact striped aria-label="Rejected rows" className="lci-table">
              <thead>
                <tr>
                  <th>Line</th>
                  <th>Why</th>
                </tr>
              </thead>
              <tbody>
                {preview.rejected.map((r) => (
                  <tr key={r.line}>
                    <td>{r.line}</td>
                    <td>{r.reasons.join('; ')}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
          {!readOnly && (
            <div className="lci-toolbar" style={{ marginTop: 12 }}>
              {preview.rejected.length > 0 && (
                <Checkbox
                  label="Skip the rejected rows (import the valid rows only)"
                  checked={skipInvalid}
                  onChange={() => setSkipInvalid(!skipInvalid)}
                />
              )}
              <Button
                intent="primary"
                icon="import"
                text={`Import ${plural(preview.rejected.length && skipInvalid ? preview.valid : preview.total, 'row')}`}
                disabled={!!blocker}
                loading={!!importing}
                onClick={() => void run()}
                title={blocker ?? undefined}
              />
              {blocker && <span className="bp6-text-muted">{blocker}</span>}
            </div>
          )}
        </div>
      )}
      {importing && (
        <div className="lci-import-progress" role="status" aria-live="polite">
          <ProgressBar intent="primary" value={live && live.total ? live.done / live.total : undefined} />
          <span className="bp6-text-muted">{live ? `${live.done} of ${live.total} rows written` : 'Importing…'}</span>
        </div>
      )}
      {failure && (
        <Callout intent="danger" role="alert" title="Nothing was imported">
          {failure}
        </Callout>
      )}
      {result && (
        <Callout intent="success" role="status" title="Import finished" className="lci-import-report">
          Imported {result.imported} of {plural(result.total, 'row')}: {result.inserted} new, {result.updated} updated
          {result.rejected.length
            ? `; ${plural(result.rejected.length, 'rejected row was', 'rejected rows were')} skipped (${lineList(result.rejected.map((r) => r.line))})`
            : ''}
          .
        </Callout>
      )}
    </div>
  );
}
