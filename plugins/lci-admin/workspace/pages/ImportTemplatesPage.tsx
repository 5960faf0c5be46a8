/**
 * /lcisupport/importAssessmentTemplates: a JSON or CSV file of assessment templates into one tenant or all
 * tenants. Check (dry run) reports what would happen; Import writes all or nothing; problems are listed.
 */
import { Button, Callout, FileInput, FormGroup, HTMLSelect, Radio, RadioGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { api, ApiError } from '../../../../workspace/sdk';
import { AdminPageHeader, SUPPORT_HOME } from '../core/AdminPageHeader';
import { Confirm, DataTable, Problem, TenantSelect } from './admin-ui';

interface TenantReport {
  tenant_id: number;
  name: string;
  created: string[];
  replaced: string[];
  skipped: string[];
}
interface Report {
  dryRun: boolean;
  templates: number;
  tenants: TenantReport[];
  totals: { created: number; replaced: number; skipped: number };
}
const MAX_BYTES = 1_000_000;

export default function ImportTemplatesPage() {
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [scope, setScope] = useState<'tenant' | 'all'>('tenant');
  const [tenantId, setTenantId] = useState<number | null>(null);
  const [onExisting, setOnExisting] = useState<'skip' | 'replace'>('skip');
  const [report, setReport] = useState<Report | null>(null);
  const [problems, setProblems] = useState<{ message: string; list: string[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState(false);

  const problem = !file
    ? 'Choose a .json or .csv file.'
    : scope === 'tenant' && !tenantId
      ? 'Choose a tenant, or all tenants.'
      : null;
  const choose = async (f: File | undefined) => {
    setReport(null);
    setProblems(null);
    setFile(null);
    setFileError(null);
    if (!f) return;
    if (!/\.(json|csv)$/i.test(f.name)) {
      setFileError('The file must be .json or .csv.');
      return;
    }
    if (f.size > MAX_BYTES) {
      setFileError('The file is larger than 1 MB.');
      return;
    }
    setFile({ name: f.name, content: await f.text() });
  };
  const run = async (dryRun: boolean) => {
    setBusy(true);
    setProblems(null);
    try {
      const body = {
        format: /\.csv$/i.test(file!.name) ? 'csv' : 'json',
        content: file!.content,
        onExisting,
        dryRun,
        ...(scope === 'all' ? { allTenants: true } : { tenantId }),
      };
      setReport(await api.post<Report>('/v3/lcisupport/assessmenttemplates/import', body));
    } catch (e) {
      const err = e as ApiError;
      const list = (
        (err.body as { error?: { problems?: { where: string; message: string }[] } } | undefined)?.error?.problems ?? []
      ).map((p) => `${p.where}: ${p.message}`);
      setReport(null);
      setProblems({ message: err.message, list });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <AdminPageHeader
        title="Import Assessment Templates"
        subtitle="From a JSON or CSV file, all or nothing"
        back={SUPPORT_HOME}
      />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!problem) void run(true);
        }}
        style={{ maxWidth: 640 }}
        aria-label="Import assessment templates"
      >
        <FormGroup
          label="File"
          labelFor="it-file"
          helperText="JSON: [{ name, description, questions: [{ text, type }] }]. CSV columns: template_name, template_description, question, question_type (yesno, scale, text, choice)."
        >
          <FileInput
            inputProps={{ id: 'it-file', accept: '.json,.csv' }}
            text={file?.name ?? 'Choose file…'}
            hasSelection={!!file}
            onInputChange={(e) => void choose((e.target as HTMLInputElement).files?.[0])}
          />
        </FormGroup>
        <Problem text={fileError} />
        <RadioGroup
          label="Into"
          inline
          selectedValue={scope}
          onChange={(e) => {
            setScope(e.currentTarget.value as 'tenant' | 'all');
            setReport(null);
          }}
        >
          <Radio label="One tenant" value="tenant" />
          <Radio label="Every active tenant" value="all" />
        </RadioGroup>
        {scope === 'tenant' && (
          <TenantSelect
            value={tenantId}
            onChange={(id) => {
              setTenantId(id);
              setReport(null);
            }}
          />
        )}
        <FormGroup label="A template of the same name" labelFor="it-existing" inline>
          <HTMLSelect
            id="it-existing"
            value={onExisting}
            onChange={(e) => {
              setOnExisting(e.target.value as 'skip' | 'replace');
              setReport(null);
            }}
            options={[
              { value: 'skip', label: 'is kept (skip mine)' },
              { value: 'replace', label: 'is replaced' },
            ]}
          />
        </FormGroup>
        {(file || tenantId) && <Problem text={problem} />}
        <Button
          type="submit"
          icon="search-template"
          text="Check (dry run)"
          disabled={!!problem || busy}
          loading={busy && !report}
        />{' '}
        <Button
          intent="primary"
          icon="import"
          text="Import"
          disabled={!!problem || busy || !report?.dryRun}
          title={report?.dryRun ? undefined : 'Check the file first'}
          onClick={() => setConfirm(true)}
        />
      </form>
      {problems && (
        <Callout intent="danger" title={problems.message} style={{ marginTop: 16 }} role="alert">
          {problems.list.length ? (
            <ul>
              {problems.list.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          ) : null}
        </Callout>
      )}
      {report && (
        <section style={{ marginTop: 16 }} aria-label="Import report">
          <Callout
            intent={report.dryRun ? 'primary' : 'success'}
            title={report.dryRun ? 'Dry run: nothing was written' : 'Imported'}
          >
            {report.templates} template(s) in the file: {report.totals.created}{' '}
            {report.dryRun ? 'to create' : 'created'}, {report.totals.replaced}{' '}
            {report.dryRun ? 'to replace' : 'replaced'}, {report.totals.skipped} skipped.
          </Callout>
          <DataTable
            rows={report.tenants}
            rowKey={(t) => t.tenant_id}
            empty="No active tenant"
            cols={[
              { header: 'Tenant', cell: (t) => `${t.name} (${t.tenant_id})` },
              { header: 'Created', cell: (t) => t.created.join(', ') },
              { header: 'Replaced', cell: (t) => t.replaced.join(', ') },
              { header: 'Skipped', cell: (t) => t.skipped.join(', ') },
            ]}
          />
        </section>
      )}
      <Confirm
        open={confirm}
        intent={onExisting === 'replace' ? 'danger' : 'primary'}
        confirm="Import"
        text={
          <>
            Import {report?.templates} template(s) into{' '}
            {scope === 'all' ? <strong>every active tenant</strong> : report?.tenants[0]?.name}
            {onExisting === 'replace' ? ', replacing templates of the same name' : ''}?
          </>
        }
        onClose={() => setConfirm(false)}
        onConfirm={() => {
          setConfirm(false);
          void run(false);
        }}
      />
    </>
  );
}
