/** /datamanagercompanies: the tenant's client companies, with add and activate/deactivate. */
import {
  Button,
  Callout,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLTable,
  InputGroup,
  NonIdealState,
  NumericInput,
  Spinner,
  Switch,
  Tag,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import {
  api,
  PageHeader,
  pushMessage,
  reloadCompanies,
  useReadOnly,
  useTenant,
  type Company,
} from '../../../workspace/sdk';

interface Row extends Company {
  moniker: string;
  seats: number;
}

export default function CompaniesPage() {
  const tenant = useTenant();
  const readOnly = useReadOnly();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

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
      await Promise.all([load(), reloadCompanies()]);
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
        link={{ text: 'Import from CSV', to: '/datamanager/import', icon: 'import' }}
      >
        {!readOnly && <Button icon="add" intent="primary" text="Add company" onClick={() => setAdding(true)} />}
      </PageHeader>
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
              <Button intent="primary" icon="add" text="Add company" onClick={() => setAdding(true)} />
            ) : undefined
          }
        />
      )}
      {rows && rows.length > 0 && (
        <HTMLTable striped interactive aria-label="Companies" className="lci-table">
          <thead>
            <tr>
              <th>Company</th>
              <th>Seats</th>
              <th>Modules</th>
              <th>Active</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => (
              <tr key={c.tenant_company_id}>
                <td>{c.moniker}</td>
                <td>{c.seats}</td>
                <td>
                  {c.assessment_only_flag && <Tag minimal>Assessment only</Tag>}{' '}
                  {c.air_only_flag && <Tag minimal>AIR only</Tag>}
                </td>
                <td>
                  <Switch
                    checked={c.is_active}
                    disabled={readOnly}
                    aria-label={`${c.moniker} active`}
                    onChange={() => void toggle(c)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {adding && tenant && (
        <AddCompanyDialog
          tenantId={tenant.tenantId}
          onClose={async (saved) => {
            setAdding(false);
            if (saved) await Promise.all([load(), reloadCompanies()]);
          }}
        />
      )}
    </div>
  );
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
