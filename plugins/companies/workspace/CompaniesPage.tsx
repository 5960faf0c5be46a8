/** /datamanagercompanies: the tenant's client companies, with add and activate/deactivate. */
import {
  Button,
  Callout,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  NonIdealState,
  NumericInput,
  Spinner,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import {
  api,
  downloadCsv,
  PageHeader,
  pushMessage,
  reloadCompanies,
  useReadOnly,
  useTenant,
} from '../../../workspace/sdk';
import { displayValue } from '../shared/custom-fields';
import { CustomFieldFilter } from './custom-fields/CustomFieldFilter';
import { RecordValuesDialog } from './custom-fields/RecordValuesDialog';
import { useRecordValues } from './custom-fields/use-record-values';
import { useCompanyLimit } from './use-company-limit';
import { CompaniesTable, type CompanyRow } from './CompaniesTable';

type Row = CompanyRow;

export default function CompaniesPage() {
  const tenant = useTenant();
  const readOnly = useReadOnly();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  // ?add=1 (the Add company action of /noCompanies) opens the add dialog.
  const [adding, setAdding] = useState(
    () => !readOnly && new URLSearchParams(window.location.search).get('add') === '1',
  );
  const [editing, setEditing] = useState<Row | null>(null);
  const custom = useRecordValues(tenant?.tenantId, 'companies');
  const { limit, reload: reloadLimit } = useCompanyLimit(tenant?.tenantId);
  // Above (or at) the plan's company limit only deactivation is offered; the server refuses the rest too.
  const full = limit !== null && !limit.can_add;
  const shown = rows && custom.matching ? rows.filter((c) => custom.matching!.has(c.tenant_company_id)) : rows;

  const load = async () => {
    if (!tenant) return;
    try {
      setError(null);
      const r = await api.get<{ companies: Row[] }>(`/v3/tenant/${tenant.tenantId}/companies`);
      setRows(r.companies);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  useEffect(() => {
    void load();
  }, [tenant?.tenantId]);

  const toggle = async (c: Row) => {
    if (readOnly || !tenant) return;
    try {
      await api.put(`/v3/tenant/${tenant.tenantId}/companies/${c.tenant_company_id}`, { is_active: !c.is_active });
      await Promise.all([load(), reloadCompanies(), reloadLimit()]);
    } catch (e) {
      pushMessage({ msg_type: 'error', msg: `Could not update ${c.moniker}: ${(e as Error).message}` });
    }
  };

  return (
    <div className="lci-page">
      <PageHeader
        title="Companies"
        subtitle="Client companies of your MSP"
        readOnly={readOnly}
        link={readOnly ? undefined : { text: 'Import from CSV', to: '/datamanager/import', icon: 'import' }}
      >
        {rows && rows.length > 0 && (
          <Button
            icon="download"
            text="Download CSV"
            onClick={() => void downloadCsv({ fileName: 'companies.csv', ...companiesCsv(shown ?? [], custom) })}
          />
        )}
        {!readOnly && (
          <Button
            icon="add"
            intent="primary"
            text="Add company"
            disabled={full}
            title={full ? (limit?.message ?? undefined) : undefined}
            onClick={() => setAdding(true)}
          />
        )}
      </PageHeader>
      {full && limit?.message && (
        <Callout
          intent="warning"
          title="Your plan's company limit is reached"
          role="status"
          data-testid="company-limit"
        >
          {limit.message}
        </Callout>
      )}
      {custom.error && (
        <Callout intent="warning" title="Custom fields could not be loaded">
          {custom.error} <Button minimal text="Try again" onClick={() => void custom.reload()} />
        </Callout>
      )}
      {rows && rows.length > 0 && custom.fields.length > 0 && (
        <CustomFieldFilter fields={custom.fields} active={custom.filter} onApply={custom.setFilter} />
      )}
      {error && (
        <Callout intent="danger" title="Companies could not be loaded">
          {error} <Button minimal text="Try again" onClick={() => void load()} />
        </Callout>
      )}
      {!rows && !error && <Spinner aria-label="Loading companies" />}
      {rows && rows.length === 0 && (
        <NonIdealState
          icon="office"
          title="No companies yet"
          description="Add your first client company to start business reviews."
          action={
            !readOnly ? (
              <Button intent="primary" icon="add" text="Add company" disabled={full} onClick={() => setAdding(true)} />
            ) : undefined
          }
        />
      )}
      {custom.filter && shown && (
        <p className="bp6-text-muted" role="status">
          Showing {shown.length} of {rows?.length ?? 0} companies
        </p>
      )}
      {shown && shown.length === 0 && rows && rows.length > 0 && (
        <NonIdealState
          icon="filter-remove"
          title="No companies match the filter"
          action={<Button text="Clear filter" onClick={() => custom.setFilter(null)} />}
        />
      )}
      {shown && shown.length > 0 && (
        <CompaniesTable
          rows={shown}
          custom={custom}
          readOnly={readOnly}
          full={full}
          limitMessage={limit?.message ?? null}
          onToggle={(c) => void toggle(c)}
          onEditFields={setEditing}
        />
      )}
      {adding && tenant && (
        <AddCompanyDialog
          tenantId={tenant.tenantId}
          onClose={async (saved) => {
            setAdding(false);
            dropAddParam();
            if (saved) await Promise.all([load(), reloadCompanies(), reloadLimit()]);
          }}
        />
      )}
      {editing && tenant && (
        <RecordValuesDialog
          tenantId={tenant.tenantId}
          target="companies"
          recordId={editing.tenant_company_id}
          recordName={editing.moniker}
          fields={custom.fields}
          values={custom.values.get(editing.tenant_company_id) ?? {}}
          onClose={async (saved) => {
            setEditing(null);
            if (saved) await custom.reload();
          }}
        />
      )}
    </div>
  );
}

/** The list as shown (filter applied) with every custom field, for the Download CSV button. */
function companiesCsv(rows: Row[], custom: ReturnType<typeof useRecordValues>) {
  return {
    header: ['Company', 'Seats', 'Assessment only', 'AIR only', 'Active', ...custom.fields.map((f) => f.label)],
    rows: rows.map((c) => [
      c.moniker,
      c.seats,
      c.assessment_only_flag,
      c.air_only_flag,
      c.is_active,
      ...custom.fields.map((f) => displayValue(custom.values.get(c.tenant_company_id)?.[f.field_key])),
    ]),
  };
}

/** Once the dialog closes, a reload does not open it again. */
function dropAddParam(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('add')) return;
  url.searchParams.delete('add');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}

function AddCompanyDialog({ tenantId, onClose }: { tenantId: number; onClose(saved: boolean): void }) {
  const [moniker, setMoniker] = useState('');
  const [seats, setSeats] = useState(0);
  const [assessmentOnly, setAssessmentOnly] = useState(false);
  const [airOnly, setAirOnly] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const nameError = moniker.trim() === '' ? 'Required.' : moniker.length > 200 ? 'Max 200 characters' : null;

  const save = async () => {
    if (busy || nameError) return;
    setBusy(true);
    setError(null);
    try {
      await api.post(`/v3/tenant/${tenantId}/companies`, {
        moniker: moniker.trim(),
        seats,
        assessment_only_flag: assessmentOnly,
        air_only_flag: airOnly,
      });
      onClose(true);
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };

  return (
    <Dialog isOpen title="Add company" onClose={() => onClose(false)}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <DialogBody>
          {error && <Callout intent="danger">{error}</Callout>}
          <FormGroup
            label="Company name"
            labelFor="company-name"
            helperText={moniker && nameError ? nameError : undefined}
            intent={moniker && nameError ? 'danger' : 'none'}
          >
            <InputGroup id="company-name" autoFocus value={moniker} onChange={(e) => setMoniker(e.target.value)} />
          </FormGroup>
          <FormGroup label="Seats" labelFor="company-seats">
            <NumericInput
              id="company-seats"
              min={0}
              value={seats}
              onValueChange={(v) => setSeats(Number.isFinite(v) && v >= 0 ? Math.floor(v) : 0)}
            />
          </FormGroup>
          <Checkbox
            label="Assessment only"
            checked={assessmentOnly}
            onChange={() => setAssessmentOnly(!assessmentOnly)}
          />
          <Checkbox label="AIR only" checked={airOnly} onChange={() => setAirOnly(!airOnly)} />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={() => onClose(false)} />
              <Button type="submit" intent="primary" text="Add" loading={busy} disabled={!!nameError} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
